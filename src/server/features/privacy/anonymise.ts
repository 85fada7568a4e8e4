import { deleteTwoFactor } from '../two-factor/queries';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { DELETED_PERSON_NAME } from '../../../shared/api/privacy';
import type { Executor } from '../../db/connect';
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
} from '../../db/schema';

/** The address an anonymised account keeps: unique, and never one that receives mail. */
export function deletedPersonEmail(id: string): string {
  return `geloescht-${id}@geloescht.invalid`;
}

/**
 * Anonymises one person inside the caller's transaction (Art. 17 GDPR): the sign-in identity and
 * profile lose name, address, password and payout account, sessions and links end, their payment
 * points and legacy codes stop working, pictures, team memberships, the guests' messages to them
 * and their replies are removed, and the audit rows about them lose their name and address.
 * Tips and team shares stay for the business's accounting, now without a name. Used by an employee deleting their own account and by the erasure of a closed
 * business (features/operator/erasure.ts).
 */
export async function anonymisePerson(
  tx: Executor,
  id: string,
  now: Date,
  options: { auditLog?: boolean } = {},
): Promise<void> {
  const placeholder = deletedPersonEmail(id);
  // The erasure of a whole business empties its audit payloads itself.
  if (options.auditLog !== false) await forgetInAuditLog(tx, id);
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
  // The authenticator secret and recovery codes go with the sign-in identity.
  await deleteTwoFactor(tx, id);
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

/**
 * Audit rows keep the names people knew at the time (decision 0340); a person who has
 * their account deleted leaves them: wherever a row is about them (its target, or `profileId`,
 * `employeeId` or a team member in its payload) the name becomes 'Gelöschte Person' and their
 * address goes. What happened, when and by whom stays. Rows of the person's business only.
 */
async function forgetInAuditLog(tx: Executor, id: string): Promise<void> {
  const [person] = await tx
    .select({ businessId: profiles.businessId })
    .from(profiles)
    .where(eq(profiles.id, id));
  if (!person?.businessId) return;
  const rows = await tx
    .select({
      id: adminAuditLog.id,
      targetType: adminAuditLog.targetType,
      targetId: adminAuditLog.targetId,
      payload: adminAuditLog.payload,
    })
    .from(adminAuditLog)
    .where(
      and(
        eq(adminAuditLog.businessId, person.businessId),
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
  for (const row of rows) {
    const payload = withoutPerson(row.payload, id, row.targetId === id);
    if (payload !== row.payload) {
      await tx.update(adminAuditLog).set({ payload }).where(eq(adminAuditLog.id, row.id));
    }
  }
}

/** The payload with the person's name replaced and address removed; the same object if unchanged. */
function withoutPerson(
  payload: Record<string, unknown>,
  id: string,
  isTarget: boolean,
): Record<string, unknown> {
  const about = isTarget || payload.profileId === id || payload.employeeId === id;
  const next: Record<string, unknown> = { ...payload };
  let changed = false;
  if (about && 'personName' in next) {
    next.personName = DELETED_PERSON_NAME;
    changed = true;
  }
  if (about && isTarget && 'email' in next) {
    delete next.email;
    changed = true;
  }
  if (Array.isArray(next.members)) {
    next.members = next.members.map((member: unknown) => {
      if (typeof member !== 'object' || member === null) return member;
      const entry = member as Record<string, unknown>;
      if (entry.profileId !== id) return member;
      changed = true;
      return { ...entry, personName: DELETED_PERSON_NAME };
    });
  }
  return changed ? next : payload;
}
