import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { DEFAULT_CURRENCY } from '../../../../shared/domain/constants';
import type { Executor, Tx } from '../../../db/connect';
import {
  businesses,
  payoutBatches,
  payouts,
  profiles,
  tipAdjustments,
  tipAllocations,
  tips,
} from '../../../db/schema';

export type PayoutRow = typeof payouts.$inferSelect;
export type NewPayout = typeof payouts.$inferInsert;
export type NewPayoutBatch = typeof payoutBatches.$inferInsert;

/**
 * Everything of a business that no payout carries yet (or of one employee): paid direct tips,
 * team shares, and adjustments not yet deducted. With `lock`, the rows are claimed
 * (`FOR UPDATE SKIP LOCKED`): a concurrent claimer skips them.
 */
export async function selectOpenRows(
  tx: Tx,
  businessId: string,
  options: { employeeId?: string | undefined; lock: boolean },
) {
  const { lock } = options;
  const direct = tx
    .select({ id: tips.id, employeeId: tips.employeeId, amountCents: tips.amountCents })
    .from(tips)
    .where(
      and(
        eq(tips.businessId, businessId),
        eq(tips.status, 'pending'),
        isNull(tips.payoutId),
        isNull(tips.reviewReason),
        options.employeeId
          ? eq(tips.employeeId, options.employeeId)
          : sql`${tips.employeeId} IS NOT NULL`,
        eq(tips.currency, DEFAULT_CURRENCY),
      ),
    );
  const shares = tx
    .select({
      id: tipAllocations.id,
      employeeId: tipAllocations.profileId,
      amountCents: tipAllocations.amountCents,
    })
    .from(tipAllocations)
    .innerJoin(tips, eq(tips.id, tipAllocations.tipId))
    .where(
      and(
        eq(tips.businessId, businessId),
        eq(tips.status, 'pending'),
        isNull(tipAllocations.payoutId),
        isNull(tips.reviewReason),
        sql`${tipAllocations.amountCents} > 0`,
        eq(tips.currency, DEFAULT_CURRENCY),
        options.employeeId ? eq(tipAllocations.profileId, options.employeeId) : undefined,
      ),
    );
  const adjustments = tx
    .select({
      id: tipAdjustments.id,
      employeeId: tipAdjustments.profileId,
      kind: tipAdjustments.kind,
      amountCents: tipAdjustments.amountCents,
    })
    .from(tipAdjustments)
    .where(
      and(
        eq(tipAdjustments.businessId, businessId),
        isNull(tipAdjustments.payoutId),
        options.employeeId ? eq(tipAdjustments.profileId, options.employeeId) : undefined,
      ),
    );
  const [directRows, shareRows, adjustmentRows] = lock
    ? [
        await direct.for('update', { skipLocked: true }),
        await shares.for('update', { of: tipAllocations, skipLocked: true }),
        await adjustments.for('update', { skipLocked: true }),
      ]
    : [await direct, await shares, await adjustments];
  return { directRows, shareRows, adjustmentRows };
}

/** Points tips, team shares and adjustments at the payout that carries them. */
export async function attachRowsToPayout(
  tx: Tx,
  payoutId: string,
  rows: { tipIds: string[]; shareIds: string[]; adjustmentIds: string[] },
  now: Date,
): Promise<void> {
  if (rows.tipIds.length > 0) {
    await tx.update(tips).set({ payoutId, updatedAt: now }).where(inArray(tips.id, rows.tipIds));
  }
  if (rows.shareIds.length > 0) {
    await tx
      .update(tipAllocations)
      .set({ payoutId })
      .where(inArray(tipAllocations.id, rows.shareIds));
  }
  if (rows.adjustmentIds.length > 0) {
    await tx
      .update(tipAdjustments)
      .set({ payoutId })
      .where(inArray(tipAdjustments.id, rows.adjustmentIds));
  }
}

