import type { RateRule } from './rate-limit';

const TEN_MINUTES = 10 * 60_000;

/**
 * Limits of the guest endpoints per client address. Guests of one hotel often share one public
 * address (the hotel's wifi), so the limits stop scripts, not a busy evening: a guest starts one
 * or two payments, a restaurant sees a few dozen in ten minutes at most.
 */
export const GUEST_RATE_RULES = {
  startPayment: { name: 'guest-payment:ip', limit: 60, windowMs: TEN_MINUTES },
  payLaterLink: { name: 'guest-pay-later:ip', limit: 30, windowMs: TEN_MINUTES },
  trackingEvent: { name: 'guest-event:ip', limit: 600, windowMs: TEN_MINUTES },
} as const satisfies Record<string, RateRule>;
