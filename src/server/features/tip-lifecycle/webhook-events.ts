import type { Tx } from '../../db/connect';
import { recordWebhookEvent } from '../webhooks/outbox';
import type { TipRow } from './queries';

/**
 * A tip as a webhook event carries it (decision 0650): a compact subset of the business API's
 * tip with the same names (GET /api/v1/tips/{id} has the rest: allocations, payout, names), so a
 * receiver can fetch the full object. No names of people: the event is kept like a provider
 * payload, and the API answers with what is current.
 */
export function tipEventData(tip: TipRow, status: 'paid' | 'refunded') {
  const recipient = tip.employeeId
    ? { type: 'person' as const, id: tip.employeeId }
    : tip.teamId
      ? { type: 'team' as const, id: tip.teamId }
      : { type: 'business' as const, id: null };
  return {
    object: 'tip',
    id: tip.id,
    amount: tip.amountCents,
    currency: tip.currency,
    status,
    created: tip.createdAt.toISOString(),
    paid_at: tip.paidAt?.toISOString() ?? null,
    source: tip.tipSource,
    recipient,
    payment_point:
      tip.entrypointId && tip.entrypointUid
        ? { id: tip.entrypointId, uid: tip.entrypointUid }
        : null,
    amount_refunded: tip.refundedCents,
  };
}

/** Writes `tip.paid` or `tip.refunded` to the outbox in the transaction that moved the tip. */
export async function recordTipWebhookEvent(
  tx: Tx,
  type: 'tip.paid' | 'tip.refunded',
  tip: TipRow,
  at: Date,
): Promise<void> {
  await recordWebhookEvent(tx, {
    businessId: tip.businessId,
    type,
    data: tipEventData(tip, type === 'tip.paid' ? 'paid' : 'refunded'),
    now: at,
  });
}
