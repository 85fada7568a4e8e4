/**
 * Two-factor sign-in vocabulary shared by browser and server, without schemas (the login page
 * and the session layer stay free of the validation library). Decisions 0315–0319.
 */

/** Digits of an authenticator code (RFC 6238 as every common app uses it). */
export const TOTP_DIGITS = 6;
/** Seconds one code is valid (its time step). */
export const TOTP_PERIOD_SECONDS = 30;
/** Steps before and after now that are still accepted, for a phone clock that is a little off. */
export const TOTP_DRIFT_STEPS = 1;

/** How many recovery codes a person gets, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** From this many unused codes on, the person is told to make new ones. */
export const RECOVERY_CODES_LOW = 3;
/**
 * Crockford's base32 in lower case: no i, l, o or u, so nothing reads like something else; a
 * typed i or l counts as 1 and an o as 0. Ten characters carry 50 random bits.
 */
export const RECOVERY_CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const RECOVERY_CODE_LENGTH = 10;

/** A sign-in challenge (password or link right, code still missing) lives this long. */
export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60_000;
/** Wrong codes one challenge takes before it is spent. */
export const TWO_FACTOR_CHALLENGE_MAX_FAILURES = 5;

/** Where a person turns two-factor sign-in on (and the only page of a setup-only session). */
export const TWO_FACTOR_SETUP_PATH = '/employee/account';

/** What a typed second factor is: an authenticator code or a recovery code, normalised. */
export type SecondFactorCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string };

/**
 * Reads what a person typed as second factor. Spaces and dashes are ignored (apps show
 * "123 456", recovery codes are printed "abcde-fghjk"); null when it is neither.
 */
export function readSecondFactorCode(input: string): SecondFactorCode | null {
  const compact = input.replace(/[\s-]/g, '').toLowerCase();
  if (new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(compact)) return { kind: 'totp', code: compact };
  const recovery = normalizeRecoveryCode(compact);
  return recovery ? { kind: 'recovery', code: recovery } : null;
}

/** A recovery code in its one stored spelling (lower case, no dash), or null if malformed. */
export function normalizeRecoveryCode(input: string): string | null {
  const compact = input
    .replace(/[\s-]/g, '')
    .toLowerCase()
    .replace(/[il]/g, '1')
    .replace(/o/g, '0');
  if (compact.length !== RECOVERY_CODE_LENGTH) return null;
  for (const char of compact) if (!RECOVERY_CODE_ALPHABET.includes(char)) return null;
  return compact;
}

/** "abcde-fghjk": how a recovery code is shown, in two halves that are easy to read out. */
export function formatRecoveryCode(normalized: string): string {
  const half = RECOVERY_CODE_LENGTH / 2;
  return `${normalized.slice(0, half)}-${normalized.slice(half)}`;
}
