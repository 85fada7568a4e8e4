import type { TOTP } from 'otpauth';
import { Secret, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { acceptTotpCode, newTotpSecret, timeStepOf, totpCodeAt, totpUri } from './totp';

// RFC 6238 appendix B: the SHA-1 key "12345678901234567890", 59 s after the epoch -> 94287082
// (eight digits); its last six are what a six-digit app shows.
const RFC_SECRET = Secret.fromUTF8('12345678901234567890').base32;
const at = (seconds: number) => new Date(seconds * 1000);

describe('TOTP secrets and URIs', () => {
  it('makes 20 random bytes per secret, base32 for manual entry', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(Secret.fromBase32(secret).bytes.length).toBe(20);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('names the issuer Trinkgeld and labels the account with the e-mail', () => {
    const uri = totpUri(RFC_SECRET, 'anna@hotel.de');
    expect(uri.startsWith('otpauth://totp/Trinkgeld:anna%40hotel.de?')).toBe(true);
    const parsed = URI.parse(uri) as TOTP;
    expect(parsed.issuer).toBe('Trinkgeld');
    expect(parsed.label).toBe('anna@hotel.de');
    expect(parsed.digits).toBe(6);
    expect(parsed.period).toBe(30);
    expect(parsed.secret.base32).toBe(RFC_SECRET);
  });

  it('computes the codes of RFC 6238', () => {
    expect(totpCodeAt(RFC_SECRET, timeStepOf(at(59)))).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, timeStepOf(at(1111111109)))).toBe('081804');
  });
});

describe('accepting a code', () => {
  const now = at(1_800_000_015); // inside step 60_000_000
  const step = timeStepOf(now);
  const codeOf = (offset: number) => totpCodeAt(RFC_SECRET, step + offset);
  const accept = (code: string, lastUsedStep: number | null = null) =>
    acceptTotpCode({ secret: RFC_SECRET, code, now, lastUsedStep });

  it('takes the current step and one step either side, nothing further', () => {
    expect(accept(codeOf(0))).toBe(step);
    expect(accept(codeOf(-1))).toBe(step - 1);
    expect(accept(codeOf(1))).toBe(step + 1);
    // A neighbour's neighbour is refused unless it happens to equal an accepted code.
    for (const offset of [-2, 2, -10]) {
      const code = codeOf(offset);
      if ([codeOf(-1), codeOf(0), codeOf(1)].includes(code)) continue;
      expect(accept(code)).toBeNull();
    }
  });

  it('refuses a code it took before, and any older one (replay)', () => {
    expect(accept(codeOf(0), step)).toBeNull();
    expect(accept(codeOf(-1), step)).toBeNull();
    expect(accept(codeOf(0), step - 1)).toBe(step);
    expect(accept(codeOf(1), step)).toBe(step + 1);
  });

  it('refuses what is not six digits', () => {
    expect(accept('')).toBeNull();
    expect(accept(codeOf(0).slice(0, 5))).toBeNull();
    expect(accept(`${codeOf(0)}0`)).toBeNull();
    expect(accept('abcdef')).toBeNull();
  });

  it('agrees with what an authenticator app computes from the URI', () => {
    const secret = newTotpSecret();
    const app = URI.parse(totpUri(secret, 'ben@hotel.de')) as TOTP;
    const shown = app.generate({ timestamp: now.getTime() });
    expect(acceptTotpCode({ secret, code: shown, now, lastUsedStep: null })).toBe(step);
  });
});
