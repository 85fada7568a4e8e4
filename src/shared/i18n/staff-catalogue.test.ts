import { describe, expect, it } from 'vitest';
import { STAFF_LANGUAGES, suggestedStaffLanguage } from '../domain/staff-language';
import { staffTextsDe, type StaffCatalogues, withStaffPart } from './staff-catalogue';
import { staffDashboardTextsDe } from './staff-dashboard';
import { staffPanelTextsDe } from './staff-panels';
import { staffSignInTextsDe } from './staff-sign-in';
import { staffTextsEn } from './staff-en';
import { staffErrorsEn } from './staff-errors';
import { AUTH_ERRORS } from '../api/auth';
import { employeeErrors } from '../api/employee';
import { INSTANT_PAYOUT_ERRORS } from '../api/instant-payout';
import { MEDIA_ERRORS } from '../api/media';
import { PROFILE_ERRORS } from '../api/profiles';
import { RECEIPT_ERRORS } from '../api/receipts';
import { TWO_FACTOR_ERRORS } from '../api/two-factor';
import { WALLET_ERRORS } from '../api/wallet';
import { BUSINESS_ACCESS_ERRORS } from '../domain/business-access';
import { SESSION_ENDED_ERRORS } from '../domain/session-end';
import { ERRORS } from '../domain/errors';
import { fieldMessageIn, STAFF_FIELD_MESSAGES } from './staff-fields';
import { STAFF_MAIL_TEXTS } from './staff-mail';
import { STAFF_RECORD_TEXTS } from './staff-record';
import { PASSWORD_ERRORS, PASSWORD_MESSAGES } from '../api/passwords';
import { catalogueLeaves } from '../../../test/support/catalogue-leaves';

// German whole: the core every screen has and the parts the sign-in pages and the panels add.
const catalogues: StaffCatalogues = {
  de: withStaffPart(
    withStaffPart(withStaffPart(staffTextsDe, staffSignInTextsDe), staffDashboardTextsDe),
    staffPanelTextsDe,
  ),
  en: staffTextsEn,
};

const leaves = catalogueLeaves;

/** The words of every leaf; functions are called with sample arguments. */
function words(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') {
    const args = Array.from({ length: value.length }, () => 2);
    return [String((value as (...a: number[]) => unknown)(...args))];
  }
  if (value && typeof value === 'object') return Object.values(value).flatMap(words);
  return [];
}

/** Words that mark a German sentence on a screen meant to be English. */
const GERMAN = /\b(und|oder|nicht|Sie|Ihr|Ihre|der|die|das|mit|für|werden|wurde|ist)\b|[äöüß]/;

describe('staff catalogues', () => {
  it('exist for every staff language', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...STAFF_LANGUAGES].sort());
  });

  it('have the same keys, of the same kind, in every language', () => {
    const german = leaves(catalogues.de);
    expect(german.length).toBeGreaterThan(300);
    for (const language of STAFF_LANGUAGES) expect(leaves(catalogues[language])).toEqual(german);
  });

  it('leave no English text empty or German', () => {
    const english = words(staffTextsEn);
    expect(english.filter((text) => text.trim() === '')).toEqual([]);
    // 'Deutsch' is the language's own name in the select; it stays as it is in every language.
    expect(english.filter((text) => text !== 'Deutsch' && GERMAN.test(text))).toEqual([]);
  });

  it('say every staff error in English', () => {
    // The same sources as the type StaffErrorSources (staff-errors.ts imports them as types only).
    const sources = {
      ...ERRORS,
      ...AUTH_ERRORS,
      ...PROFILE_ERRORS,
      ...PASSWORD_ERRORS,
      ...TWO_FACTOR_ERRORS,
      ...MEDIA_ERRORS,
      ...employeeErrors,
      ...INSTANT_PAYOUT_ERRORS,
      ...WALLET_ERRORS,
      ...RECEIPT_ERRORS,
      ...BUSINESS_ACCESS_ERRORS,
      ...SESSION_ENDED_ERRORS,
    };
    expect(Object.keys(staffErrorsEn).sort()).toEqual(Object.keys(sources).sort());
    const english = Object.values(staffErrorsEn).flatMap(({ title, message }) => [title, message]);
    expect(english.filter((text) => GERMAN.test(text))).toEqual([]);
  });
});

describe('staff e-mail and tipping record catalogues', () => {
  it.each([
    ['e-mails', STAFF_MAIL_TEXTS],
    ['tipping record', STAFF_RECORD_TEXTS],
  ] as const)(
    '%s: the same keys in every language, and English says no German',
    (_, catalogues) => {
      const german = leaves(catalogues.de);
      for (const language of STAFF_LANGUAGES) {
        expect(leaves(catalogues[language])).toEqual(german);
      }
      expect(words(catalogues.en).filter((text) => GERMAN.test(text))).toEqual([]);
    },
  );
});

describe('staff field messages', () => {
  it('have the same keys in every language, and English says no German', () => {
    const german = leaves(STAFF_FIELD_MESSAGES.de);
    for (const language of STAFF_LANGUAGES) {
      expect(leaves(STAFF_FIELD_MESSAGES[language])).toEqual(german);
    }
    expect(words(STAFF_FIELD_MESSAGES.en).filter((text) => GERMAN.test(text))).toEqual([]);
  });

  it("say a shared schema's German message in the staff language", () => {
    expect(fieldMessageIn('en', PASSWORD_MESSAGES.mismatch)).toBe('The passwords do not match.');
    expect(fieldMessageIn('de', PASSWORD_MESSAGES.mismatch)).toBe(PASSWORD_MESSAGES.mismatch);
    expect(fieldMessageIn('en', 'Etwas anderes')).toBe('Etwas anderes');
  });
});

describe('suggestedStaffLanguage', () => {
  it('suggests English only when the browser names English first', () => {
    expect(suggestedStaffLanguage(['en-US', 'de'])).toBe('en');
    expect(suggestedStaffLanguage(['en'])).toBe('en');
    expect(suggestedStaffLanguage(['de-DE', 'en'])).toBe('de');
    expect(suggestedStaffLanguage(['fr'])).toBe('de');
    expect(suggestedStaffLanguage([])).toBe('de');
    expect(suggestedStaffLanguage(undefined)).toBe('de');
  });
});
