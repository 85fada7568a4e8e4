import type { ThankYouResponse, TipStatusResponse } from '../../../shared/api/tips';
import { DEFAULT_THANK_YOU_MESSAGE } from '../../../shared/domain/constants';
import { classifyPaymentError, type PaymentErrorClass } from '../../../shared/domain/payments';
import type { EntrypointType } from '../../../shared/domain/tips';
import { presentBranding } from '../entrypoints/presenter';
import { firstName, type Delivery, type Reply } from '../receipts/delivery';
import type { TipRow } from './lifecycle';
import type { TipRecipientFacts } from './queries';

export interface TipRecipientView {
  type: EntrypointType;
  displayName: string;
  jobTitle: string | null;
  imageUrl: string | null;
  thankYouMessage: string;
}

/** Who a tip went to, as a guest may see it (no e-mail, no payout account). */
export function presentTipRecipient(
  facts: TipRecipientFacts,
  tip: Pick<TipRow, 'entrypointUid'>,
): { recipient: TipRecipientView; businessName: string; code: string | null } {
  const { businessName, entrypoint, person, team } = facts;
  const businessThanks = facts.branding?.thankYouMessage ?? DEFAULT_THANK_YOU_MESSAGE;
  const logo = facts.branding?.logoUrl ?? null;
  const code = entrypoint?.uid ?? tip.entrypointUid ?? null;
  if (person) {
    return {
      recipient: {
        type: 'person',
        displayName: person.fullName ?? entrypoint?.label ?? businessName,
        jobTitle: person.jobTitle,
        imageUrl: person.imageUrl,
        thankYouMessage: person.thankYouMessage,
      },
      businessName,
      code,
    };
  }
  // An object point's tip that went to the one person on shift there names that person, as the
  // page said before paying (issue 46 item 10); the point's label is where, not who.
  if (entrypoint?.type === 'object' && facts.soleSharer) {
    return {
      recipient: {
        type: 'object',
        displayName: firstName(facts.soleSharer) ?? facts.soleSharer,
        jobTitle: businessName,
        imageUrl: logo,
        thankYouMessage: businessThanks,
      },
      businessName,
      code,
    };
  }
  if (team) {
    return {
      recipient: {
        type: 'team',
        displayName: team.name,
        jobTitle: team.description,
        imageUrl: logo,
        thankYouMessage: businessThanks,
      },
      businessName,
      code,
    };
  }
  // Split among several without a team, or waiting in the pool: the business receives it.
  return {
    recipient: {
      type: 'object',
      displayName: businessName,
      jobTitle: businessName,
      imageUrl: logo,
      thankYouMessage: businessThanks,
    },
    businessName,
    code,
  };
}

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