/** Locks the business row: batches of one business claim one after the other. */
export async function lockBusinessForBatch(tx: Tx, businessId: string) {
  const [business] = await tx
    .select({
      id: businesses.id,
      schedule: businesses.payoutSchedule,
      active: businesses.active,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for('update');
  return business ?? null;
}

/** The payout accounts of these employees. */
export async function selectPayees(tx: Executor, profileIds: string[]) {
  return tx
    .select({
      profileId: profiles.id,
      name: profiles.fullName,
      email: profiles.email,
      stripeAccountId: profiles.stripeAccountId,
      stripeAccountStatus: profiles.stripeAccountStatus,
      payoutsEnabled: profiles.payoutsEnabled,
    })
    .from(profiles)
    .where(inArray(profiles.id, profileIds));
}

/** The payout account of one employee. */
export async function selectPayee(db: Executor, profileId: string) {
  const [payee] = await db
    .select({
      profileId: profiles.id,
      name: profiles.fullName,
      stripeAccountId: profiles.stripeAccountId,
      stripeAccountStatus: profiles.stripeAccountStatus,
      payoutsEnabled: profiles.payoutsEnabled,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return payee;
}

/** The payout account and business of an employee asking for an instant payout. */
export async function selectInstantPayee(db: Executor, profileId: string) {
  const [payee] = await db
    .select({
      profileId: profiles.id,
      businessId: profiles.businessId,
      stripeAccountId: profiles.stripeAccountId,
      stripeAccountStatus: profiles.stripeAccountStatus,
      payoutsEnabled: profiles.payoutsEnabled,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return payee;
}

export async function insertPayoutBatch(tx: Tx, values: NewPayoutBatch): Promise<string> {
  const [batch] = await tx.insert(payoutBatches).values(values).returning({ id: payoutBatches.id });
  return batch!.id;
}

export async function insertPayout(tx: Tx, values: NewPayout): Promise<PayoutRow> {
  const [payout] = await tx.insert(payouts).values(values).returning();
  return payout!;
}

/** Inserts a payout and answers its id. */
export async function insertPayoutId(tx: Tx, values: NewPayout): Promise<string> {
  const [payout] = await tx.insert(payouts).values(values).returning({ id: payouts.id });
  return payout!.id;
}

/**
 * Locks the next payout to transfer, oldest first: a pending one, or one still 'processing'
 * since before `staleBefore`, of an active business; locked ones are skipped.
 */
export async function lockNextPayout(
  tx: Tx,
  businessId: string | undefined,
  staleBefore: Date,
): Promise<{ id: string } | null> {
  const [candidate] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(
        businessId ? eq(payouts.businessId, businessId) : undefined,
        or(
          eq(payouts.status, 'pending'),
          and(eq(payouts.status, 'processing'), lt(payouts.claimedAt, staleBefore)),
        ),
        // Payouts of a suspended or closed business pause, claimed ones too.
        sql`EXISTS (SELECT 1 FROM ${businesses} WHERE ${businesses.id} = ${payouts.businessId} AND ${businesses.active})`,
      ),
    )
    .orderBy(asc(payouts.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return candidate ?? null;
}

/** Marks the payout 'processing' with a fresh lease and counts the attempt. */
export async function markPayoutProcessing(
  tx: Tx,
  payoutId: string,
  now: Date,
): Promise<PayoutRow | null> {
  const [claimed] = await tx
    .update(payouts)
    .set({ status: 'processing', claimedAt: now, attempts: sql`${payouts.attempts} + 1` })
    .where(eq(payouts.id, payoutId))
    .returning();
  return claimed ?? null;
}

/** Marks a processing payout paid; the paid payout when this call did, else null. */
export async function markPayoutPaid(
  tx: Tx,
  input: { payoutId: string; transferId: string; at: Date },
): Promise<PayoutRow | null> {
  const [paid] = await tx
    .update(payouts)
    .set({
      status: 'paid',
      providerTransferId: input.transferId,
      processedAt: input.at,
      failureReason: null,
    })
    .where(and(eq(payouts.id, input.payoutId), eq(payouts.status, 'processing')))
    .returning();
  return paid ?? null;
}

/** The direct tips a payout carries. */
export async function selectTipIdsOfPayout(
  tx: Executor,
  payoutId: string,
): Promise<Array<{ id: string }>> {
  return tx.select({ id: tips.id }).from(tips).where(eq(tips.payoutId, payoutId));
}

/** The team tips a payout carries a share of. */
export async function selectTeamTipIdsOfPayout(
  tx: Executor,
  payoutId: string,
): Promise<Array<{ id: string }>> {
  return tx
    .selectDistinct({ id: tipAllocations.tipId })
    .from(tipAllocations)
    .where(eq(tipAllocations.payoutId, payoutId));
}

/** How many shares of a team tip no paid payout carries yet. */
export async function countUnpaidShares(tx: Executor, tipId: string): Promise<number> {
  const [open] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tipAllocations)
    .leftJoin(payouts, eq(payouts.id, tipAllocations.payoutId))
    .where(
      and(
        eq(tipAllocations.tipId, tipId),
        sql`${tipAllocations.amountCents} > 0`,
        or(isNull(payouts.id), sql`${payouts.status} <> 'paid'`),
      ),
    );
  return open?.n ?? 0;
}

/** Marks a processing payout failed; the failed payout when this call did, else null. */
export async function markPayoutFailed(
  tx: Tx,
  payoutId: string,
  reason: string,
): Promise<PayoutRow | null> {
  const [failed] = await tx
    .update(payouts)
    .set({ status: 'failed', failureReason: reason })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'processing')))
    .returning();
  return failed ?? null;
}

/** Frees what a payout carried: its tips, shares and adjustments wait for the next batch. */
export async function detachFromPayout(tx: Tx, payoutId: string): Promise<void> {
  await tx.update(tips).set({ payoutId: null }).where(eq(tips.payoutId, payoutId));
  await tx
    .update(tipAllocations)
    .set({ payoutId: null })
    .where(eq(tipAllocations.payoutId, payoutId));
  await tx
    .update(tipAdjustments)
    .set({ payoutId: null })
    .where(eq(tipAdjustments.payoutId, payoutId));
}

export async function setProviderPayoutId(
  tx: Executor,
  payoutId: string,
  providerPayoutId: string,
): Promise<void> {
  await tx.update(payouts).set({ providerPayoutId }).where(eq(payouts.id, payoutId));
}

export async function selectPayoutStatus(db: Executor, payoutId: string) {
  const [row] = await db
    .select({ status: payouts.status })
    .from(payouts)
    .where(eq(payouts.id, payoutId));
  return row ?? null;
}

export async function selectActiveBusinessIds(db: Executor): Promise<Array<{ id: string }>> {
  return db.select({ id: businesses.id }).from(businesses).where(eq(businesses.active, true));
}

/** Locks the business row (as batches do) and says whether it is active. */
export async function lockBusinessActive(tx: Tx, businessId: string) {
  const [business] = await tx
    .select({ active: businesses.active })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for('update');
  return business ?? null;
}

export async function selectPayoutByKey(tx: Executor, key: string): Promise<PayoutRow | null> {
  const [earlier] = await tx.select().from(payouts).where(eq(payouts.idempotencyKey, key));
  return earlier ?? null;
}

export async function selectPayoutOf(
  db: Executor,
  payoutId: string,
  employeeId: string,
): Promise<PayoutRow | null> {
  const [current] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, payoutId), eq(payouts.employeeId, employeeId)));
  return current ?? null;
}
