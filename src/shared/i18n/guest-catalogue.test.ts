import { describe, expect, it } from 'vitest';
import { guestCatalogue as de } from './guest-de';
import { guestCatalogue as en } from './guest-en';
import { guestCatalogue as es } from './guest-es';
import { guestCatalogue as fr } from './guest-fr';
import { guestCatalogue as it_ } from './guest-it';
import { GUEST_LOCALES } from './guest-locale';
import { BRANDING_TONALITIES, MIN_TIP_CENTS } from '../domain/constants';
import { formatCents } from '../domain/money';
import { catalogueLeaves } from '../../../test/support/catalogue-leaves';

const catalogues = { de, en, fr, es, it: it_ } as const;

/** The texts' keys; what each tonality says differently is walked in guest-tonality.test.ts. */
const leaves = (catalogue: (typeof catalogues)[keyof typeof catalogues]) =>
  catalogueLeaves({ ...catalogue, tones: null });

describe('guest catalogues', () => {
  it('exist for each of the five languages', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...GUEST_LOCALES].sort());
  });

  it.each(['en', 'fr', 'es', 'it'] as const)(
    'have every German key in %s, of the same kind, and no other',
    (locale) => {
      expect(leaves(catalogues[locale])).toEqual(leaves(de));
    },
  );

  it.each(['en', 'fr', 'es', 'it'] as const)('leave no text empty or German in %s', (locale) => {
    const texts = leaves(catalogues[locale]);
    expect(texts.length).toBeGreaterThan(100);
    const flat = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : typeof value === 'function'
          ? [String((value as (...a: unknown[]) => string)('X', 2))]
          : Object.values(value as object).flatMap(flat);
    const strings = flat(catalogues[locale]);
    expect(strings.filter((text) => text.trim() === '')).toEqual([]);
    // Words only German uses: a forgotten translation shows up here.
    expect(strings.filter((text) => /Trinkgeld|Bitte|Zahlung|schließen/.test(text))).toEqual([]);
  });

  // The German pages said 'Transaction ID' (the thank-you page, the reused
  // pay-later link, the page without JavaScript): every label a German guest reads is German.
  it('say every German text in German', () => {
    const flat = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : typeof value === 'function'
          ? [String((value as (...a: unknown[]) => string)('X', 2, 'Y'))]
          : Object.values(value as object).flatMap(flat);
    const english = /\b(Transaction|ID of|Thank you|Your|the|and|with|please)\b/;
    expect(flat(de).filter((text) => english.test(text))).toEqual([]);
  });

  // The business's tonality changes what every guest reads, in every language.
  it.each(GUEST_LOCALES)('say each tonality in its own words in %s', (locale) => {
    const variants = (catalogues[locale].first as { tonality?: Record<string, unknown> }).tonality;
    expect(Object.keys(variants ?? {}).sort(), `${locale}: tonalities`).toEqual(
      [...BRANDING_TONALITIES].sort(),
    );
    const lines = ['greeting', 'defaultThanks', 'successTitle'] as const;
    for (const tonality of BRANDING_TONALITIES) {
      const words = (variants?.[tonality] ?? {}) as Record<string, unknown>;
      for (const line of lines) {
        expect(typeof words[line], `${locale}.${tonality}.${line}`).toBe('string');
        expect(String(words[line]).trim(), `${locale}.${tonality}.${line}`).not.toBe('');
      }
    }
    for (const line of lines) {
      const said = BRANDING_TONALITIES.map(
        (tonality) => (variants?.[tonality] as Record<string, string> | undefined)?.[line],
      );
      expect(new Set(said).size, `${locale}: ${line} differs per tonality`).toBe(3);
    }
  });

  it('keep the spec’s words for the default, friendly tonality', () => {
    expect(de.first.tonality.friendly.defaultThanks).toBe(de.first.defaultThanks);
    expect(de.first.tonality.friendly.successTitle).toBe(de.outcome.tip.success.title);
    for (const locale of GUEST_LOCALES) {
      const texts = catalogues[locale];
      expect(texts.first.tonality.friendly.defaultThanks).toBe(texts.first.defaultThanks);
      expect(texts.first.tonality.friendly.successTitle).toBe(texts.outcome.tip.success.title);
    }
  });

  it('fill the amount and the name into their sentences', () => {
    expect(en.outcome.tip.success.transferred('Anna')).toBe('has been sent to Anna');
    expect(fr.outcome.payment.feeCheckbox('0,45 €')).toContain('0,45 €');
    expect(en.outcome.tip.error.attemptsLeft(1)).toBe('1 attempt left.');
    expect(en.outcome.tip.error.attemptsLeft(3)).toBe('3 attempts left.');
  });
});

describe('the smallest amount (decision 0007, amended by 0476)', () => {
  it('is the payment provider’s minimum charge in euros, 0,50 €', () => {
    expect(MIN_TIP_CENTS).toBe(50);
  });

  it.each(GUEST_LOCALES)('is named with its amount in %s', (locale) => {
    const intl = locale === 'de' ? 'de-DE' : locale;
    const minimum = formatCents(MIN_TIP_CENTS, 'eur', intl);
    expect(catalogues[locale].first.amount.tooLow(minimum)).toContain(minimum);
  });

  it('is said in German in the style of the other amount messages', () => {
    expect(de.first.amount.tooLow('0,50 €')).toBe('Der Betrag muss mindestens 0,50 € betragen.');
  });
});
