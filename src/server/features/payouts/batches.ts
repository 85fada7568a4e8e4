import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { PAUSED_PAYOUT_ERRORS } from '../../../shared/api/operator';
import { nobodyWithPayoutAccount, PAYOUT_ERRORS } from '../../../shared/api/payouts';
import { DEFAULT_CURRENCY } from '../../../shared/domain/constants';
import type { PayoutTrigger, SkippedPayee } from '../../../shared/domain/payouts';
import type { PayoutDeps } from './context';
import { noMetrics, type PayoutMetrics } from '../metrics/metrics';
import type { Database, Tx } from '../../db/connect';
import {
  businesses,
  payoutBatches,
  payouts,
  profiles,
  tipAdjustments,
  tipAllocations,
  tips,
} from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import type { Actor } from '../auth/actor';
import { paymentProvidersFor } from '../payments/provider';
import { publishTipChangesInTransaction, type TipChange } from '../tip-lifecycle/events';
import { markTipCompleted } from '../tip-lifecycle/lifecycle';
import { isScheduledBatchDue, PAYOUT_LEASE_MS } from './policy';
import {
  createDemoTransfers,
  createStripeTransfers,
  TransferRefusedError,
  type TransferProvider,
} from './transfers';

type PayoutRow = typeof payouts.$inferSelect;

/** What the payout job and routes need. `hooks` lets tests inject a crash. */
export interface PayoutContext {
  database: Database;
  clock: Clock;
  transfers: TransferProvider;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
  /** Batch, transfer and instant payout outcomes (decision 0400). */
  metrics?: PayoutMetrics;
  hooks?: {
    /** Runs after the provider made a transfer and before the database records it. */
    afterTransfer?: (payout: PayoutRow, transferId: string) => Promise<void> | void;
  };
}

const transferCache = new WeakMap<PayoutDeps, TransferProvider>();

/** The transfer provider of an instance: Stripe when payments run on Stripe, else the demo. */
export function transfersFor(deps: PayoutDeps): TransferProvider {
  let provider = transferCache.get(deps);
  if (!provider) {
    const stripe = paymentProvidersFor(deps).stripe?.client;
    provider =
      deps.config.paymentProvider === 'stripe' && stripe
        ? createStripeTransfers(stripe)
        : createDemoTransfers(deps.database);
    transferCache.set(deps, provider);
  }
  return provider;
}

export function payoutContext(deps: PayoutDeps, log: PayoutContext['log']): PayoutContext {
  return {
    database: deps.database,
    clock: deps.clock,
    transfers: transfersFor(deps),
    log,
    metrics: deps.metrics ?? noMetrics,
  };
}

export interface BatchOptions {
  businessId: string;
  trigger: PayoutTrigger;
  /** The owner or admin who pressed the button (manual batches). */
  actor?: Actor;
  request?: Pick<FastifyRequest, 'ip' | 'headers' | 'server'>;
}

export interface PayeeSum {
  /** Tips and shares minus refunds and disputes not yet deducted. */
  cents: number;
  tipIds: string[];
  shareIds: string[];
  adjustmentIds: string[];
}

/**
 * Everything of a business that no payout carries yet, per employee (or for one employee): paid
 * tips and team shares, minus refunds and disputes not yet deducted, plus disputes won back.
 * With `lock`, the rows are claimed (`FOR UPDATE SKIP LOCKED`): a concurrent claimer skips them.
 */
