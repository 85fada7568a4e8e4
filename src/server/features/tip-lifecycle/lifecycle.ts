import type { PaymentSessionStatus } from '../../../shared/domain/tips';
import type { Executor, Tx } from '../../db/connect';
import { recordAnalyticsEvent } from '../analytics/service';
import { allocatePaidTip } from '../shifts/routing';
import type { TipChange } from './events';
import { claimFlowPayment } from './flows';
import { statusesBefore } from './policy';
import {
  completePaymentSession,
  endOpenPaymentSession,
  markTipDuplicate,
  moveTipStatus,
  selectAllocatedProfileIds,
  type TipRow,
} from './queries';
import { recordTipWebhookEvent } from './webhook-events';

export type { TipRow };

/** The review reason of a payment that arrived twice for one tip (it is refunded). */
export const DUPLICATE_PAYMENT_REVIEW =
  'Doppelt bezahlt: Dieses Trinkgeld war bereits bezahlt, die Zahlung geht an den Gast zurück.';

/**
 * Every tip status move is one guarded UPDATE: it changes the row only when the current status
 * may move to the new one (policy.ts), and returns null otherwise. Callers publish the returned
 * change after their transaction commits.
 */

function changeOf(tip: TipRow, employeeIds: string[]): TipChange {
  return {
    tipId: tip.id,
    status: tip.status,
    employeeIds,
    teamId: tip.teamId,
    businessId: tip.businessId,
  };
}

/** A change of the tip (feedback, a reply) for everyone who sees it, to publish as it is. */
export async function tipChangeFor(executor: Executor, tip: TipRow): Promise<TipChange> {
  return changeOf(tip, await tipAudience(executor, tip));
}

/** Who should see a tip: the direct employee, or everyone with an allocation of it. */
export async function tipAudience(executor: Executor, tip: TipRow): Promise<string[]> {
  if (tip.employeeId) return [tip.employeeId];
  return selectAllocatedProfileIds(executor, tip.id);
}

/** The guest's money arrived: initiated (or given up on our side) -> pending, exactly once. */
export async function markTipPaid(
  tx: Tx,
  input: { tipId: string; paymentId: string | null; at: Date },
): Promise<TipChange | null> {
  const tip = await moveTipStatus(tx, input.tipId, statusesBefore('pending'), {
    status: 'pending',
    paidAt: input.at,
    failureReason: null,
    updatedAt: input.at,
    ...(input.paymentId ? { paymentIntentId: input.paymentId } : {}),
  });
  if (!tip) return null;
  const duplicateOf = await claimFlowPayment(tx, tip, input.at);
  if (duplicateOf) await holdDuplicate(tx, tip, duplicateOf, input.at);
  // Team, shift and object routing (decision 0122); a person's tip needs no allocation.
  await allocatePaidTip(tx, tip, input.at);
  await recordAnalyticsEvent(tx, {
    name: 'payment_success',
    businessId: tip.businessId,
    entrypointUid: tip.entrypointUid,
    tipId: tip.id,
    properties: {
      amount_cents: tip.amountCents,
      fee_covered: tip.platformFeeCovered,
      method: tip.paymentMethod,
    },
    at: input.at,
  });
  // The business's endpoints that want it hear of it (decision 0650), once: only the call that
  // moved the tip gets here, however often the provider reports the payment.
  await recordTipWebhookEvent(tx, 'tip.paid', tip, input.at);
  return changeOf(tip, await tipAudience(tx, tip));
}

/**
 * A second payment of a tip that was paid already (its flow's pay-later link, a retry, or an
 * attempt the provider completed after we had given it up): held, so no payout ever carries it,
 * and reported; right after this transaction its money goes back in full
 * (payments/duplicate-refund.ts).
 */
async function holdDuplicate(tx: Tx, tip: TipRow, paidTipId: string, at: Date): Promise<void> {
  await markTipDuplicate(tx, {
    tipId: tip.id,
    paidTipId,
    reviewReason: DUPLICATE_PAYMENT_REVIEW,
    at,
  });
  await recordAnalyticsEvent(tx, {
    name: tip.payLaterLinkId ? 'pay_later_paid_twice' : 'paid_twice',
    businessId: tip.businessId,
    entrypointUid: tip.entrypointUid,
    tipId: tip.id,
    properties: { amount_cents: tip.amountCents },
    at,
  });
}

/** A payment that did not go through: initiated -> failed | cancelled | expired. */
export async function markTipEnded(
  tx: Tx,
  input: { tipId: string; status: 'failed' | 'cancelled' | 'expired'; reason: string; at: Date },
): Promise<TipChange | null> {
  const tip = await moveTipStatus(tx, input.tipId, statusesBefore(input.status), {
    status: input.status,
    failureReason: input.reason,
    updatedAt: input.at,
  });
  return tip ? changeOf(tip, await tipAudience(tx, tip)) : null;
}

/**
 * Paid out to the employee (payout batches): pending -> completed with the transfer. A team tip
 * has one transfer per member (on their payouts), so it passes null.
 */
export async function markTipCompleted(
  tx: Tx,
  input: { tipId: string; transferId: string | null; at: Date },
): Promise<TipChange | null> {
  const tip = await moveTipStatus(tx, input.tipId, statusesBefore('completed'), {
    status: 'completed',
    stripeTransferId: input.transferId,
    processedAt: input.at,
    updatedAt: input.at,
  });
  return tip ? changeOf(tip, await tipAudience(tx, tip)) : null;
}

/** The money went back to the guest: pending | completed -> refunded. */
export async function markTipRefunded(
  tx: Tx,
  input: { tipId: string; at: Date },
): Promise<TipChange | null> {
  const tip = await moveTipStatus(tx, input.tipId, statusesBefore('refunded'), {
    status: 'refunded',
    updatedAt: input.at,
  });
  if (!tip) return null;
  await recordTipWebhookEvent(tx, 'tip.refunded', tip, input.at);
  return changeOf(tip, await tipAudience(tx, tip));
}

/**
 * Ends a payment session. Leaving 'open' happens once; 'completed' (paid) wins over any other
 * ending because the money is real.
 */
export async function endPaymentSession(
  tx: Tx,
  input: {
    sessionId: string;
    status: Exclude<PaymentSessionStatus, 'open'>;
    reason?: string;
    at: Date;
  },
): Promise<boolean> {
  if (input.status === 'completed') {
    return completePaymentSession(tx, input.sessionId, input.at);
  }
  return endOpenPaymentSession(tx, {
    sessionId: input.sessionId,
    status: input.status,
    reason: input.reason ?? null,
    at: input.at,
  });
}
