import { describe, expect, it } from 'vitest';
import { ENTRYPOINT_ERRORS } from '../api/entrypoints';
import { PAYMENT_ERRORS } from '../api/payments';
import { RECEIPT_ERRORS } from '../api/receipts';
import { TIP_ERRORS } from '../api/tips';
import { ERRORS } from '../domain/errors';
import { GUEST_LOCALES } from './guest-locale';
import { GUEST_SERVER_TEXTS, guestErrorWords, isGuestErrorCode } from './guest-server';

/** Every error the guest endpoints (/api/guest/…) answer with. */
const guestErrors = [
  ERRORS.validation_failed,
  ERRORS.rate_limited,
  PAYMENT_ERRORS.payment_unavailable,
  ...Object.values(ENTRYPOINT_ERRORS),
  ...Object.values(TIP_ERRORS),
  RECEIPT_ERRORS.receipt_not_paid,
  RECEIPT_ERRORS.receipt_limit,
  RECEIPT_ERRORS.receipt_not_sent,
  RECEIPT_ERRORS.reply_needs_message,
];

const team = { path: '/t/team-kueche', kind: 'team', name: 'Küche' } as const;

describe("the guest endpoints' errors", () => {
  it.each(guestErrors.map((error) => [error.code, error] as const))(
    '%s has words in every guest language',
    (code, error) => {
      expect(isGuestErrorCode(code)).toBe(true);
      for (const locale of GUEST_LOCALES.filter((l) => l !== 'de')) {
        // A deactivated person's page with a page to offer instead says so (see below).
        const words = guestErrorWords({ ...error, alternatives: [team] }, locale);
        expect(words).toEqual(GUEST_SERVER_TEXTS[locale].errors[code as 'code_not_found']);
        expect(`${words.title} ${words.message}`).not.toMatch(/Trinkgeld|Bitte|Zahlung|Beleg/);
      }
      expect(guestErrorWords(error, 'de')).toEqual({ title: error.title, message: error.message });
    },
  );

  it('send a guest without a team or business page to offer to the staff, and otherwise to the pages offered', () => {
    const alone = { ...ENTRYPOINT_ERRORS.recipient_deactivated, alternatives: [] };
    expect(guestErrorWords(alone, 'it').message).toContain('personale');
    expect(guestErrorWords({ ...alone, alternatives: [team] }, 'it').message).toContain('invece');
  });
});