export async function collectOpen(
  tx: Tx,
  businessId: string,
  options: { employeeId?: string; lock?: boolean } = {},
): Promise<Map<string, PayeeSum>> {
  const lock = options.lock ?? true;
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
  // Refunds and disputes not yet deducted: after a payout they are a negative balance.
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

  const perEmployee = new Map<string, PayeeSum>();
  const entry = (employeeId: string) => {
    let found = perEmployee.get(employeeId);
    if (!found) {
      found = { cents: 0, tipIds: [], shareIds: [], adjustmentIds: [] };
      perEmployee.set(employeeId, found);
    }
    return found;
  };
  for (const tip of directRows) {
    const group = entry(tip.employeeId!);
    group.cents += tip.amountCents;
    group.tipIds.push(tip.id);
  }
  for (const share of shareRows) {
    const group = entry(share.employeeId);
    group.cents += share.amountCents;
    group.shareIds.push(share.id);
  }
  // A won dispute is money owed to the employee even without new tips.
  for (const credit of adjustmentRows.filter((row) => row.kind === 'dispute_won')) {
    const group = entry(credit.employeeId);
    group.cents += credit.amountCents;
    group.adjustmentIds.push(credit.id);
  }
  for (const deduction of adjustmentRows.filter((row) => row.kind !== 'dispute_won')) {
    // Only against money being paid now; a balance without new tips waits for them.
    const group = perEmployee.get(deduction.employeeId);
    if (!group) continue;
    group.cents -= deduction.amountCents;
    group.adjustmentIds.push(deduction.id);
  }
  return perEmployee;
}

/** Points what a payee's sum was made of at the payout that carries it. */
export async function attachToPayout(
  tx: Tx,
  payoutId: string,
  group: PayeeSum,
  now: Date,
): Promise<void> {
  if (group.tipIds.length > 0) {
    await tx.update(tips).set({ payoutId, updatedAt: now }).where(inArray(tips.id, group.tipIds));
  }
  if (group.shareIds.length > 0) {
    await tx
      .update(tipAllocations)
      .set({ payoutId })
      .where(inArray(tipAllocations.id, group.shareIds));
  }
  if (group.adjustmentIds.length > 0) {
    await tx
      .update(tipAdjustments)
      .set({ payoutId })
      .where(inArray(tipAdjustments.id, group.adjustmentIds));
  }
}

interface Claimed {
  batchId: string;
  payoutIds: string[];
}

/** Nothing was claimed; `skipped` people had money but no payout account. */
interface NothingClaimed {
  batchId: null;
  skipped: number;
}

/**
 * Step 1, one short transaction: lock the business row (batches of one business claim one after
 * the other, on any instance), collect every paid tip and team share that no payout carries yet
 * (`FOR UPDATE SKIP LOCKED`), and write one pending payout per employee with a ready account,
 * pointing the tips and shares at it. Employees without a ready account are reported, their
 * money stays for the next batch.
 */
