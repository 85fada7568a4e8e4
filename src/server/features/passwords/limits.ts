import type { RateRule } from '../../http/rate-limit';

const FIFTEEN_MINUTES = 15 * 60_000;

/** Limits of the password endpoints (decisions 0313, 0314), in the shared limiter (0012). */
export const PASSWORD_RATE_RULES = {
  /**
   * 'Passwort ändern': guesses of the current password for one account, like the sign-in's budget
   * per account and address (decision 0200); the right password clears it.
   */
  changePerAccount: { name: 'password-change:account', limit: 5, windowMs: FIFTEEN_MINUTES },
  /** 'Passwort vergessen?' from one network address, across addresses typed in. */
  resetPerIp: { name: 'password-reset:ip', limit: 20, windowMs: FIFTEEN_MINUTES },
  /**
   * Reset mails to one address. Over it nothing more is sent, but the answer stays the same, so it
   * tells nobody whether the address has an account.
   */
  resetMailsPerEmail: { name: 'password-reset:email', limit: 3, windowMs: FIFTEEN_MINUTES },
  /** Uses of set-password links from one network address (checks and saves). */
  linkPerIp: { name: 'password-link:ip', limit: 30, windowMs: FIFTEEN_MINUTES },
} as const satisfies Record<string, RateRule>;
