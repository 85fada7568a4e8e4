import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { HELD_TIP_ERRORS } from '../../../shared/api/held-tips';
import type { Tx } from '../../db/connect';
import { AppError } from '../../http/errors';
import { writeAudit } from '../audit/write';
import type { Actor } from '../auth/actor';
import { paymentProvidersFor } from '../payments/provider';
import { publishTipChangesInTransaction } from '../tip-lifecycle/events';
import { markTipRefunded } from '../tip-lifecycle/lifecycle';
import type { PayoutDeps } from './context';
import { clearReview, lockHeldTip, selectHeldPendingTip } from './queries/tips';

interface Decision {
  businessId: string;
  tipId: string;
  actor: Actor;
  request: Pick<FastifyRequest, 'ip' | 'headers' | 'server'>;
  at: Date;
}

async function lockHeld(tx: Tx, businessId: string, tipId: string) {
  const tip = await lockHeldTip(tx, businessId, tipId);
  if (!tip || tip.status !== 'pending') throw new AppError(HELD_TIP_ERRORS.held_tip_not_found);
  return tip;
}

/** The tip is no longer held: it counts for payouts again (or leaves them as refunded). */
async function endReview(tx: Tx, tipId: string, at: Date): Promise<void> {
  await clearReview(tx, tipId, at);
}

/** The owner checked the payment and lets the tip go into the next payout. */
export async function releaseHeldTip(
  deps: Pick<PayoutDeps, 'database'>,
  input: Decision,
): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const tip = await lockHeld(tx, input.businessId, input.tipId);
    // A second payment of one tip is never paid out; it goes back to the guest.
    if (tip.duplicateOf) throw new AppError(HELD_TIP_ERRORS.held_tip_duplicate);
    await endReview(tx, tip.id, input.at);
    await writeAudit(tx, {
      actor: input.actor,
      action: 'held_tip_release',
      targetType: 'tip',
      targetId: tip.id,
      payload: { reason: tip.reviewReason, amountCents: tip.amountCents, currency: tip.currency },
      request: input.request,
      businessId: input.businessId,
      at: input.at,
    });
  });
}

/**
 * The owner gives the guest's money back: a full refund at the provider (one per tip, whatever
 * how often it is pressed: the idempotency key), then the tip is 'refunded' and leaves payouts.
 */
export async function refundHeldTip(
  deps: PayoutDeps,
  input: Decision & { log: Pick<FastifyBaseLogger, 'warn'> },
): Promise<void> {
  const { database } = deps;
  const providers = paymentProvidersFor(deps);
  const held = await selectHeldPendingTip(database.db, input.businessId, input.tipId);
  if (!held?.paymentIntentId) throw new AppError(HELD_TIP_ERRORS.held_tip_not_found);
  let refundId: string;
  try {
    ({ refundId } = await providers.byName(held.paymentProvider ?? 'demo').refundPayment({
      paymentId: held.paymentIntentId,
      idempotencyKey: `refund-held-${held.id}`,
      tipId: held.id,
    }));
  } catch (error) {
    input.log.warn({ err: error, tipId: held.id }, 'refund of a held tip failed');
    throw new AppError(HELD_TIP_ERRORS.held_tip_refund_failed, { cause: error });
  }
  const refunded = await database.db.transaction(async (tx) => {
    const tip = await lockHeld(tx, input.businessId, input.tipId);
    const refunded = await markTipRefunded(tx, { tipId: tip.id, at: input.at });
    await endReview(tx, tip.id, input.at);
    await writeAudit(tx, {
      actor: input.actor,
      action: 'payment_refund',
      targetType: 'tip',
      targetId: tip.id,
      payload: {
        reason: 'held_for_review',
        review: tip.reviewReason,
        refundId,
        provider: tip.paymentProvider,
        amountCents: tip.amountCents,
        platformFeeCents: tip.platformFeeCents,
        currency: tip.currency,
      },
      request: input.request,
      businessId: input.businessId,
      at: input.at,
    });
    if (refunded) await publishTipChangesInTransaction(tx, database, [refunded]);
    return refunded;
  });
  // Counted once: only the press whose guarded move refunded the tip (decision 0400).
  if (refunded) deps.metrics?.tipRefunded(held.amountCents);
}
