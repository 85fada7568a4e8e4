export { formatCents } from '../../shared/domain/money';

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
export const formatDateTime = (value: string | Date) => dateTimeFormatter.format(new Date(value));
export const formatNumber = (value: number) => numberFormatter.format(value);

/** German relative time: "vor 5 Minuten", "gestern". */
export function formatRelative(value: string | Date, now: Date = new Date()): string {
  const seconds = Math.round((new Date(value).getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'gerade eben';
  if (abs < 60 * 60) return relativeFormatter.format(Math.round(seconds / 60), 'minute');
  if (abs < 24 * 60 * 60) return relativeFormatter.format(Math.round(seconds / 3600), 'hour');
  if (abs < 30 * 24 * 60 * 60) return relativeFormatter.format(Math.round(seconds / 86400), 'day');
  return relativeFormatter.format(Math.round(seconds / (30 * 86400)), 'month');
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
