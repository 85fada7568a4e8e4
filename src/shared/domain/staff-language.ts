/**
 * The languages of staff screens and staff e-mails (decision 0383). German is
 * the source and the default; a person picks another one in the settings.
 */
export const STAFF_LANGUAGES = ['de', 'en'] as const;
export type StaffLanguage = (typeof STAFF_LANGUAGES)[number];
export const DEFAULT_STAFF_LANGUAGE: StaffLanguage = 'de';

export function isStaffLanguage(value: unknown): value is StaffLanguage {
  return typeof value === 'string' && (STAFF_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The staff language a list of browser languages suggests: English when the first one the
 * browser names is English, else German (the product's language).
 */
export function suggestedStaffLanguage(languages: readonly string[] | undefined): StaffLanguage {
  const first = languages?.[0]?.toLowerCase() ?? '';
  return first === 'en' || first.startsWith('en-') ? 'en' : DEFAULT_STAFF_LANGUAGE;
}

/** The Intl locale of a staff language: `12,50 €` in German, `€12.50` in English. */
export const STAFF_LOCALES: Record<StaffLanguage, string> = { de: 'de-DE', en: 'en-GB' };
