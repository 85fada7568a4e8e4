import { and, count, eq, inArray, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/connect';
import {
  adminAuditLog,
  analyticsEvents,
  branding,
  businesses,
  media,
  paymentEntrypoints,
  profiles,
  staffInvitationNotices,
  tipReplies,
  tipReplyAddresses,
  tips,
} from '../../../db/schema';

/** Businesses closed on or before `cutoff` whose data is not erased yet, at most `limit`. */
export async function selectBusinessesToErase(
  db: Executor,
  cutoff: Date,
  limit: number,
): Promise<Array<{ id: string }>> {
  return db
    .select({ id: businesses.id })
    .from(businesses)
    .where(
      and(
        isNotNull(businesses.closedAt),
        isNull(businesses.erasedAt),
        lte(businesses.closedAt, cutoff),
      ),
    )
    .limit(limit);
}

/** Claims a business for its erasure (`FOR UPDATE SKIP LOCKED`): null when another holds it. */
export async function claimBusinessForErasure(tx: Tx, businessId: string) {
  const [business] = await tx
    .select({
      id: businesses.id,
      closedAt: businesses.closedAt,
      erasedAt: businesses.erasedAt,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for('update', { skipLocked: true });
  return business ?? null;
}

/** Clears the business's own personal columns and marks it erased. */
export async function markBusinessErased(tx: Tx, businessId: string, now: Date): Promise<void> {
  await tx
    .update(businesses)
    .set({ description: null, contactEmail: null, logoUrl: null, erasedAt: now, updatedAt: now })
    .where(eq(businesses.id, businessId));
}

const withMessage = (businessId: string) =>
  and(
    eq(tips.businessId, businessId),
    or(isNotNull(tips.guestMessage), isNotNull(tips.feedbackMessage)),
  );

/** How many tips of the business carry a guest's message or feedback. */
export async function countTipsWithMessage(tx: Executor, businessId: string): Promise<number> {
  const [messages] = await tx.select({ n: count() }).from(tips).where(withMessage(businessId));
  return messages?.n ?? 0;
}

/** The business's staff: everyone but the platform admin. */
export async function selectStaffIds(
  tx: Executor,
  businessId: string,
): Promise<Array<{ id: string }>> {
  return tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.businessId, businessId), ne(profiles.role, 'admin')));
}

/** A platform admin who belonged to the business keeps the account without it. */
export async function detachAdmins(tx: Executor, businessId: string, now: Date): Promise<void> {
  await tx
    .update(profiles)
    .set({ businessId: null, updatedAt: now })
    .where(and(eq(profiles.businessId, businessId), eq(profiles.role, 'admin')));
}

/**
 * Erases what the business keeps beyond its people: the guests' messages, reply addresses and
 * replies, guest analytics, pending invitation notices, pictures, branding texts and images, the
 * points (inactive) and the audit rows' addresses and details. Answers how many pictures went.
 */
export async function eraseBusinessRecords(
  tx: Executor,
  businessId: string,
  now: Date,
): Promise<number> {
  const businessTips = tx.select({ id: tips.id }).from(tips).where(eq(tips.businessId, businessId));
  // Whatever the anonymisation left: pool and team tips, and tips of people gone before.
  await tx
    .update(tips)
    .set({ guestMessage: null, feedbackMessage: null })
    .where(withMessage(businessId));
  await tx.delete(tipReplies).where(eq(tipReplies.businessId, businessId));
  await tx.delete(tipReplyAddresses).where(inArray(tipReplyAddresses.tipId, businessTips));
  await tx.delete(analyticsEvents).where(eq(analyticsEvents.businessId, businessId));
  // Pending invitations of addresses that belong to accounts elsewhere (decision 0343).
  await tx.delete(staffInvitationNotices).where(eq(staffInvitationNotices.businessId, businessId));

  const images = await tx
    .delete(media)
    .where(eq(media.businessId, businessId))
    .returning({ id: media.id });
  await tx
    .update(branding)
    .set({
      logoUrl: null,
      backgroundImageUrl: null,
      thankYouMessage: null,
      companyName: null,
      updatedBy: null,
      updatedAt: now,
    })
    .where(eq(branding.businessId, businessId));
  await tx
    .update(paymentEntrypoints)
    .set({ active: false, updatedAt: now })
    .where(and(eq(paymentEntrypoints.businessId, businessId), eq(paymentEntrypoints.active, true)));
  await tx
    .update(adminAuditLog)
    .set({ ipAddress: null, userAgent: null, payload: {} })
    .where(eq(adminAuditLog.businessId, businessId));
  return images.length;
}
