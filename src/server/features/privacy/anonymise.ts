import { deleteTwoFactor } from '../two-factor/store';
import { and, eq, inArray } from 'drizzle-orm';
import { DELETED_PERSON_NAME } from '../../../shared/api/privacy';
import type { Executor } from '../../db/connect';
import {
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
 * and their replies are removed. Tips and team shares stay for the business's accounting, now
 * without a name. Used by an employee deleting their own account and by the erasure of a closed
 * business (features/operator/erasure.ts).
 */
export async function anonymisePerson(tx: Executor, id: string, now: Date): Promise<void> {
  const placeholder = deletedPersonEmail(id);
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
  await tx.delete(authTokens).where(eq(authTokens.userId, id));
  // The authenticator secret and recovery codes go with the sign-in identity (issue 29).
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
