import type { RateRule } from '../../http/rate-limit';

/**
 * Receipts per client address: a hotel's guests share one address, so this stops a script that
 * uses the server as a mail cannon, not a busy evening (each tip allows a few more on its own).
 */
export const RECEIPT_RATE_RULES = {
  perAddress: { name: 'guest-receipt:ip', limit: 20, windowMs: 10 * 60_000 },
} as const satisfies Record<string, RateRule>;
