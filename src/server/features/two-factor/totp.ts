import { randomBytes, timingSafeEqual } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';
import {
  TOTP_DIGITS,
  TOTP_DRIFT_STEPS,
  TOTP_PERIOD_SECONDS,
} from '../../../shared/domain/two-factor';

/**
 * Time-based one-time passwords (RFC 6238) with the `otpauth` library (decision 0315): SHA-1,
 * six digits, 30 seconds, which is what every common authenticator app expects.
 */

/** The issuer the authenticator app shows above the code. */
export const TOTP_ISSUER = 'Trinkgeld';
/** 160 bits, the key size RFC 4226 recommends for HMAC-SHA-1. */
const SECRET_BYTES = 20;

/** A new shared secret as base32 (what the app's manual entry takes). */
export function newTotpSecret(): string {
  return new Secret({ buffer: new Uint8Array(randomBytes(SECRET_BYTES)).buffer }).base32;
}

function totpOf(secretBase32: string, label = 'Trinkgeld') {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** `otpauth://totp/Trinkgeld:anna%40hotel.de?issuer=Trinkgeld&secret=…`: the QR code's content. */
export function totpUri(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

/** The number of the 30-second step `at` falls into. */
export function timeStepOf(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of one time step (tests compute what an app would show). */
export function totpCodeAt(secretBase32: string, step: number): string {
  return HOTP.generate({
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    counter: step,
  });
}

/**
 * The time step whose code `code` is, if it is within one step of now and newer than the last
 * step this secret was used with; otherwise null. Remembering the returned step and passing it
 * as `lastUsedStep` next time makes every code single-use: neither the same code nor an older
 * one is taken again. All candidate steps are compared, in constant time, without stopping early.
 */
export function acceptTotpCode(input: {
  secret: string;
  code: string;
  now: Date;
  lastUsedStep: number | null;
}): number | null {
  if (!/^\d+$/.test(input.code) || input.code.length !== TOTP_DIGITS) return null;
  const current = timeStepOf(input.now);
  const given = Buffer.from(input.code);
  let accepted: number | null = null;
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step += 1) {
    const expected = Buffer.from(totpCodeAt(input.secret, step));
    const matches = timingSafeEqual(expected, given);
    const fresh = input.lastUsedStep === null || step > input.lastUsedStep;
    if (matches && fresh) accepted = step;
  }
  return accepted;
}

/**
 * Whether a refused code is one of this person's codes of the accepted window that was already
 * spent (a replay, or the same code typed twice): said as such instead of "wrong".
 */
export function totpCodeWasUsed(input: {
  secret: string;
  code: string;
  now: Date;
  lastUsedStep: number | null;
}): boolean {
  if (input.lastUsedStep === null || !/^\d+$/.test(input.code)) return false;
  if (input.code.length !== TOTP_DIGITS) return false;
  const current = timeStepOf(input.now);
  const given = Buffer.from(input.code);
  let used = false;
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step += 1) {
    const matches = timingSafeEqual(Buffer.from(totpCodeAt(input.secret, step)), given);
    if (matches && step <= input.lastUsedStep) used = true;
  }
  return used;
}
