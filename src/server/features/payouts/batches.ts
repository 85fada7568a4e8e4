import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { PAUSED_PAYOUT_ERRORS } from '../../../shared/api/operator';
import { nobodyWithPayoutAccount, PAYOUT_ERRORS } from '../../../shared/api/payouts';
import { DEFAULT_CURRENCY } from '../../../shared/domain/constants';
import type { PayoutTrigger, SkippedPayee } from '../../../shared/domain/payouts';
import type { PayoutDeps } from './context';
import { noMetrics, type PayoutMetrics } from '../metrics/metrics';
import type { Database, Tx } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import type { Actor } from '../auth/actor';
import { paymentProvidersFor } from '../payments/provider';
import { publishTipChangesInTransaction, type TipChange } from '../tip-lifecycle/events';
import { markTipCompleted } from '../tip-lifecycle/lifecycle';
import { isScheduledBatchDue, PAYOUT_LEASE_MS } from './policy';
import { lastScheduledBatchAt } from './queries/overview';
import {
  attachRowsToPayout,
  countUnpaidShares,
  detachFromPayout,
  insertPayoutBatch,
  insertPayoutId,
  lockBusinessForBatch,
  lockNextPayout,
  markPayoutFailed,
  markPayoutPaid,
  markPayoutProcessing,
  type PayoutRow,
  selectActiveBusinessIds,
  selectOpenRows,
  selectPayee,
  selectPayees,
  selectPayoutStatus,
  selectTeamTipIdsOfPayout,
  selectTipIdsOfPayout,
  setProviderPayoutId,
} from './queries/payouts';
import { recordPayoutWebhookEvent } from './webhook-events';
import {
  createDemoTransfers,
  createStripeTransfers,
  TransferRefusedError,
  type TransferProvider,
} from './transfers';

export type { PayoutRow };

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
  const { directRows, shareRows, adjustmentRows } = await selectOpenRows(tx, businessId, {
    employeeId: options.employeeId,
    lock,
  });

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
  await attachRowsToPayout(tx, payoutId, group, now);
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
    const business = await lockBusinessForBatch(tx, options.businessId);
    if (!business) return null;
    // A suspended or closed business pays nothing out; its money waits.
    if (!business.active) {
      if (options.trigger === 'schedule') return null;
      throw new AppError(PAUSED_PAYOUT_ERRORS.payouts_paused);
    }
    if (options.trigger === 'schedule') {
      const lastAt = await lastScheduledBatchAt(tx, business.id);
      if (!isScheduledBatchDue(business.schedule, lastAt, now)) return null;
    }

    const perEmployee = await collectOpen(tx, business.id);
    if (perEmployee.size === 0) return null;

    const payees = await selectPayees(tx, [...perEmployee.keys()]);

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

    const batchId = await insertPayoutBatch(tx, {
      businessId: business.id,
      trigger: options.trigger,
      requestedBy: options.actor?.hasProfile ? options.actor.profileId : null,
      skipped,
      createdAt: now,
    });
    const payoutIds: string[] = [];
    for (const group of ready) {
      const payoutId = await insertPayoutId(tx, {
        businessId: business.id,
        employeeId: group.employeeId,
        batchId,
        amountCents: group.cents,
        currency: DEFAULT_CURRENCY,
        status: 'pending',
        provider: ctx.transfers.name,
        idempotencyKey: `payout:${batchId}:${group.employeeId}`,
        createdAt: now,
      });
      payoutIds.push(payoutId);
      await attachToPayout(tx, payoutId, group, now);
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
    const candidate = await lockNextPayout(tx, businessId, staleBefore);
    if (!candidate) return null;
    return markPayoutProcessing(tx, candidate.id, now);
  });
}

/** Records a made transfer: the payout is paid, and what it carries is 'Ausgezahlt'. */
async function recordTransfer(
  tx: Tx,
  payout: PayoutRow,
  transferId: string,
  at: Date,
): Promise<{ recorded: boolean; changes: TipChange[] }> {
  const paid = await markPayoutPaid(tx, { payoutId: payout.id, transferId, at });
  if (!paid) return { recorded: false, changes: [] };
  // Once per payout, in the transaction that recorded it (decision 0650).
  await recordPayoutWebhookEvent(tx, 'payout.paid', paid, at);
  const changes: TipChange[] = [];
  const direct = await selectTipIdsOfPayout(tx, payout.id);
  for (const tip of direct) {
    const change = await markTipCompleted(tx, { tipId: tip.id, transferId, at });
    if (change) changes.push(change);
  }
  // A team tip is paid out once every member's share is carried by a paid payout.
  const teamTips = await selectTeamTipIdsOfPayout(tx, payout.id);
  for (const tip of teamTips) {
    if ((await countUnpaidShares(tx, tip.id)) > 0) continue;
    const change = await markTipCompleted(tx, { tipId: tip.id, transferId: null, at });
    if (change) changes.push(change);
  }
  return { recorded: true, changes };
}

/** The provider refused: the payout failed, and its tips wait for the next batch. */
async function recordRefusal(tx: Tx, payout: PayoutRow, reason: string, at: Date): Promise<void> {
  const failed = await markPayoutFailed(tx, payout.id, reason.slice(0, 500));
  if (!failed) return;
  await detachFromPayout(tx, payout.id);
  await recordPayoutWebhookEvent(tx, 'payout.failed', failed, at);
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
  const payee = await selectPayee(ctx.database.db, payout.employeeId);
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
      const at = ctx.clock.now();
      await ctx.database.db.transaction((tx) => recordRefusal(tx, payout, error.message, at));
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
      await setProviderPayoutId(tx, payout.id, providerPayoutId);
    }
    await publishTipChangesInTransaction(tx, ctx.database, record.changes);
    return record;
  });
  // Once per payout: only the run whose guarded update marked it paid (decision 0400).
  if (recorded) ctx.metrics?.payoutTransfer('succeeded', transferCents);
  return changes.length > 0 || (await isPaid(ctx, payout.id));
}

async function isPaid(ctx: PayoutContext, payoutId: string): Promise<boolean> {
  const row = await selectPayoutStatus(ctx.database.db, payoutId);
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
  const active = await selectActiveBusinessIds(ctx.database.db);
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
