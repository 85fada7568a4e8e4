import { describe, expect, it } from 'vitest';
import { type GuestCodeFacts, guestCodeProblem, looksLikeLegacyCode } from './guest-policy';

const ok: GuestCodeFacts = {
  found: 'entrypoint',
  looksLegacy: false,
  businessActive: true,
  codeActive: true,
  recipientExists: true,
};

describe('guestCodeProblem', () => {
  it.each<[string, Partial<GuestCodeFacts>, string | null]>([
    ['active payment point', {}, null],
    ['active legacy code', { found: 'legacy' }, null],
    ['unknown uid', { found: 'none' }, 'code_not_found'],
    ['unknown legacy-looking code', { found: 'none', looksLegacy: true }, 'qr_code_invalid'],
    ['inactive payment point', { codeActive: false }, 'code_inactive'],
    ['inactive legacy code', { found: 'legacy', codeActive: false }, 'code_inactive'],
    ['deactivated business', { businessActive: false }, 'business_deactivated'],
    [
      'deactivated business outranks inactive code',
      { businessActive: false, codeActive: false },
      'business_deactivated',
    ],
    ['payment point without recipient', { recipientExists: false }, 'recipient_not_found'],
    [
      'legacy code without employee',
      { found: 'legacy', recipientExists: false },
      'qr_code_invalid',
    ],
    [
      'inactive code outranks missing recipient',
      { codeActive: false, recipientExists: false },
      'code_inactive',
    ],
  ])('%s', (_name, facts, expected) => {
    expect(guestCodeProblem({ ...ok, ...facts })).toBe(expected);
  });
});

describe('looksLikeLegacyCode', () => {
  it('recognises printed legacy codes and malformed input', () => {
    expect(looksLikeLegacyCode('qr-ben-klassisch')).toBe(true);
    expect(looksLikeLegacyCode('QR-ALT')).toBe(true);
    expect(looksLikeLegacyCode('hallo welt')).toBe(true);
    expect(looksLikeLegacyCode('aio-unbekannt-0000')).toBe(false);
  });
});
