import type { FastifyRequest } from 'fastify';
import {
  INSTANT_PAYOUT_ERRORS,
  type InstantPayoutQuote,
  type InstantPayoutResult,
} from '../../../shared/api/instant-payout';
import { PAUSED_PAYOUT_ERRORS } from '../../../shared/api/operator';
import { DEFAULT_CURRENCY } from '../../../shared/domain/constants';
import { instantPayoutFee } from '../../../shared/domain/payouts';
import { AppError } from '../../http/errors';
import { writeAudit } from '../audit/write';
import type { Actor } from '../auth/actor';
import { attachToPayout, collectOpen, type PayoutContext, transferPayout } from './batches';
import {
  insertPayout,
  insertPayoutBatch,
  lockBusinessActive,
  type PayoutRow,
  selectInstantPayee,
  selectPayoutByKey,
  selectPayoutOf,
} from './queries/payouts';

/** The key of one confirmation: the same confirmation sent again finds its first payout. */
export const instantPayoutKey = (profileId: string, requestKey: string) =>
  `instant:${profileId}:${requestKey}`;

/** Why the employee cannot be paid instantly now, or null when they can. */
async function obstacle(ctx: PayoutContext, profileId: string) {
  const payee = await selectInstantPayee(ctx.database.db, profileId);
  if (!payee?.businessId) return { payee, error: INSTANT_PAYOUT_ERRORS.instant_no_business };
  const destination = ctx.transfers.destinationOf(payee);
  if (!destination) return { payee, error: INSTANT_PAYOUT_ERRORS.instant_account_not_ready };
  let supported: boolean;
  try {
    supported = await ctx.transfers.supportsInstant(destination);
  } catch (error) {
    ctx.log.warn({ err: error, profileId }, 'instant payout support could not be read');
    supported = false;
  }
  if (!supported) return { payee, error: INSTANT_PAYOUT_ERRORS.instant_not_supported };
  return { payee, error: null };
}

/** What the employee would get now: their balance, the fee and what reaches their card. */
export async function instantPayoutQuote(
  ctx: PayoutContext,
  profileId: string,
  provider: InstantPayoutQuote['provider'],
): Promise<InstantPayoutQuote> {
  const { payee, error } = await obstacle(ctx, profileId);
  let balanceCents = 0;
  if (payee?.businessId) {
    const open = await ctx.database.db.transaction((tx) =>
      collectOpen(tx, payee.businessId!, { employeeId: profileId, lock: false }),
    );
    balanceCents = Math.max(0, open.get(profileId)?.cents ?? 0);
  }
  const feeCents = instantPayoutFee(balanceCents);
  const netCents = Math.max(0, balanceCents - feeCents);
  const why =
    error ??
    (balanceCents === 0
      ? INSTANT_PAYOUT_ERRORS.instant_nothing_available
      : netCents === 0
        ? INSTANT_PAYOUT_ERRORS.instant_below_fee
        : null);
  return {
    available: why === null,
    reason: why?.message ?? null,
    reasonCode: why?.code ?? null,
    balanceCents,
    feeCents,
    netCents,
    currency: DEFAULT_CURRENCY,
    provider,
  };
}

function present(row: PayoutRow): InstantPayoutResult {
  return {
    payoutId: row.id,
    status: row.status,
    amountCents: row.amountCents,
    feeCents: row.feeCents,
    netCents: row.amountCents - row.feeCents,
    currency: row.currency,
    reference: row.providerTransferId,
    cardPayoutReference: row.providerPayoutId,
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}

/**
 * Pays the employee's balance now. The claim runs under the business row lock that batches
 * take too, and marks what it pays with the new payout, so a batch running at the same time
 * (on any instance) never pays the same tips; a second confirmation at the same time waits for
 * the first and then finds its payout (same key) or nothing left (409). The payout is written
 * as 'processing' with a fresh lease, so no batch picks it up while this request transfers it.
 */
export async function requestInstantPayout(
  ctx: PayoutContext,
  input: {
    actor: Actor;
    balanceCents: number;
    requestKey: string;
    request?: Pick<FastifyRequest, 'ip' | 'headers' | 'server'>;
  },
): Promise<{ created: boolean; result: InstantPayoutResult }> {
  const profileId = input.actor.profileId;
  const key = instantPayoutKey(profileId, input.requestKey);
  const { payee, error } = await obstacle(ctx, profileId);
  if (error) throw new AppError(error);
  const businessId = payee!.businessId!;
  const now = ctx.clock.now();

  const claimed = await ctx.database.db.transaction(async (tx) => {
    const business = await lockBusinessActive(tx, businessId);
    // A suspended or closed business pays nothing out.
    if (!business?.active) throw new AppError(PAUSED_PAYOUT_ERRORS.payouts_paused);
    const earlier = await selectPayoutByKey(tx, key);
    if (earlier) {
      if (earlier.employeeId !== profileId)
        throw new AppError(INSTANT_PAYOUT_ERRORS.instant_refused);
      return { payout: earlier, created: false };
    }
    const open = await collectOpen(tx, businessId, { employeeId: profileId });
    const group = open.get(profileId);
    const balance = Math.max(0, group?.cents ?? 0);
    if (!group || balance === 0)
      throw new AppError(INSTANT_PAYOUT_ERRORS.instant_nothing_available);
    if (balance !== input.balanceCents) {
      throw new AppError(INSTANT_PAYOUT_ERRORS.instant_balance_changed);
    }
    const fee = instantPayoutFee(balance);
    if (fee >= balance) throw new AppError(INSTANT_PAYOUT_ERRORS.instant_below_fee);

    const batchId = await insertPayoutBatch(tx, {
      businessId,
      trigger: 'instant',
      requestedBy: profileId,
      createdAt: now,
    });
    const payout = await insertPayout(tx, {
      businessId,
      employeeId: profileId,
      batchId,
      amountCents: balance,
      feeCents: fee,
      method: 'instant',
      currency: DEFAULT_CURRENCY,
      status: 'processing',
      claimedAt: now,
      attempts: 1,
      provider: ctx.transfers.name,
      idempotencyKey: key,
      createdAt: now,
    });
    await attachToPayout(tx, payout.id, group, now);
    await writeAudit(tx, {
      actor: input.actor,
      action: 'instant_payout_request',
      targetType: 'payout_batch',
      targetId: batchId,
      payload: { payoutId: payout.id, amountCents: balance, feeCents: fee },
      request: input.request,
      businessId,
      at: now,
    });
    return { payout, created: true };
  });

  if (claimed.created) await transferPayout(ctx, claimed.payout);
  const current = await selectPayoutOf(ctx.database.db, claimed.payout.id, profileId);
  if (claimed.created) {
    const status = current?.status;
    ctx.metrics?.instantPayout(
      status === 'paid' ? 'succeeded' : status === 'failed' ? 'failed' : 'retry',
      claimed.payout.amountCents,
    );
  }
  if (current?.status === 'failed') throw new AppError(INSTANT_PAYOUT_ERRORS.instant_refused);
  return { created: claimed.created, result: present(current ?? claimed.payout) };
}
