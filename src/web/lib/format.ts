import { formatCents } from '../../shared/domain/money';
import { STAFF_LOCALES, type StaffLanguage } from '../../shared/domain/staff-language';

export { formatCents };

const dateFormatter = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTimeFormatter = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const numberFormatter = new Intl.NumberFormat('de-DE');
const relativeFormatter = new Intl.RelativeTimeFormat('de', { numeric: 'auto' });

export const formatDate = (value: string | Date) => dateFormatter.format(new Date(value));

const berlinDateFormatter = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
});
/**
 * A day of the contract (a plan's period end, a trial's end) as the operator's invoices, mails
 * and the provider's pages name it: in Berlin, whatever time zone the browser is in.
 */
export const formatBerlinDate = (value: string | Date) =>
  berlinDateFormatter.format(new Date(value));
export const formatDateTime = (value: string | Date) => dateTimeFormatter.format(new Date(value));
export const formatNumber = (value: number) => numberFormatter.format(value);

/** German relative time: "vor 5 Minuten", "gestern". */
export function formatRelative(value: string | Date, now: Date = new Date()): string {
  return relativeIn(relativeFormatter, JUST_NOW.de, value, now);
}

/** The formatters of one staff language (decision 0383). */
export interface StaffFormat {
  cents(cents: number, currency?: string): string;
  date(value: string | Date): string;
  dateTime(value: string | Date): string;
  number(value: number): string;
  relative(value: string | Date, now?: Date): string;
}

const JUST_NOW: Record<StaffLanguage, string> = { de: 'gerade eben', en: 'just now' };
const staffFormats = new Map<StaffLanguage, StaffFormat>();

/**
 * Amounts, dates and numbers the way a staff language writes them: `12,50 €` and `28.11.2026` in
 * German, `€12.50` and `28/11/2026` in English (en-GB: day before month, as in Germany).
 */
export function staffFormat(language: StaffLanguage): StaffFormat {
  const known = staffFormats.get(language);
  if (known) return known;
  if (language === 'de') {
    const german: StaffFormat = {
      cents: (cents, currency) => formatCents(cents, currency),
      date: formatDate,
      dateTime: formatDateTime,
      number: formatNumber,
      relative: formatRelative,
    };
    staffFormats.set(language, german);
    return german;
  }
  const locale = STAFF_LOCALES[language];
  const date = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  const dateTime = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const number = new Intl.NumberFormat(locale);
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const format: StaffFormat = {
    cents: (cents, currency) => formatCents(cents, currency, locale),
    date: (value) => date.format(new Date(value)),
    dateTime: (value) => dateTime.format(new Date(value)),
    number: (value) => number.format(value),
    relative: (value, now = new Date()) => relativeIn(relative, JUST_NOW[language], value, now),
  };
  staffFormats.set(language, format);
  return format;
}

function relativeIn(
  formatter: Intl.RelativeTimeFormat,
  justNow: string,
  value: string | Date,
  now: Date,
): string {
  const seconds = Math.round((new Date(value).getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return justNow;
  if (abs < 60 * 60) return formatter.format(Math.round(seconds / 60), 'minute');
  if (abs < 24 * 60 * 60) return formatter.format(Math.round(seconds / 3600), 'hour');
  if (abs < 30 * 24 * 60 * 60) return formatter.format(Math.round(seconds / 86400), 'day');
  return formatter.format(Math.round(seconds / (30 * 86400)), 'month');
}

/** Up to two initials; 'MA' (Mitarbeiter) when there is no name (spec §2). */
export function initials(name: string | null | undefined, fallback = 'MA'): string {
  // Letters only: 'Restaurant & Bar' is 'RB', 'Tisch 7' is 'T'.
  const letters = (name ?? '')
    .split(/\s+/)
    .map((part) => /\p{L}/u.exec(part)?.[0])
    .filter((letter): letter is string => letter !== undefined);
  if (letters.length === 0) return fallback;
  return letters
    .slice(0, 2)
    .map((letter) => letter.toUpperCase())
    .join('');
}
