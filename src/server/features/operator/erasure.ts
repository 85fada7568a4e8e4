import { and, count, eq, inArray, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { Database, Executor } from '../../db/connect';
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
} from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import { anonymisePerson } from '../privacy/anonymise';
import { isErasureDue } from './policy';

const DAY_MS = 24 * 60 * 60_000;
/** Businesses erased per run at most; the next hourly run takes the rest. */
const ERASURE_BATCH = 20;

export interface ErasureLog {
  warn(object: Record<string, unknown>, message: string): void;
}

/**
 * The retention job's part for closed businesses (decision 0324): once a business has
 * been closed for `retentionDays`, its personal data goes, one business per transaction with its
 * `business_erase` audit row. Safe on several instances: each business row is claimed with
 * FOR UPDATE SKIP LOCKED and marked erased in the same transaction. Returns how many were erased.
 */
export async function eraseClosedBusinesses(
  database: Database,
  clock: Clock,
  retentionDays: number,
  log?: ErasureLog,
): Promise<number> {
  const now = clock.now();
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const due = await database.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(
      and(
        isNotNull(businesses.closedAt),
        isNull(businesses.erasedAt),
        lte(businesses.closedAt, cutoff),
      ),
    )
    .limit(ERASURE_BATCH);
  let erased = 0;
  for (const { id } of due) {
    try {
      if (await eraseOne(database, id, now, retentionDays)) erased += 1;
    } catch (error) {
      // One business that fails must not keep the others' data: it is tried again next hour.
      log?.warn({ err: error, businessId: id }, 'erasure of a closed business failed');
    }
  }
  return erased;
}

async function eraseOne(
  database: Database,
  businessId: string,
  now: Date,
  retentionDays: number,
): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const [business] = await tx
      .select({
        id: businesses.id,
        closedAt: businesses.closedAt,
        erasedAt: businesses.erasedAt,
      })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .for('update', { skipLocked: true });
    // Taken by another instance, or erased meanwhile.
    if (!business || !isErasureDue(business, now, retentionDays)) return false;

    const counts = await erasePersonalData(tx, businessId, now);
    await tx
      .update(businesses)
      .set({ description: null, contactEmail: null, logoUrl: null, erasedAt: now, updatedAt: now })
      .where(eq(businesses.id, businessId));
    // Written last, so it keeps its own facts while every earlier row of the log lost its
    // addresses and details.
    await writeAudit(tx, {
      actor: { profileId: '', businessId, hasProfile: false },
      action: 'business_erase',
      targetType: 'business',
      targetId: businessId,
      payload: { ...counts, retentionDays },
      businessId,
      at: now,
    });
    return true;
  });
}

/**
 * What goes (decision 0324): every staff account is anonymised as in an employee's own deletion
 * (features/privacy), pictures and the branding's texts and images, the guests' messages, reply
 * addresses and the staff's replies, guest analytics, and the addresses, user agents and details
 * of the business's audit rows. What stays, for accounting: every tip with its amount, fee, dates,
 * status and payout reference, the payouts and adjustments, the teams and points (inactive), and
 * the business's name, address and legal details. The platform admin is never anonymised; one
 * who belonged to the business keeps the account without it.
 */
async function erasePersonalData(tx: Executor, businessId: string, now: Date) {
  const withMessage = and(
    eq(tips.businessId, businessId),
    or(isNotNull(tips.guestMessage), isNotNull(tips.feedbackMessage)),
  );
  const [messages] = await tx.select({ n: count() }).from(tips).where(withMessage);
  const staff = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.businessId, businessId), ne(profiles.role, 'admin')));
  // The audit rows' details go below for the whole business at once.
  for (const person of staff) await anonymisePerson(tx, person.id, now, { auditLog: false });
  await tx
    .update(profiles)
    .set({ businessId: null, updatedAt: now })
    .where(and(eq(profiles.businessId, businessId), eq(profiles.role, 'admin')));

  const businessTips = tx.select({ id: tips.id }).from(tips).where(eq(tips.businessId, businessId));
  // Whatever the anonymisation left: pool and team tips, and tips of people gone before.
  await tx.update(tips).set({ guestMessage: null, feedbackMessage: null }).where(withMessage);
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

  return {
    people: staff.length,
    media: images.length,
    messages: messages?.n ?? 0,
  };
}
