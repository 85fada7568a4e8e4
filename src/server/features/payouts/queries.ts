import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { payoutBatches, payouts, profiles, tipAllocations, tips } from '../../db/schema';

export type BatchRow = typeof payoutBatches.$inferSelect & {
  requestedByName: string | null;
  transferCount: number;
  paidCount: number;
  totalCents: number;
};

const totals = {
  transferCount: sql<number>`count(${payouts.id})::int`,
  paidCount: sql<number>`count(${payouts.id}) FILTER (WHERE ${payouts.status} = 'paid')::int`,
  totalCents: sql<number>`coalesce(sum(${payouts.amountCents}) FILTER (WHERE ${payouts.status} <> 'failed'), 0)::int`,
};

/** The batches of a business, newest first, with their totals. */
export async function listBatches(
  db: Executor,
  businessId: string,
  limit = 50,
  batchId?: string,
): Promise<BatchRow[]> {
  const rows = await db
    .select({
      batch: payoutBatches,
      requestedByName: profiles.fullName,
      ...totals,
    })
    .from(payoutBatches)
    .leftJoin(payouts, eq(payouts.batchId, payoutBatches.id))
    .leftJoin(profiles, eq(profiles.id, payoutBatches.requestedBy))
    .where(
      and(
        eq(payoutBatches.businessId, businessId),
        batchId ? eq(payoutBatches.id, batchId) : undefined,
      ),
    )
    .groupBy(payoutBatches.id, profiles.fullName)
    .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row.batch,
    requestedByName: row.requestedByName,
    transferCount: row.transferCount,
    paidCount: row.paidCount,
    totalCents: row.totalCents,
  }));
}

export type TransferRow = typeof payouts.$inferSelect & {
  employeeName: string | null;
  employeeEmail: string;
  tipCount: number;
};

/** The transfers of one batch, with how many tips and team shares each carries. */
export async function batchTransfers(db: Executor, batchId: string): Promise<TransferRow[]> {
  const rows = await db
    .select({ payout: payouts, employeeName: profiles.fullName, employeeEmail: profiles.email })
    .from(payouts)
    .innerJoin(profiles, eq(profiles.id, payouts.employeeId))
    .where(eq(payouts.batchId, batchId))
    .orderBy(profiles.fullName, payouts.id);
  const ids = rows.map((row) => row.payout.id);
  const counts = new Map<string, number>();
  if (ids.length > 0) {
    const [direct, shares] = await Promise.all([
      db
        .select({ payoutId: tips.payoutId, n: sql<number>`count(*)::int` })
        .from(tips)
        .where(inArray(tips.payoutId, ids))
        .groupBy(tips.payoutId),
      db
        .select({ payoutId: tipAllocations.payoutId, n: sql<number>`count(*)::int` })
        .from(tipAllocations)
        .where(inArray(tipAllocations.payoutId, ids))
        .groupBy(tipAllocations.payoutId),
    ]);
    for (const row of [...direct, ...shares]) {
      if (row.payoutId) counts.set(row.payoutId, (counts.get(row.payoutId) ?? 0) + row.n);
    }
  }
  return rows.map((row) => ({
    ...row.payout,
    employeeName: row.employeeName,
    employeeEmail: row.employeeEmail,
    tipCount: counts.get(row.payout.id) ?? 0,
  }));
}
