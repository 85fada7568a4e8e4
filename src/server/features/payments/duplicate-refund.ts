import type { PaymentProviderName } from '../../../shared/domain/tips';
import { writeAudit } from '../audit/write';
import { publishTipChangesInTransaction, type TipChange } from '../tip-lifecycle/events';
import { markTipRefunded } from '../tip-lifecycle/lifecycle';
import type { PaymentContext } from './context';
import { selectPaidDuplicateTip } from './queries/tips';

/** The idempotency key of a duplicate's refund: one refund per tip, however often we try. */
export const duplicateRefundKey = (tipId: string) => `refund-duplicate-${tipId}`;

/**
 * A tip is paid once (tip-lifecycle/flows.ts): when the provider completes a second checkout of a
 * tip that was paid already — through its pay-later link, a retry, or an attempt completed after
 * we had given it up (decisions 0160, 0164) — that money goes back to the guest at once: the
 * payment is refunded in full (with an idempotency key, so a retry never refunds twice), the tip
 * becomes 'refunded' and the business's audit log records it, in one transaction. Until then the
 * tip is held (no payout carries it). Called whenever a checkout is settled as paid, so a refund
 * the provider refused is tried again on the next settlement of that checkout (webhook retry,
 * status poll). Returns the change, or null when there is nothing to do.
 */
export async function refundDuplicatePayment(
  ctx: PaymentContext,
  input: { tipId: string; provider: PaymentProviderName },
): Promise<TipChange | null> {
  const { db } = ctx.database;
  const tip = await selectPaidDuplicateTip(db, input.tipId);
  if (!tip) return null;

  let refundId: string;
  try {
    ({ refundId } = await ctx.providers.byName(input.provider).refundPayment({
      paymentId: tip.paymentIntentId!,
      idempotencyKey: duplicateRefundKey(tip.id),
      tipId: tip.id,
    }));
  } catch (error) {
    ctx.log.error(
      { err: error, tipId: tip.id, payLaterLinkId: tip.payLaterLinkId },
      'refund of a tip paid twice failed; tried again at its next settlement',
    );
    return null;
  }

  const at = ctx.clock.now();
  const change = await db.transaction(async (tx) => {
    const refunded = await markTipRefunded(tx, { tipId: tip.id, at });
    if (!refunded) return null;
    await writeAudit(tx, {
      actor: { profileId: '', businessId: tip.businessId, hasProfile: false },
      businessId: tip.businessId,
      action: 'payment_refund',
      targetType: 'tip',
      targetId: tip.id,
      payload: {
        reason: tip.payLaterLinkId ? 'pay_later_paid_twice' : 'paid_twice',
        refundId,
        provider: input.provider,
        amountCents: tip.amountCents,
        platformFeeCents: tip.platformFeeCents,
        currency: tip.currency,
        payLaterLinkId: tip.payLaterLinkId,
        paidTipId: tip.duplicateOf,
      },
      at,
    });
    await publishTipChangesInTransaction(tx, ctx.database, [refunded]);
    return refunded;
  });
  if (change) {
    ctx.metrics.tipRefunded(tip.amountCents);
    ctx.log.warn(
      { tipId: tip.id, refundId, payLaterLinkId: tip.payLaterLinkId },
      'tip paid twice: second payment refunded',
    );
  }
  return change;
}
