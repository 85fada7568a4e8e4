import { describe, expect, it } from 'vitest';
import { formatCents } from '../domain/money';
import { acceptLanguageTags, INTL_LOCALES, isGuestLocale, pickGuestLocale } from './guest-locale';

describe('guest language', () => {
  it('takes the first browser language the pages speak, by its primary tag', () => {
    expect(pickGuestLocale(['en-US', 'de'])).toBe('en');
    expect(pickGuestLocale(['nl-NL', 'fr-CH', 'en'])).toBe('fr');
    expect(pickGuestLocale(['pt-BR'])).toBeNull();
    expect(pickGuestLocale([])).toBeNull();
    expect(pickGuestLocale(['IT'])).toBe('it');
  });

  it('knows only the five languages', () => {
    expect(isGuestLocale('es')).toBe(true);
    expect(isGuestLocale('nl')).toBe(false);
    expect(isGuestLocale('')).toBe(false);
    expect(isGuestLocale(undefined)).toBe(false);
  });

  it('orders an Accept-Language header by weight and drops q=0', () => {
    expect(acceptLanguageTags('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
      '*',
    ]);
    expect(acceptLanguageTags('de;q=0.5, es')).toEqual(['es', 'de']);
    expect(acceptLanguageTags('it;q=0, en')).toEqual(['en']);
    expect(acceptLanguageTags(undefined)).toEqual([]);
  });

  it('formats amounts for the locale: 12,50 € in German and French, €12.50 in English', () => {
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(plain(formatCents(1250, 'eur', INTL_LOCALES.de))).toBe('12,50 €');
    expect(plain(formatCents(1250, 'eur', INTL_LOCALES.fr))).toBe('12,50 €');
    expect(formatCents(1250, 'eur', INTL_LOCALES.en)).toBe('€12.50');
    expect(plain(formatCents(1250, 'eur', INTL_LOCALES.es))).toBe('12,50 €');
    expect(plain(formatCents(1250, 'eur', INTL_LOCALES.it))).toBe('12,50 €');
    expect(plain(formatCents(1250))).toBe('12,50 €');
  });
});
