import type { RateRule } from '../../http/rate-limit';

/**
 * Guest mails per client address (receipts, the feedback dialog's receipt, pay-later links),
 * counted together: a hotel's guests share one address, so this stops a script that uses the
 * server as a mail cannon, not a busy evening (each tip or link allows a few more on its own).
 */
export const GUEST_MAIL_PER_ADDRESS = {
  name: 'guest-mail:ip',
  limit: 20,
  windowMs: 10 * 60_000,
} as const satisfies RateRule;
