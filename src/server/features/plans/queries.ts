import { and, asc, count, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import {
  billingCheckouts,
  billingEvents,
  businesses,
  businessPlans,
  paymentEntrypoints,
  profiles,
  users,
} from '../../db/schema';

export type PlanRow = typeof businessPlans.$inferSelect;

/** The business's plan row; none for a business that never left Basis. */
export async function readPlanRow(db: Executor, businessId: string): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(businessPlans)
    .where(eq(businessPlans.businessId, businessId));
  return row ?? null;
}

/**
 * The business's plan row, locked for a change (made first if missing), so two owners' clicks
 * (trial and cancel, say) are decided one after the other.
 */
export async function lockPlanRow(tx: Executor, businessId: string): Promise<PlanRow> {
  await tx.insert(businessPlans).values({ businessId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(businessPlans)
    .where(eq(businessPlans.businessId, businessId))
    .for('update');
  return row!;
}

export type PlanChange = Partial<Omit<PlanRow, 'businessId' | 'createdAt'>> & { updatedAt: Date };

export async function updatePlanRow(tx: Executor, businessId: string, change: PlanChange) {
  await tx.update(businessPlans).set(change).where(eq(businessPlans.businessId, businessId));
}

/** Team, object and business points of the business (a person's own point is not counted). */
export async function countSharedPoints(db: Executor, businessId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentEntrypoints)
    .where(
      and(eq(paymentEntrypoints.businessId, businessId), ne(paymentEntrypoints.type, 'person')),
    );
  return row?.n ?? 0;
}

export async function businessNameOf(db: Executor, businessId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: businesses.name })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row?.name ?? null;
}

/** Stores a provider event; false when its id was stored before (a repeat). */
export async function insertBillingEvent(
  tx: Executor,
  event: typeof billingEvents.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(billingEvents)
    .values(event)
    .onConflictDoNothing({ target: billingEvents.id })
    .returning({ id: billingEvents.id });
  return rows.length > 0;
}

export async function insertBillingCheckout(
  db: Executor,
  checkout: typeof billingCheckouts.$inferInsert,
): Promise<void> {
  await db.insert(billingCheckouts).values(checkout);
}

/** A checkout of this business; none for another business's id. */
export async function readBillingCheckout(db: Executor, businessId: string, id: string) {
  const [row] = await db
    .select()
    .from(billingCheckouts)
    .where(and(eq(billingCheckouts.id, id), eq(billingCheckouts.businessId, businessId)));
  return row ?? null;
}

/** Closes an open checkout once (a second click finds it closed and changes nothing). */
export async function completeBillingCheckout(
  tx: Executor,
  businessId: string,
  id: string,
  change: { status: 'completed' | 'cancelled'; decidedAt: Date },
) {
  const [row] = await tx
    .update(billingCheckouts)
    .set(change)
    .where(
      and(
        eq(billingCheckouts.id, id),
        eq(billingCheckouts.businessId, businessId),
        eq(billingCheckouts.status, 'open'),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The business's active owners (not disabled), with the language their e-mails are written in;
 * by address. They hear about its plan, and the operator's notices go to them too.
 */
export async function activePlanOwners(db: Executor, businessId: string) {
  return db
    .select({ email: users.email, staffLanguage: profiles.staffLanguage })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(
      and(
        eq(profiles.businessId, businessId),
        eq(profiles.role, 'business_owner'),
        isNull(users.disabledAt),
      ),
    )
    .orderBy(asc(users.email));
}

/** Which dunning mail the job sends: the reminder, or the one that says Pro has ended. */
export type DunningMailKind = 'reminder' | 'ended';

/**
 * The conditions under which a dunning mail is due at `now` (decision 0610, amendment): the row
 * is still past due, its mail not claimed yet, and its run old enough — the reminder from
 * `reminderAfter` until the grace period's end, the downgrade mail from the grace period's end
 * (while no operator's grant keeps Pro).
 */
function dunningMailDue(
  kind: DunningMailKind,
  now: Date,
  cutoffs: { reminderBefore: Date; graceBefore: Date },
) {
  const pastDue = eq(businessPlans.status, 'past_due');
  if (kind === 'reminder') {
    return and(
      pastDue,
      isNull(businessPlans.dunningReminderSentAt),
      lte(businessPlans.pastDueSince, cutoffs.reminderBefore),
      gt(businessPlans.pastDueSince, cutoffs.graceBefore),
    );
  }
  return and(
    pastDue,
    isNull(businessPlans.dunningEndedMailSentAt),
    lte(businessPlans.pastDueSince, cutoffs.graceBefore),
    or(isNull(businessPlans.grantedUntil), lte(businessPlans.grantedUntil, now)),
  );
}

export interface DunningCutoffs {
  /** A run that started at or before this is a week old: the reminder is due. */
  reminderBefore: Date;
  /** A run that started at or before this has used up its grace period. */
  graceBefore: Date;
}

/** Businesses whose dunning mail of `kind` is due (at most `limit`, the oldest runs first). */
export async function dueDunningMails(
  db: Executor,
  kind: DunningMailKind,
  now: Date,
  cutoffs: DunningCutoffs,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ businessId: businessPlans.businessId })
    .from(businessPlans)
    .where(dunningMailDue(kind, now, cutoffs))
    .orderBy(asc(businessPlans.pastDueSince))
    .limit(limit);
  return rows.map((row) => row.businessId);
}

/**
 * Claims one business's dunning mail of `kind`: marks it sent if it is still due and nobody
 * claimed it, and returns the run's start; null when another instance (or a recovery, or the
 * subscription's end) came first. Call it in the transaction that queues the mail.
 */
export async function claimDunningMail(
  tx: Executor,
  businessId: string,
  kind: DunningMailKind,
  now: Date,
  cutoffs: DunningCutoffs,
): Promise<{ pastDueSince: Date } | null> {
  const [row] = await tx
    .update(businessPlans)
    .set(kind === 'reminder' ? { dunningReminderSentAt: now } : { dunningEndedMailSentAt: now })
    .where(and(eq(businessPlans.businessId, businessId), dunningMailDue(kind, now, cutoffs)))
    .returning({ pastDueSince: businessPlans.pastDueSince });
  return row?.pastDueSince ? { pastDueSince: row.pastDueSince } : null;
}
