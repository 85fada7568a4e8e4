import type { ThankYouResponse, TipStatusResponse } from '../../../shared/api/tips';
import { classifyPaymentError, type PaymentErrorClass } from '../../../shared/domain/payments';
import { presentBranding } from '../payment-points/guest-presenter';
import type { Delivery, Reply } from '../receipts/delivery';
import { presentTipRecipient } from '../tip-lifecycle/recipient';
import type { TipRow } from '../tip-lifecycle/lifecycle';
import type { TipRecipientFacts } from '../tip-lifecycle/queries';

/** The class the tip page shows for a payment that ended without money moving. */
export function errorClassOf(
  tip: Pick<TipRow, 'status' | 'failureReason'>,
): PaymentErrorClass | null {
  switch (tip.status) {
    case 'cancelled':
      return 'payment_cancelled';
    case 'expired':
      return 'session_expired';
    case 'failed':
      return classifyPaymentError({ code: tip.failureReason ?? 'failed' });
    default:
      return null;
  }
}

/**
 * `withMessages`: the caller proved it is the paying browser (the tip's secret); anyone else who
 * knows only the tip id sees no message (finding 7).
 */
export function presentTipStatus(
  tip: TipRow,
  facts: TipRecipientFacts,
  withMessages: boolean,
): TipStatusResponse {
  const { recipient, code } = presentTipRecipient(facts, tip);
  return {
    tipId: tip.id,
    code,
    status: tip.status,
    errorClass: errorClassOf(tip),
    amountCents: tip.amountCents,
    platformFeeCents: tip.platformFeeCents,
    totalCents: tip.amountCents + tip.platformFeeCents,
    currency: tip.currency,
    guestMessage: withMessages ? tip.guestMessage : null,
    recipientName: recipient.displayName,
    attempt: facts.attempt ?? 1,
  };
}

/** `delivery` and `reply` are loaded only for the guest who paid (the tip's secret). */
export function presentThankYou(
  tip: TipRow,
  facts: TipRecipientFacts,
  withMessages: boolean,
  extras: { delivery: Delivery | null; reply: Reply | null },
): ThankYouResponse {
  const { recipient, businessName, code } = presentTipRecipient(facts, tip);
  const { delivery, reply } = extras;
  return {
    tipId: tip.id,
    shortId: tip.id.slice(0, 8),
    code,
    status: tip.status,
    amountCents: tip.amountCents,
    platformFeeCents: tip.platformFeeCents,
    totalCents: tip.amountCents + tip.platformFeeCents,
    currency: tip.currency,
    guestMessage: withMessages ? tip.guestMessage : null,
    feedbackEmoji: withMessages ? tip.feedbackEmoji : null,
    feedbackMessage: withMessages ? tip.feedbackMessage : null,
    recipient,
    businessName,
    paidAt: tip.paidAt ? tip.paidAt.toISOString() : null,
    branding: presentBranding(facts.branding, businessName),
    delivery,
    reply,
  };
}
