import { STATS_PERIODS, type StatsPeriod } from '../../../shared/domain/constants';
import type { Database } from '../../db/connect';
import { BUSINESS_DAY_ZONE } from '../tip-totals/queries';
import { type DayTotal, totalsByDay } from './queries';

/** Business days are counted in the time zone of the (German) businesses we serve. */
export const BUSINESS_TIME_ZONE = BUSINESS_DAY_ZONE;

/** Spec §9: day = 1 day back, week = 14 days back, month = 1 calendar month back. */
export function periodStart(period: StatsPeriod, now: Date): Date {
  const start = new Date(now);
  if (period === 'month') start.setUTCMonth(start.getUTCMonth() - 1);
  else start.setUTCDate(start.getUTCDate() - STATS_PERIODS[period].days);
  return start;
}

const DAY_MS = 86_400_000;

/**
 * How many days a period spans: 1, 14, or the length of the calendar month back (28–31).
 * A daily average divides by exactly these days (docs/decisions/0180-daily-average.md).
 */
export function periodDays(period: StatsPeriod, now: Date): number {
  return Math.max(1, Math.round((now.getTime() - periodStart(period, now).getTime()) / DAY_MS));
}

export function localDateKey(at: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** Every calendar day from `from` to `to` (inclusive) as YYYY-MM-DD keys. */
export function dayKeysBetween(from: string, to: string): string[] {
  const keys: string[] = [];
  const cursor = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  while (cursor <= end) {
    keys.push(cursor.toISOString().slice(0, 10));
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return keys;
}

export interface EmployeeStats {
  period: StatsPeriod;
  since: Date;
  totalCents: number;
  count: number;
  /** Total divided by the days of the period (1, 14 or 28–31), rounded to a whole cent. */
  averagePerDayCents: number;
  days: DayTotal[];
}

export async function employeeStats(
  database: Database,
  options: { employeeId: string; period: StatsPeriod; now: Date; timeZone?: string },
): Promise<EmployeeStats> {
  const timeZone = options.timeZone ?? BUSINESS_TIME_ZONE;
  const since = periodStart(options.period, options.now);
  const totals = await totalsByDay(database, { employeeId: options.employeeId, since, timeZone });
  const byDay = new Map(totals.map((day) => [day.date, day]));
  const days = dayKeysBetween(
    localDateKey(since, timeZone),
    localDateKey(options.now, timeZone),
  ).map((date) => byDay.get(date) ?? { date, totalCents: 0, count: 0 });
  const totalCents = totals.reduce((sum, day) => sum + day.totalCents, 0);
  const count = totals.reduce((sum, day) => sum + day.count, 0);
  return {
    period: options.period,
    since,
    totalCents,
    count,
    averagePerDayCents: Math.round(totalCents / periodDays(options.period, options.now)),
    days,
  };
}