async function claimBatch(
  ctx: PayoutContext,
  options: BatchOptions,
): Promise<Claimed | NothingClaimed | null> {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const [business] = await tx
      .select({
        id: businesses.id,
        schedule: businesses.payoutSchedule,
        active: businesses.active,
      })
      .from(businesses)
      .where(eq(businesses.id, options.businessId))
      .for('update');
    if (!business) return null;
    // A suspended or closed business pays nothing out; its money waits.
    if (!business.active) {
      if (options.trigger === 'schedule') return null;
      throw new AppError(PAUSED_PAYOUT_ERRORS.payouts_paused);
    }
    if (options.trigger === 'schedule') {
      const [last] = await tx
        .select({ at: sql<Date | string | null>`max(${payoutBatches.createdAt})` })
        .from(payoutBatches)
        .where(
          and(eq(payoutBatches.businessId, business.id), eq(payoutBatches.trigger, 'schedule')),
        );
      const lastAt = last?.at ? new Date(last.at) : null;
      if (!isScheduledBatchDue(business.schedule, lastAt, now)) return null;
    }

    const perEmployee = await collectOpen(tx, business.id);
    if (perEmployee.size === 0) return null;

    const payees = await tx
      .select({
        profileId: profiles.id,
        name: profiles.fullName,
        email: profiles.email,
        stripeAccountId: profiles.stripeAccountId,
        stripeAccountStatus: profiles.stripeAccountStatus,
        payoutsEnabled: profiles.payoutsEnabled,
      })
      .from(profiles)
      .where(inArray(profiles.id, [...perEmployee.keys()]));

    const ready: (PayeeSum & { employeeId: string })[] = [];
    const skipped: SkippedPayee[] = [];
    for (const payee of payees) {
      const group = perEmployee.get(payee.profileId)!;
      // Refunds after a payout exceed the new tips: the balance stays negative, nothing is claimed.
      if (group.cents <= 0) continue;
      if (ctx.transfers.destinationOf(payee) === null) {
        skipped.push({
          employeeId: payee.profileId,
          name: payee.name ?? payee.email,
          amountCents: group.cents,
        });
      } else {
        ready.push({ employeeId: payee.profileId, ...group });
      }
    }
    if (ready.length === 0) return { batchId: null, skipped: skipped.length };

    const [batch] = await tx
      .insert(payoutBatches)
      .values({
        businessId: business.id,
        trigger: options.trigger,
        requestedBy: options.actor?.hasProfile ? options.actor.profileId : null,
        skipped,
        createdAt: now,
      })
      .returning({ id: payoutBatches.id });
    const batchId = batch!.id;
    const payoutIds: string[] = [];
    for (const group of ready) {
      const [payout] = await tx
        .insert(payouts)
        .values({
          businessId: business.id,
          employeeId: group.employeeId,
          batchId,
          amountCents: group.cents,
          currency: DEFAULT_CURRENCY,
          status: 'pending',
          provider: ctx.transfers.name,
          idempotencyKey: `payout:${batchId}:${group.employeeId}`,
          createdAt: now,
        })
        .returning({ id: payouts.id });
      payoutIds.push(payout!.id);
      await attachToPayout(tx, payout!.id, group, now);
    }
    if (options.actor) {
      await writeAudit(tx, {
        actor: options.actor,
        action: 'payout_batch_run',
        targetType: 'payout_batch',
        targetId: batchId,
        payload: {
          transfers: ready.length,
          totalCents: ready.reduce((sum, group) => sum + group.cents, 0),
          skipped: skipped.length,
        },
        request: options.request,
        businessId: business.id,
        at: now,
      });
    }
    return { batchId, payoutIds };
  });
}

/**
 * Claims the next payout to transfer: a pending one, or one whose caller crashed mid-transfer
 * (still 'processing' after the lease). Several instances never take the same row.
 */
async function claimNextPayout(
  ctx: PayoutContext,
  businessId: string | undefined,
): Promise<PayoutRow | null> {
  const now = ctx.clock.now();
  const staleBefore = new Date(now.getTime() - PAYOUT_LEASE_MS);
  return ctx.database.db.transaction(async (tx) => {
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
    if (!candidate) return null;
    const [claimed] = await tx
      .update(payouts)
      .set({ status: 'processing', claimedAt: now, attempts: sql`${payouts.attempts} + 1` })
      .where(eq(payouts.id, candidate.id))
      .returning();
    return claimed ?? null;
  });
}

/** Records a made transfer: the payout is paid, and what it carries is 'Ausgezahlt'. */
async function recordTransfer(
  tx: Tx,
  payout: PayoutRow,
  transferId: string,
  at: Date,
): Promise<{ recorded: boolean; changes: TipChange[] }> {
  const [paid] = await tx
    .update(payouts)
    .set({ status: 'paid', providerTransferId: transferId, processedAt: at, failureReason: null })
    .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'processing')))
    .returning({ id: payouts.id });
  if (!paid) return { recorded: false, changes: [] };
  const changes: TipChange[] = [];
  const direct = await tx.select({ id: tips.id }).from(tips).where(eq(tips.payoutId, payout.id));
  for (const tip of direct) {
    const change = await markTipCompleted(tx, { tipId: tip.id, transferId, at });
    if (change) changes.push(change);
  }
  // A team tip is paid out once every member's share is carried by a paid payout.
  const teamTips = await tx
    .selectDistinct({ id: tipAllocations.tipId })
    .from(tipAllocations)
    .where(eq(tipAllocations.payoutId, payout.id));
  for (const tip of teamTips) {
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(tipAllocations)
      .leftJoin(payouts, eq(payouts.id, tipAllocations.payoutId))
      .where(
        and(
          eq(tipAllocations.tipId, tip.id),
          sql`${tipAllocations.amountCents} > 0`,
          or(isNull(payouts.id), sql`${payouts.status} <> 'paid'`),
        ),
      );
    if ((open?.n ?? 0) > 0) continue;
    const change = await markTipCompleted(tx, { tipId: tip.id, transferId: null, at });
    if (change) changes.push(change);
  }
  return { recorded: true, changes };
}

