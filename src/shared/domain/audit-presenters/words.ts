/** German wording shared by the audit presenters: names, amounts, days, times. */
import { formatCents } from '../money';
import { isRole, ROLE_LABELS } from '../roles';
import type { AuditReference } from './facts';
import { BUSINESS_TIME_ZONE } from '../constants';

const TIME_ZONE = BUSINESS_TIME_ZONE;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export const quoted = (text: string) => `„${text}“`;

/** "1 Sitzung", "3 Sitzungen". */
export { counted } from '../counted';

export function euro(cents: number | null, currency: unknown = 'eur'): string | null {
  if (cents === null) return null;
  const code = typeof currency === 'string' && /^[a-z]{3}$/i.test(currency) ? currency : 'eur';
  return formatCents(cents, code);
}

/** Ends a quoted reason with exactly one full stop. */
export function asSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

const dayFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'UTC',
  weekday: 'long',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A calendar day YYYY-MM-DD as "Montag, 16.03.2026". */
export function germanDay(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : dayFormat.format(date);
}

/** An instant as "14.03.2026 um 21:15 Uhr", in the businesses' time zone. */
export function germanMoment(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return `${dateFormat.format(date)} um ${timeFormat.format(date)} Uhr`;
}

function timeText(value: unknown): string | null {
  return typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? value : null;
}

/** "Montag, 16.03.2026, 11:00–15:00", or "… (ganztägig)" without times. */
export function shiftWhen(
  day: unknown,
  start: unknown,
  end: unknown,
  wholeDay = true,
): string | null {
  const date = germanDay(day);
  if (!date) return null;
  const from = timeText(start);
  const to = timeText(end);
  if (from && to) return `${date}, ${from}–${to}`;
  return wholeDay && start === null && end === null ? `${date} (ganztägig)` : date;
}

export function roleName(value: unknown): string | null {
  return isRole(value) ? ROLE_LABELS[value] : null;
}

export function listed(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} und ${names[names.length - 1]}`;
}

/** Field names of a payload's `fields` list, in German, unknown ones left out. */
export function fieldNames(values: unknown[], names: Record<string, string>): string[] {
  return values.flatMap((value) =>
    typeof value === 'string' && names[value] ? [names[value]] : [],
  );
}

export function reference(label: string, id: unknown): AuditReference | null {
  const text = textOf(id);
  return text ? { label, id: text } : null;
}
