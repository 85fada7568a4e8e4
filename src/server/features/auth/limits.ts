import { rateLimitMessage } from '../../../shared/api/auth';
import { ERRORS } from '../../../shared/domain/errors';
import { AppError } from '../../http/errors';
import { combineDecisions, type RateDecision, type RateRule } from '../../http/rate-limit';
import { hashIdentifier } from './tokens';

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * Limits of the sign-in endpoints (docs/decisions/0012-rate-limiting.md). Per address they are
 * generous enough for a whole hotel team signing in behind one router at shift start.
 */
export const AUTH_RATE_RULES = {
  /**
   * Failed sign-ins from one network address, across accounts (a success gives its hit back, issue
   * 30); a request with the account's own device cookie does not count and is never refused by it.
   */
  loginPerIp: { name: 'auth-login:ip', limit: 50, windowMs: FIFTEEN_MINUTES, cacheDenials: true },
  /** Attempts for one account from one address; a successful sign-in clears it. */
  loginPerAccountAddress: { name: 'auth-login:account-ip', limit: 5, windowMs: FIFTEEN_MINUTES },
  /**
   * Attempts for one account from any address without its usual-device cookie: slower and wider,
   * it stops guessing spread over many addresses. Successful sign-ins do not count.
   */
  loginPerAccount: { name: 'auth-login:account', limit: 30, windowMs: 60 * 60_000 },
  /** Attempts for one account from one of its usual devices (signed device cookie). */
  loginPerDevice: { name: 'auth-login:account-device', limit: 10, windowMs: FIFTEEN_MINUTES },
  /**
   * Magic-link requests from one network address: a flood guard only (429), passed by the
   * account's device cookie; generous for a whole team behind one router at shift start.
   */
  magicLinkPerIp: {
    name: 'auth-magic-link:ip',
    limit: 60,
    windowMs: FIFTEEN_MINUTES,
    cacheDenials: true,
  },
  /**
   * Mails with a sign-in link to one address: past it the request gets the same answer
   * and no mail, so requests others make never refuse the owner's own; the last link stays valid.
   */
  magicLinkPerEmail: { name: 'auth-magic-link:email', limit: 3, windowMs: FIFTEEN_MINUTES },
  /**
   * Self-service sign-ups (decision 0325) from one address: a business signs up once, so a few
   * retries are plenty; every sign-up costs a password hash and sends an e-mail.
   */
  signUpPerIp: {
    name: 'auth-sign-up:ip',
    limit: 10,
    windowMs: FIFTEEN_MINUTES,
    cacheDenials: true,
  },
  /** Sign-ups naming one e-mail address: bounds the mails anyone can make us send it. */
  signUpPerEmail: { name: 'auth-sign-up:email', limit: 3, windowMs: FIFTEEN_MINUTES },
} as const satisfies Record<string, RateRule>;

/** A session ends after this long even with constant activity: one long shift. */
export const SESSION_ABSOLUTE_TTL_MS = 12 * 60 * 60_000;

/** The key a budget counts under: the kind and value, keyed by SESSION_SECRET (no address stored). */
export function rateSubject(
  sessionSecret: string,
  kind: 'ip' | 'email' | 'email-ip' | 'device' | 'user',
  value: string,
): string {
  return hashIdentifier(sessionSecret, `${kind}:${value}`);
}

/** Refuses with 429 and when to retry unless every decision allows. */
export function enforceRateDecisions(decisions: RateDecision[]): void {
  const decision = combineDecisions(decisions);
  if (!decision.allowed) {
    throw new AppError(ERRORS.rate_limited, {
      message: rateLimitMessage(decision.retryAfter),
      retryAfter: decision.retryAfter,
    });
  }
}
