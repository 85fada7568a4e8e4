import {
  PAYMENT_MAX_RETRIES,
  PAYMENT_RETRY_BASE_DELAY_MS,
  PAYMENT_RETRY_MAX_DELAY_MS,
} from './constants';

/** The guest payment error classes of spec §8, in the order the table checks them. */
export const PAYMENT_ERROR_CLASSES = [
  'invalid_qr',
  'stripe_not_connected',
  'session_expired',
  'business_deactivated',
  'payment_cancelled',
  'payment_failed',
  'payment_timeout',
  'network_error',
  'unknown',
] as const;
export type PaymentErrorClass = (typeof PAYMENT_ERROR_CLASSES)[number];

/** Classes that switch the tip page to its error step; every other class opens the dialog. */
export const ERROR_STEP_CLASSES: readonly PaymentErrorClass[] = [
  'payment_cancelled',
  'payment_failed',
  'payment_timeout',
];

/** Whether the dialog of a class offers 'Erneut versuchen' (spec §8: only these two). */
export const DIALOG_RETRY_CLASSES: readonly PaymentErrorClass[] = [
  'stripe_not_connected',
  'network_error',
];

/**
 * Why a payment did not go through, as the server stores it in `failure_reason`. The demo
 * provider's simulated failures use the spec's three class names.
 */
export const PAYMENT_FAILURE_REASONS = [
  'card_declined',
  'stripe_not_connected',
  'session_expired',
  'network_error',
  'provider_unavailable',
] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

/** Server error codes and failure reasons that name their class directly. */
const CLASS_BY_CODE: Record<string, PaymentErrorClass> = {
  code_not_found: 'invalid_qr',
  code_inactive: 'invalid_qr',
  qr_code_invalid: 'invalid_qr',
  recipient_not_found: 'invalid_qr',
  payment_unavailable: 'stripe_not_connected',
  stripe_not_connected: 'stripe_not_connected',
  provider_unavailable: 'stripe_not_connected',
  session_expired: 'session_expired',
  expired: 'session_expired',
  business_deactivated: 'business_deactivated',
  cancelled: 'payment_cancelled',
  card_declined: 'payment_failed',
  failed: 'payment_failed',
  payment_timeout: 'payment_timeout',
  network_error: 'network_error',
  internal: 'unknown',
};

/** The spec's rule: the first class whose words appear in the message. */
const CLASS_BY_MESSAGE: readonly [PaymentErrorClass, readonly string[]][] = [
  ['invalid_qr', ['qr', 'not found']],
  ['stripe_not_connected', ['stripe', 'payment']],
  ['session_expired', ['session', 'expired']],
  ['business_deactivated', ['deactivated', 'disabled']],
  ['payment_cancelled', ['cancelled', 'aborted']],
  ['payment_failed', ['payment_intent', 'charge_failed']],
  ['payment_timeout', ['timeout']],
];

/**
 * Classifies a payment problem: by the stable code the server sent when there is one, else by
 * the words in the message as the spec describes, defaulting to a network error.
 */
export function classifyPaymentError(problem: {
  code?: string | null;
  message?: string | null;
}): PaymentErrorClass {
  const byCode = problem.code ? CLASS_BY_CODE[problem.code] : undefined;
  if (byCode) return byCode;
  const text = (problem.message ?? '').toLowerCase();
  // 'payment' alone is too common in our own messages to mean "provider not connected" when
  // a more specific word is present, so the specific classes are checked first.
  for (const [errorClass, words] of CLASS_BY_MESSAGE) {
    if (errorClass === 'stripe_not_connected') continue;
    if (words.some((word) => text.includes(word))) return errorClass;
  }
  if (CLASS_BY_MESSAGE[1]![1].some((word) => text.includes(word))) return 'stripe_not_connected';
  return 'network_error';
}

/**
 * Waiting time before retry number `retry` (1-based): 1 s, doubling, capped at 5 s (spec §9).
 */
export function paymentRetryDelayMs(retry: number): number {
  const exponent = Math.max(0, retry - 1);
  return Math.min(PAYMENT_RETRY_BASE_DELAY_MS * 2 ** exponent, PAYMENT_RETRY_MAX_DELAY_MS);
}

/** Attempt 1 is the first payment; at most PAYMENT_MAX_RETRIES more follow it. */
export const MAX_PAYMENT_ATTEMPTS = 1 + PAYMENT_MAX_RETRIES;
