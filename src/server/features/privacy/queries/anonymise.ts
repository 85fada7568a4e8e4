import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { DELETED_PERSON_NAME } from '../../../../shared/api/privacy';
import type { Executor } from '../../../db/connect';
import {
  adminAuditLog,
  authSessionEndings,
  authSessions,
  authTokens,
  media,
  paymentEntrypoints,
  profiles,
  qrCodes,
  teamMembers,
  tipReplies,
  tipReplyAddresses,
  tips,
  users,
} from '../../../db/schema';

/**
 * The sign-in identity and profile lose name, address, password and payout account (the address
 * becomes `placeholder`); sessions, their endings and links go.
 */
export async function anonymiseAccount(
  tx: Executor,
  id: string,
  placeholder: string,
  now: Date,
): Promise<void> {
  await tx
    .update(users)
    .set({ email: placeholder, passwordHash: null, disabledAt: now, updatedAt: now })
    .where(eq(users.id, id));
  await tx
    .update(profiles)
    .set({
      fullName: DELETED_PERSON_NAME,
      email: placeholder,
      jobTitle: null,
      profileImageUrl: null,
      stripeAccountId: null,
      payoutsEnabled: false,
      updatedAt: now,
    })
    .where(eq(profiles.id, id));
  await tx.delete(authSessions).where(eq(authSessions.userId, id));
  await tx.delete(authSessionEndings).where(eq(authSessionEndings.userId, id));
  await tx.delete(authTokens).where(eq(authTokens.userId, id));
}

/**
 * The person's pictures and team memberships go, their payment points and legacy codes stop
 * working, the guests' messages to them, their replies and the reply addresses of their tips go.
 */
export async function removePersonTraces(tx: Executor, id: string, now: Date): Promise<void> {
  await tx.delete(media).where(eq(media.ownerUserId, id));
  await tx.delete(teamMembers).where(eq(teamMembers.profileId, id));
  await tx
    .update(paymentEntrypoints)
    .set({
      active: false,
      label: DELETED_PERSON_NAME,
      metadata: { name: DELETED_PERSON_NAME },
      updatedAt: now,
    })
    .where(and(eq(paymentEntrypoints.targetType, 'user'), eq(paymentEntrypoints.targetId, id)));
  await tx.update(qrCodes).set({ isActive: false }).where(eq(qrCodes.employeeId, id));
  await tx
    .update(tips)
    .set({ guestMessage: null, feedbackMessage: null })
    .where(eq(tips.employeeId, id));
  // Their answers to guests go too, and no guest keeps waiting for one (decision 0144).
  await tx.delete(tipReplies).where(eq(tipReplies.employeeId, id));
  await tx
    .delete(tipReplyAddresses)
    .where(
      inArray(
        tipReplyAddresses.tipId,
        tx.select({ id: tips.id }).from(tips).where(eq(tips.employeeId, id)),
      ),
    );
}

export async function selectBusinessIdOf(tx: Executor, id: string): Promise<string | null> {
  const [person] = await tx
    .select({ businessId: profiles.businessId })
    .from(profiles)
    .where(eq(profiles.id, id));
  return person?.businessId ?? null;
}

/**
 * The business's audit rows about a person: its target, or `profileId`, `employeeId` or a team
 * member in its payload.
 */
export async function selectAuditRowsAbout(tx: Executor, businessId: string, id: string) {
  return tx
    .select({
      id: adminAuditLog.id,
      targetType: adminAuditLog.targetType,
      targetId: adminAuditLog.targetId,
      payload: adminAuditLog.payload,
    })
    .from(adminAuditLog)
    .where(
      and(
        eq(adminAuditLog.businessId, businessId),
        or(
          and(
            inArray(adminAuditLog.targetType, ['user', 'profile']),
            eq(adminAuditLog.targetId, id),
          ),
          sql`${adminAuditLog.payload} ->> 'profileId' = ${id}`,
          sql`${adminAuditLog.payload} ->> 'employeeId' = ${id}`,
          sql`${adminAuditLog.payload} -> 'members' @> ${JSON.stringify([{ profileId: id }])}::jsonb`,
        ),
      ),
    );
}

export async function setAuditPayload(
  tx: Executor,
  rowId: string,
  payload: Record<string, unknown>,
): Promise<void> {
  await tx.update(adminAuditLog).set({ payload }).where(eq(adminAuditLog.id, rowId));
}
