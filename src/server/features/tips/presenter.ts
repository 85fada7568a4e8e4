import { eq } from 'drizzle-orm';
import type { ThankYouResponse, TipStatusResponse } from '../../../shared/api/tips';
import { DEFAULT_THANK_YOU_MESSAGE } from '../../../shared/domain/constants';
import { classifyPaymentError, type PaymentErrorClass } from '../../../shared/domain/payments';
import type { EntrypointType } from '../../../shared/domain/tips';
import type { Executor } from '../../db/connect';
import {
  branding,
  businesses,
  paymentEntrypoints,
  paymentSessions,
  profiles,
  teams,
} from '../../db/schema';
import { presentBranding } from '../entrypoints/presenter';
import { loadBranding } from '../entrypoints/service';
import { loadDelivery, loadReply } from '../receipts/delivery';
import type { TipRow } from './lifecycle';

export interface TipRecipientView {
  type: EntrypointType;
  displayName: string;
  jobTitle: string | null;
  imageUrl: string | null;
  thankYouMessage: string;
}

/** Who a tip went to, as a guest may see it (no e-mail, no payout account). */
export async function loadTipRecipient(
  executor: Executor,
  tip: TipRow,
): Promise<{ recipient: TipRecipientView; businessName: string; code: string | null }> {
  const [business] = await executor
    .select({ name: businesses.name, thanks: branding.thankYouMessage, logo: branding.logoUrl })
    .from(businesses)
    .leftJoin(branding, eq(branding.businessId, businesses.id))
    .where(eq(businesses.id, tip.businessId));
  const businessName = business?.name ?? '';
  const businessThanks = business?.thanks ?? DEFAULT_THANK_YOU_MESSAGE;
  const [entry] = tip.entrypointId
    ? await executor
        .select({ uid: paymentEntrypoints.uid, label: paymentEntrypoints.label })
        .from(paymentEntrypoints)
        .where(eq(paymentEntrypoints.id, tip.entrypointId))
    : [];
  const code = entry?.uid ?? tip.entrypointUid ?? null;

  if (tip.employeeId) {
    const [person] = await executor
      .select({
        fullName: profiles.fullName,
        jobTitle: profiles.jobTitle,
        imageUrl: profiles.profileImageUrl,
        thankYouMessage: profiles.thankYouMessage,
      })
      .from(profiles)
      .where(eq(profiles.id, tip.employeeId));
    if (person) {
      return {
        recipient: {
          type: 'person',
          displayName: person.fullName ?? entry?.label ?? businessName,
          jobTitle: person.jobTitle,
          imageUrl: person.imageUrl,
          thankYouMessage: person.thankYouMessage,
        },
        businessName,
        code,
      };
    }
  }
  if (tip.teamId) {
    const [team] = await executor
      .select({ name: teams.name, description: teams.description })
      .from(teams)
      .where(eq(teams.id, tip.teamId));
    if (team) {
      return {
        recipient: {
          type: 'team',
          displayName: team.name,
          jobTitle: team.description,
          imageUrl: business?.logo ?? null,
          thankYouMessage: businessThanks,
        },
        businessName,
        code,
      };
    }
  }
  return {
    recipient: {
      type: 'object',
      displayName: entry?.label ?? businessName,
      jobTitle: businessName,
      imageUrl: business?.logo ?? null,
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
export async function presentTipStatus(
  executor: Executor,
  tip: TipRow,
  withMessages: boolean,
): Promise<TipStatusResponse> {
  const { recipient, code } = await loadTipRecipient(executor, tip);
  const [session] = await executor
    .select({ attempt: paymentSessions.attempt })
    .from(paymentSessions)
    .where(eq(paymentSessions.tipId, tip.id))
    .limit(1);
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
    attempt: session?.attempt ?? 1,
  };
}

export async function presentThankYou(
  executor: Executor,
  tip: TipRow,
  withMessages: boolean,
): Promise<ThankYouResponse> {
  const { recipient, businessName, code } = await loadTipRecipient(executor, tip);
  const brandingRow = await loadBranding(executor, tip.businessId);
  // Where the money went and the employee's reply are for the guest who paid (the secret) only.
  const [delivery, reply] = withMessages
    ? await Promise.all([loadDelivery(executor, tip), loadReply(executor, tip.id)])
    : [null, null];
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
    branding: presentBranding(brandingRow, businessName),
    delivery,
    reply,
  };
}
