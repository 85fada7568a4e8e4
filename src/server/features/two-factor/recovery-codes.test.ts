import { describe, expect, it } from 'vitest';
import {
  formatRecoveryCode,
  normalizeRecoveryCode,
  readSecondFactorCode,
} from '../../../shared/domain/two-factor';
import { findRecoveryCode, hashRecoveryCode, newRecoveryCodes, sameHash } from './recovery-codes';

const secret = 'a-server-secret-that-is-long-enough-0123456789';
const anna = '11111111-1111-4111-8111-111111111111';
const ben = '22222222-2222-4222-8222-222222222222';

describe('recovery codes', () => {
  it('are ten distinct codes of 2 x 5 unambiguous characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
      expect(normalizeRecoveryCode(code)).toBe(code.replace('-', ''));
    }
    expect(newRecoveryCodes()).not.toEqual(codes);
  });

  it('are read however they are typed: case, spaces, dashes, i/l for 1 and o for 0', () => {
    expect(normalizeRecoveryCode('ABCDE-FGHJK')).toBe('abcdefghjk');
    expect(normalizeRecoveryCode(' abcde fghjk ')).toBe('abcdefghjk');
    expect(normalizeRecoveryCode('ilo23-45678')).toBe('11023' + '45678');
    expect(normalizeRecoveryCode('abcde-fghj')).toBeNull();
    expect(normalizeRecoveryCode('abcde-fghju')).toBeNull();
    expect(formatRecoveryCode('abcdefghjk')).toBe('abcde-fghjk');
  });

  it('tell an authenticator code from a recovery code', () => {
    expect(readSecondFactorCode('123 456')).toEqual({ kind: 'totp', code: '123456' });
    expect(readSecondFactorCode('ABCDE-FGHJK')).toEqual({ kind: 'recovery', code: 'abcdefghjk' });
    expect(readSecondFactorCode('12345')).toBeNull();
    expect(readSecondFactorCode('hallo')).toBeNull();
  });

  it('are stored only as a keyed hash of the person, never as the code', () => {
    const [code] = newRecoveryCodes(1);
    const normalized = normalizeRecoveryCode(code!)!;
    const hash = hashRecoveryCode(secret, anna, normalized);
    expect(hash).not.toContain(normalized);
    expect(hash).toBe(hashRecoveryCode(secret, anna, normalized));
    expect(hashRecoveryCode(secret, ben, normalized)).not.toBe(hash);
    expect(hashRecoveryCode(`${secret}x`, anna, normalized)).not.toBe(hash);
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('are found among the stored hashes, comparing every hash in constant time', () => {
    const codes = newRecoveryCodes().map((code) => normalizeRecoveryCode(code)!);
    const stored = codes.map((code, index) => ({
      id: `code-${index}`,
      codeHash: hashRecoveryCode(secret, anna, code),
    }));
    let comparisons = 0;
    const counting = (a: string, b: string) => {
      comparisons += 1;
      return sameHash(a, b);
    };
    const wanted = hashRecoveryCode(secret, anna, codes[3]!);
    expect(findRecoveryCode(stored, wanted, counting)?.id).toBe('code-3');
    // No early exit: all ten hashes were compared although the fourth matched.
    expect(comparisons).toBe(10);
    expect(findRecoveryCode(stored, hashRecoveryCode(secret, ben, codes[3]!))).toBeNull();
    expect(findRecoveryCode(stored, 'kurz')).toBeNull();
  });

  it('compare hashes exactly, whatever their length', () => {
    const hash = hashRecoveryCode(secret, anna, 'abcdefghjk');
    expect(sameHash(hash, hash)).toBe(true);
    const last = hash.at(-1) === 'x' ? 'y' : 'x';
    expect(sameHash(hash, `${hash.slice(0, -1)}${last}`)).toBe(false);
    expect(sameHash(hash, hash.slice(0, 10))).toBe(false);
  });
});
