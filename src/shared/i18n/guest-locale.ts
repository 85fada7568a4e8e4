import { BRANDING_LANGUAGES } from '../domain/constants';

/** The languages of the guest pages; German is the default and the fallback. */
export const GUEST_LOCALES = BRANDING_LANGUAGES;
export type GuestLocale = (typeof GUEST_LOCALES)[number];

/** Remembers the guest's own language choice for the pages the server renders (decision 0220). */
export const GUEST_LANGUAGE_COOKIE = 'trinkgeld_lang';

/** The Intl locale that formats amounts and dates: "12,50 €" (de, fr, es, it), "€12.50" (en). */
export const INTL_LOCALES: Record<GuestLocale, string> = {
  de: 'de-DE',
  en: 'en-GB',
  fr: 'fr-FR',
  es: 'es-ES',
  it: 'it-IT',
};

/** Each language named in itself, for the language switch. */
export const GUEST_LOCALE_NAMES: Record<GuestLocale, string> = {
  de: 'Deutsch',
  en: 'English',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
};

export function isGuestLocale(value: unknown): value is GuestLocale {
  return typeof value === 'string' && (GUEST_LOCALES as readonly string[]).includes(value);
}

/**
 * The first of the given language tags ("en-US", "fr", "de-CH;q=0.8" without the weight) that
 * the guest pages speak, by its primary language; null when none does.
 */
export function pickGuestLocale(tags: readonly string[]): GuestLocale | null {
  for (const tag of tags) {
    const primary = tag.trim().split(/[-_;]/)[0]!.toLowerCase();
    if (isGuestLocale(primary)) return primary;
  }
  return null;
}

/** The languages of an Accept-Language header, most wanted first. */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}
