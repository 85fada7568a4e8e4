import type { Tx } from '../../db/connect';
import { recordWebhookEvent } from '../webhooks/outbox';
import type { PayoutRow } from './queries/payouts';

/**
 * A payout as a webhook event carries it (decision 0650): a subset of the business API's payout
 * with the same names (GET /api/v1/payouts/{id} has the rest), without the person's name.
 */
export function payoutEventData(payout: PayoutRow) {
  return {
    object: 'payout',
    id: payout.id,
    amount: payout.amountCents,
    currency: payout.currency,
    status: payout.status,
    method: payout.method,
    created: payout.createdAt.toISOString(),
    processed_at: payout.processedAt?.toISOString() ?? null,
    person: { id: payout.employeeId },
    provider_reference: payout.providerTransferId,
    failure_reason: payout.failureReason,
  };
}

/** Writes `payout.paid` or `payout.failed` in the transaction that settled the payout. */
export async function recordPayoutWebhookEvent(
  tx: Tx,
  type: 'payout.paid' | 'payout.failed',
  payout: PayoutRow,
  at: Date,
): Promise<void> {
  await recordWebhookEvent(tx, {
    businessId: payout.businessId,
    type,
    data: payoutEventData(payout),
    now: at,
  });
}