/** The provider refused: the payout failed, and its tips wait for the next batch. */
async function recordRefusal(tx: Tx, payout: PayoutRow, reason: string): Promise<void> {
  const [failed] = await tx
    .update(payouts)
    .set({ status: 'failed', failureReason: reason.slice(0, 500) })
    .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'processing')))
    .returning({ id: payouts.id });
  if (!failed) return;
  await tx.update(tips).set({ payoutId: null }).where(eq(tips.payoutId, payout.id));
  await tx
    .update(tipAllocations)
    .set({ payoutId: null })
    .where(eq(tipAllocations.payoutId, payout.id));
  await tx
    .update(tipAdjustments)
    .set({ payoutId: null })
    .where(eq(tipAdjustments.payoutId, payout.id));
}

/**
 * Step 2, per payout: claim it, ask the provider for the transfer with the payout's idempotency
 * key, then record it. A crash between the transfer and the record leaves the payout in
 * 'processing'; after the lease any instance retries it with the same key, and the provider
 * answers with the first transfer instead of making a second one.
 */
export async function processOpenPayouts(ctx: PayoutContext, businessId?: string): Promise<number> {
  let done = 0;
  for (;;) {
    const payout = await claimNextPayout(ctx, businessId);
    if (!payout) return done;
    if (await transferPayout(ctx, payout)) done += 1;
  }
}

/**
 * Makes the transfer of one claimed payout (status 'processing') and records it; an instant
 * payout then asks the provider to pay the transferred money out to the employee's card at once.
 * Returns whether the payout is now paid.
 */
export async function transferPayout(ctx: PayoutContext, payout: PayoutRow): Promise<boolean> {
  const [payee] = await ctx.database.db
    .select({
      profileId: profiles.id,
      name: profiles.fullName,
      stripeAccountId: profiles.stripeAccountId,
      stripeAccountStatus: profiles.stripeAccountStatus,
      payoutsEnabled: profiles.payoutsEnabled,
    })
    .from(profiles)
    .where(eq(profiles.id, payout.employeeId));
  const destination = payee ? ctx.transfers.destinationOf(payee) : null;
  // The instant fee stays with the platform, which the provider charges for the instant payout.
  const transferCents = payout.amountCents - payout.feeCents;
  let transferId: string;
  try {
    if (!destination) throw new TransferRefusedError('payout account not ready');
    const transfer = await ctx.transfers.createTransfer({
      destination,
      amountCents: transferCents,
      currency: payout.currency,
      idempotencyKey: payout.idempotencyKey,
      transferGroup: `payout_batch_${payout.batchId}`,
      description: `Trinkgeld-Auszahlung an ${payee?.name ?? 'Mitarbeiter'}`,
      metadata: {
        payout_id: payout.id,
        batch_id: payout.batchId,
        employee_id: payout.employeeId,
      },
    });
    transferId = transfer.id;
  } catch (error) {
    if (error instanceof TransferRefusedError) {
      ctx.log.warn({ err: error, payoutId: payout.id }, 'payout refused by the provider');
      await ctx.database.db.transaction((tx) => recordRefusal(tx, payout, error.message));
      ctx.metrics?.payoutTransfer('failed', transferCents);
    } else {
      // Left in 'processing': retried with the same key after the lease.
      ctx.log.warn({ err: error, payoutId: payout.id }, 'payout transfer failed; will retry');
      ctx.metrics?.payoutTransfer('retry', transferCents);
    }
    return false;
  }
  await ctx.hooks?.afterTransfer?.(payout, transferId);
  let providerPayoutId: string | null = null;
  if (payout.method === 'instant' && destination) {
    try {
      ({ id: providerPayoutId } = await ctx.transfers.createInstantPayout({
        account: destination,
        amountCents: transferCents,
        currency: payout.currency,
        idempotencyKey: `${payout.idempotencyKey}:instant`,
        metadata: { payout_id: payout.id, employee_id: payout.employeeId },
      }));
    } catch (error) {
      // The money is on the employee's account already; it reaches them on the account's own
      // schedule. The transfer is recorded either way, so nothing is paid twice.
      ctx.log.warn({ err: error, payoutId: payout.id }, 'instant payout to the card failed');
    }
  }
  const at = ctx.clock.now();
  const { recorded, changes } = await ctx.database.db.transaction(async (tx) => {
    const record = await recordTransfer(tx, payout, transferId, at);
    if (providerPayoutId) {
      await tx.update(payouts).set({ providerPayoutId }).where(eq(payouts.id, payout.id));
    }
    await publishTipChangesInTransaction(tx, ctx.database, record.changes);
    return record;
  });
  // Once per payout: only the run whose guarded update marked it paid (decision 0400).
  if (recorded) ctx.metrics?.payoutTransfer('succeeded', transferCents);
  return changes.length > 0 || (await isPaid(ctx, payout.id));
}

