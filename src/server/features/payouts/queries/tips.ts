import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/connect';
import { tipAdjustments, tipAllocations, tips } from '../../../db/schema';

export type TipRow = typeof tips.$inferSelect;
export type TipAdjustmentRow = typeof tipAdjustments.$inferSelect;
export type NewTipAdjustment = typeof tipAdjustments.$inferInsert;

/** The tips a provider payment paid. */
export async function selectTipIdsOfPayment(tx: Tx, paymentIntentId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: tips.id })
    .from(tips)
    .where(eq(tips.paymentIntentId, paymentIntentId));
  return rows.map((row) => row.id);
}

/** Locks a tip of the business held for review. */
export async function lockHeldTip(
  tx: Tx,
  businessId: string,
  tipId: string,
): Promise<TipRow | null> {
  const [tip] = await tx
    .select()
    .from(tips)
    .where(and(eq(tips.id, tipId), eq(tips.businessId, businessId), isNotNull(tips.reviewReason)))
    .for('update');
  return tip ?? null;
}

/** The tip is no longer held for review. */
export async function clearReview(tx: Tx, tipId: string, at: Date): Promise<void> {
  await tx
    .update(tips)
    .set({ reviewReason: null, reviewAt: null, updatedAt: at })
    .where(eq(tips.id, tipId));
}

/** A pending tip of the business held for review. */
export async function selectHeldPendingTip(
  db: Executor,
  businessId: string,
  tipId: string,
): Promise<TipRow | null> {
  const [held] = await db
    .select()
    .from(tips)
    .where(
      and(
        eq(tips.id, tipId),
        eq(tips.businessId, businessId),
        isNotNull(tips.reviewReason),
        eq(tips.status, 'pending'),
      ),
    );
  return held ?? null;
}

export async function lockTip(tx: Tx, tipId: string): Promise<TipRow | null> {
  const [tip] = await tx.select().from(tips).where(eq(tips.id, tipId)).for('update');
  return tip ?? null;
}

export async function setRefundedCents(
  tx: Tx,
  tipId: string,
  refundedCents: number,
  at: Date,
): Promise<void> {
  await tx.update(tips).set({ refundedCents, updatedAt: at }).where(eq(tips.id, tipId));
}

/** The team shares of a tip. */
export async function selectAllocationsOfTip(tx: Tx, tipId: string) {
  return tx
    .select({
      id: tipAllocations.id,
      profileId: tipAllocations.profileId,
      amountCents: tipAllocations.amountCents,
      payoutId: tipAllocations.payoutId,
    })
    .from(tipAllocations)
    .where(eq(tipAllocations.tipId, tipId));
}

/** Deletes the adjustments of a tip no payout carries yet. */
export async function deleteOpenAdjustments(tx: Tx, tipId: string): Promise<void> {
  await tx
    .delete(tipAdjustments)
    .where(and(eq(tipAdjustments.tipId, tipId), isNull(tipAdjustments.payoutId)));
}

/** Inserts adjustments, skipping any stored already; answers how many were new. */
export async function insertAdjustments(tx: Tx, rows: NewTipAdjustment[]): Promise<number> {
  const inserted = await tx
    .insert(tipAdjustments)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: tipAdjustments.id });
  return inserted.length;
}

/** The deductions of one dispute of a tip. */
export async function selectDisputeDeductions(
  tx: Tx,
  tipId: string,
  providerRef: string,
): Promise<TipAdjustmentRow[]> {
  return tx
    .select()
    .from(tipAdjustments)
    .where(
      and(
        eq(tipAdjustments.tipId, tipId),
        eq(tipAdjustments.kind, 'dispute'),
        eq(tipAdjustments.providerRef, providerRef),
      ),
    );
}
