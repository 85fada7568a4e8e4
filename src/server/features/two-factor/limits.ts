import type { RateRule } from '../../http/rate-limit';

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * Limits of second-factor codes (decision 0317), like the password's (decision 0200): counted
 * before a code is checked, so parallel guesses get no more tries than sequential ones. On top,
 * each sign-in challenge dies after TWO_FACTOR_CHALLENGE_MAX_FAILURES wrong codes.
 */
export const TWO_FACTOR_RATE_RULES = {
  /** Every code sent from one network address, across accounts (sign-in and settings). */
  codePerIp: { name: 'two-factor:ip', limit: 50, windowMs: FIFTEEN_MINUTES, cacheDenials: true },
  /**
   * Codes for one account from anywhere; a right code gives its hit back, so only failures add
   * up. With ±1 step three of a million codes are right: ten guesses per quarter hour make a
   * lucky guess a matter of decades, and each one needs the password or the link first.
   */
  codePerAccount: { name: 'two-factor:account', limit: 10, windowMs: FIFTEEN_MINUTES },
} as const satisfies Record<string, RateRule>;