async function isPaid(ctx: PayoutContext, payoutId: string): Promise<boolean> {
  const [row] = await ctx.database.db
    .select({ status: payouts.status })
    .from(payouts)
    .where(eq(payouts.id, payoutId));
  return row?.status === 'paid';
}

/**
 * One payout batch for one business: claim (step 1), then transfer every open payout of the
 * business, including ones an earlier run left behind (step 2). Returns the new batch's id, or
 * null when there was nothing to claim (or a scheduled batch was not due).
 */
export async function runPayoutBatch(
  ctx: PayoutContext,
  options: BatchOptions,
): Promise<string | null> {
  return (await runBatch(ctx, options)).batchId;
}

/** The batch's id (null: nothing claimed) and how many were left out for want of an account. */
async function runBatch(
  ctx: PayoutContext,
  options: BatchOptions,
): Promise<{ batchId: string | null; skipped: number }> {
  let claimed: Awaited<ReturnType<typeof claimBatch>>;
  try {
    claimed = await claimBatch(ctx, options);
  } catch (error) {
    ctx.metrics?.payoutBatch('failed');
    throw error;
  }
  ctx.metrics?.payoutBatch(claimed?.batchId ? 'succeeded' : 'skipped');
  await processOpenPayouts(ctx, options.businessId);
  if (!claimed) return { batchId: null, skipped: 0 };
  return claimed.batchId === null
    ? { batchId: null, skipped: claimed.skipped }
    : { batchId: claimed.batchId, skipped: 0 };
}

/**
 * A batch an owner or admin started; nothing to pay out is a 409, and nothing is written. When
 * everybody with money lacks a payout account, the refusal says how many (decision 0477).
 */
export async function runManualPayoutBatch(
  ctx: PayoutContext,
  options: Omit<BatchOptions, 'trigger'>,
): Promise<string> {
  const { batchId, skipped } = await runBatch(ctx, { ...options, trigger: 'manual' });
  if (batchId) return batchId;
  throw new AppError(
    PAYOUT_ERRORS.nothing_to_pay_out,
    skipped > 0 ? { message: nobodyWithPayoutAccount(skipped) } : {},
  );
}

/**
 * The scheduled job: a batch for every active business whose schedule is due, then any payout
 * still open anywhere (recovery after a crash). Safe on several instances at once.
 */
export async function runScheduledPayouts(
  ctx: PayoutContext,
  /** Shutdown: asked before each business, so a stop waits for one batch, never for all. */
  shouldStop: () => boolean = () => false,
): Promise<number> {
  const active = await ctx.database.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.active, true));
  let batches = 0;
  for (const business of active) {
    // The businesses not reached are due on the next run, on this or another instance.
    if (shouldStop()) break;
    try {
      const batchId = await runPayoutBatch(ctx, { businessId: business.id, trigger: 'schedule' });
      if (batchId) batches += 1;
    } catch (error) {
      ctx.log.warn({ err: error, businessId: business.id }, 'payout batch failed');
    }
  }
  await processOpenPayouts(ctx);
  return batches;
}
