/**
 * Tip lifecycle. A tip row exists from the moment a payment session starts.
 * initiated -> pending (paid by the guest, awaiting payout) -> completed (paid out)
 * initiated -> failed | cancelled | expired
 * pending | completed -> refunded
 */
export const TIP_STATUSES = [
  'initiated',
  'pending',
  'completed',
  'failed',
  'cancelled',
  'expired',
  'refunded',
] as const;
export type TipStatus = (typeof TIP_STATUSES)[number];

/** Statuses in which the guest's money has arrived: these count as tips received. */
export const PAID_TIP_STATUSES = ['pending', 'completed'] as const satisfies readonly TipStatus[];

export const TIP_STATUS_LABELS: Partial<Record<TipStatus, string>> = {
  pending: 'Ausstehend',
  completed: 'Ausgezahlt',
};

export const TIP_SOURCES = ['team', 'direct'] as const;
export type TipSource = (typeof TIP_SOURCES)[number];
/** Any value other than 'team' is shown as direct (spec §2). */
export function displayTipSource(value: unknown): TipSource {
  return value === 'team' ? 'team' : 'direct';
}

export const PAYMENT_METHODS = ['stripe', 'apple-pay', 'google-pay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const FEEDBACK_EMOJIS = ['smile', 'clap', 'pray'] as const;
export type FeedbackEmoji = (typeof FEEDBACK_EMOJIS)[number];
export const FEEDBACK_EMOJI_CHARS: Record<FeedbackEmoji, string> = {
  smile: '😊',
  clap: '👏',
  pray: '🙏',
};

export const ENTRYPOINT_TYPES = ['person', 'team', 'object'] as const;
export type EntrypointType = (typeof ENTRYPOINT_TYPES)[number];
export const ENTRYPOINT_TARGET_TYPES = ['user', 'team', 'tenant'] as const;
export type EntrypointTargetType = (typeof ENTRYPOINT_TARGET_TYPES)[number];

export const PAYMENT_PROVIDERS = ['demo', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_SESSION_STATUSES = [
  'open',
  'completed',
  'cancelled',
  'failed',
  'expired',
] as const;
export type PaymentSessionStatus = (typeof PAYMENT_SESSION_STATUSES)[number];

export const PAYOUT_STATUSES = ['pending', 'processing', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const ANALYTICS_EVENTS = [
  'tip_page_loaded',
  'amount_selected',
  'payment_started',
  'payment_success',
  'payment_failed',
  'fee_opted_in',
  'feedback_submitted',
  'feedback_skipped',
  /** A pay-later link paid by a second checkout the provider completed late (it is refunded). */
  'pay_later_paid_twice',
  /** A second paid attempt of a tip already paid (a retry or an attempt completed late). */
  'paid_twice',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];
