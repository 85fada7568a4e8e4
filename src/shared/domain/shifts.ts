import { BUSINESS_TIME_ZONE, berlinDay, berlinWallTime } from './berlin-time';

/**
 * Shift routing (decision 0122): days are Europe/Berlin calendar days written
 * YYYY-MM-DD, times are local HH:MM. An assignment without times covers the whole day.
 */
export const SHIFT_TIME_ZONE = BUSINESS_TIME_ZONE;
/** The admin plans today and this many days ahead. */
export const SHIFT_DAYS_AHEAD = 14;
export const SHIFT_TARGET_KINDS = ['point', 'team'] as const;
export type ShiftTargetKind = (typeof SHIFT_TARGET_KINDS)[number];

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A real calendar day in YYYY-MM-DD (2026-02-30 is not). */
export function isValidDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

export function isValidTime(value: string): boolean {
  return TIME.test(value);
}

/** The day n days after (or before) a day, by the calendar. */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** Whole days from a to b (b later: positive). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The calendar day of an instant where the business is. */
export function dayInZone(instant: Date): string {
  return berlinDay(instant);
}

export function timeToMinute(time: string): number {
  const [h, m] = time.split(':');
  return Number(h) * 60 + Number(m);
}

export function minuteToTime(minute: number): string {
  const h = Math.floor(minute / 60) % 24;
  const m = minute % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * The local minutes an assignment covers: the whole day is 0-1440; an end at or before the start
 * runs into the next day (18:00-02:00 is 1080-1560).
 */
export function shiftMinutes(startTime: string | null, endTime: string | null) {
  if (startTime === null || endTime === null) return { start: 0, end: 1440 };
  const start = timeToMinute(startTime);
  let end = timeToMinute(endTime);
  if (end <= start) end += 1440;
  return { start, end };
}

/** Whether a shift with these times ends on the day after it starts (18:00–10:00 does). */
export function endsNextDay(startTime: string | null, endTime: string | null): boolean {
  return shiftMinutes(startTime, endTime).end > 1440;
}

/** "Maria", "Maria und Jonas", "Maria, Jonas und Eva". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} und ${names[names.length - 1]}`;
}

/** The first name a guest may read: the first word of the full name. */
export function firstNameOf(fullName: string | null): string | null {
  const first = fullName?.trim().split(/\s+/)[0];
  return first ? first : null;
}

/** The instant of a Berlin wall time on a shift day (berlin-time.ts, decision 0372). */
export function zonedInstant(day: string, minute: number): Date {
  return berlinWallTime(day, minute);
}
