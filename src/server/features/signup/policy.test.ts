import { describe, expect, it } from 'vitest';
import { confirmationRefusal, type ConfirmationFacts, signUpMail, signUpRefusal } from './policy';

const now = new Date('2026-11-20T10:00:00Z');
const later = new Date('2026-11-21T09:59:59Z');
const earlier = new Date('2026-11-20T09:59:59Z');

describe('sign-up policy', () => {
  it('takes new sign-ups only while SIGNUP=open, else the spec’s signup_disabled', () => {
    expect(signUpRefusal('open')).toBeNull();
    expect(signUpRefusal('closed')).toMatchObject({
      code: 'signup_disabled',
      status: 403,
      message: 'Registrierung ist derzeit deaktiviert.',
    });
  });

  it('mails a confirmation to a new address and a notice to an existing account', () => {
    expect(signUpMail(false)).toBe('confirmation');
    expect(signUpMail(true)).toBe('account_exists_notice');
  });

  const cases: [string, ConfirmationFacts, string | null][] = [
    [
      'valid, open',
      { pending: { expiresAt: later }, now, accountExists: false, mode: 'open' },
      null,
    ],
    [
      'valid, made while open, confirmed after SIGNUP closed',
      { pending: { expiresAt: later }, now, accountExists: false, mode: 'closed' },
      null,
    ],
    [
      'unknown, replaced or used token',
      { pending: null, now, accountExists: false, mode: 'open' },
      'signup_link_invalid',
    ],
    [
      'expired',
      { pending: { expiresAt: earlier }, now, accountExists: false, mode: 'open' },
      'signup_link_expired',
    ],
    [
      'expiring this very moment',
      { pending: { expiresAt: now }, now, accountExists: false, mode: 'open' },
      'signup_link_expired',
    ],
    [
      'the address got an account meanwhile',
      { pending: { expiresAt: later }, now, accountExists: true, mode: 'open' },
      'signup_account_exists',
    ],
    [
      'expired and taken: the expiry is said first',
      { pending: { expiresAt: earlier }, now, accountExists: true, mode: 'open' },
      'signup_link_expired',
    ],
  ];

  it.each(cases)('confirmation: %s', (_name, facts, expected) => {
    expect(confirmationRefusal(facts)?.code ?? null).toBe(expected);
  });
});
