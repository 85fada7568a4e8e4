import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PayoutSchedule } from '../../../../shared/domain/payouts';
import type { Executor, Tx } from '../../../db/connect';
import {
  businesses,
  payoutBatches,
  payouts,
  profiles,
  teams,
  tipAdjustments,
  tipAllocations,
  tips,
} from '../../../db/schema';

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
  deductions: { amountCents: number; reason: string }[];
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
  const deductions = new Map<string, { amountCents: number; reason: string }[]>();
  if (ids.length > 0) {
    const taken = await db
      .select({
        payoutId: tipAdjustments.payoutId,
        kind: tipAdjustments.kind,
        amountCents: tipAdjustments.amountCents,
        reason: tipAdjustments.reason,
      })
      .from(tipAdjustments)
      .where(inArray(tipAdjustments.payoutId, ids))
      .orderBy(tipAdjustments.createdAt);
    for (const row of taken) {
      const list = deductions.get(row.payoutId!) ?? [];
      // A won dispute is money given back: a negative deduction.
      const cents = row.kind === 'dispute_won' ? -row.amountCents : row.amountCents;
      list.push({ amountCents: cents, reason: row.reason });
      deductions.set(row.payoutId!, list);
    }
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
    deductions: deductions.get(row.payout.id) ?? [],
  }));
}

/** Paid tips of a business held for review (settlement found a mismatch), newest first. */
export async function heldTips(db: Executor, businessId: string) {
  return db
    .select({
      tipId: tips.id,
      amountCents: tips.amountCents,
      currency: tips.currency,
      reason: tips.reviewReason,
      heldAt: tips.reviewAt,
      employeeName: profiles.fullName,
      teamName: teams.name,
    })
    .from(tips)
    .leftJoin(profiles, eq(profiles.id, tips.employeeId))
    .leftJoin(teams, eq(teams.id, tips.teamId))
    .where(and(eq(tips.businessId, businessId), sql`${tips.reviewReason} IS NOT NULL`))
    .orderBy(desc(tips.reviewAt))
    .limit(100);
}

/** When the business's last scheduled batch started, or null. */
export async function lastScheduledBatchAt(db: Executor, businessId: string): Promise<Date | null> {
  const [last] = await db
    .select({ at: sql<Date | string | null>`max(${payoutBatches.createdAt})` })
    .from(payoutBatches)
    .where(and(eq(payoutBatches.businessId, businessId), eq(payoutBatches.trigger, 'schedule')));
  return last?.at ? new Date(last.at) : null;
}

/** The payout account state of an employee. */
export async function selectPayoutAccount(db: Executor, profileId: string) {
  const [profile] = await db
    .select({ status: profiles.stripeAccountStatus, enabled: profiles.payoutsEnabled })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return profile ?? null;
}

/** What onboarding needs of an employee: their e-mail and payout account, if any. */
export async function selectOnboardingProfile(db: Executor, profileId: string) {
  const [profile] = await db
    .select({ email: profiles.email, accountId: profiles.stripeAccountId })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return profile ?? null;
}

/** Records a newly created payout account, pending until the provider enables it. */
export async function setPendingPayoutAccount(
  db: Executor,
  profileId: string,
  accountId: string,
  at: Date,
): Promise<void> {
  await db
    .update(profiles)
    .set({
      stripeAccountId: accountId,
      stripeAccountStatus: 'pending',
      updatedAt: at,
    })
    .where(eq(profiles.id, profileId));
}

/** Applies the provider's view of a payout account to the profile that owns it. */
export async function setPayoutAccountStatus(
  db: Executor,
  accountId: string,
  current: { status: 'pending' | 'enabled' | 'restricted'; payoutsEnabled: boolean },
  at: Date,
): Promise<void> {
  await db
    .update(profiles)
    .set({
      stripeAccountStatus: current.status,
      payoutsEnabled: current.payoutsEnabled,
      updatedAt: at,
    })
    .where(eq(profiles.stripeAccountId, accountId));
}

export async function selectPayoutSchedule(db: Executor, businessId: string) {
  const [business] = await db
    .select({ schedule: businesses.payoutSchedule })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return business ?? null;
}

export async function lockPayoutSchedule(tx: Tx, businessId: string) {
  const [before] = await tx
    .select({ schedule: businesses.payoutSchedule })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for('update');
  return before ?? null;
}

export async function setPayoutSchedule(
  tx: Executor,
  businessId: string,
  schedule: PayoutSchedule,
  at: Date,
): Promise<void> {
  await tx
    .update(businesses)
    .set({ payoutSchedule: schedule, updatedAt: at })
    .where(eq(businesses.id, businessId));
}
