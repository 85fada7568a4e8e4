import { STATS_PERIODS, type StatsPeriod } from '../../../shared/domain/constants';
import { addDays, daysBetween, zonedInstant } from '../../../shared/domain/shifts';
import type { Database } from '../../db/connect';
import { BUSINESS_DAY_ZONE } from '../tip-totals/queries';
import { type DayTotal, totalsByDay } from './queries';

/** Business days are counted in the time zone of the (German) businesses we serve. */
export const BUSINESS_TIME_ZONE = BUSINESS_DAY_ZONE;

/**
 * How many calendar days a period spans: 1, 14, or from the same date one calendar month back to
 * today (28–31). A daily average divides by exactly these days (decision 0180).
 */
export function periodDays(
  period: StatsPeriod,
  now: Date,
  timeZone: string = BUSINESS_TIME_ZONE,
): number {
  if (period !== 'month') return STATS_PERIODS[period].days;
  const monthBack = new Date(now);
  monthBack.setUTCMonth(monthBack.getUTCMonth() - 1);
  return Math.max(1, daysBetween(localDateKey(monthBack, timeZone), localDateKey(now, timeZone)));
}

/**
 * Spec §9 periods as whole local days ending today (decision 0357): 'Letzter
 * Tag' is today, 'Letzte 2 Wochen' today and the 13 days before, the month its 28–31 days. The
 * chart shows one bar per day, so 14 days are 14 bars, and totals count the same days.
 */
export function periodDayKeys(
  period: StatsPeriod,
  now: Date,
  timeZone: string = BUSINESS_TIME_ZONE,
): string[] {
  const today = localDateKey(now, timeZone);
  return dayKeysBetween(addDays(today, 1 - periodDays(period, now, timeZone)), today);
}

/** The instant the period begins: midnight of its first day in Europe/Berlin (decision 0372). */
export function periodStart(period: StatsPeriod, now: Date): Date {
  return zonedInstant(periodDayKeys(period, now)[0]!, 0);
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
  const days = periodDayKeys(options.period, options.now, timeZone).map(
    (date) => byDay.get(date) ?? { date, totalCents: 0, count: 0 },
  );
  const totalCents = totals.reduce((sum, day) => sum + day.totalCents, 0);
  const count = totals.reduce((sum, day) => sum + day.count, 0);
  return {
    period: options.period,
    since,
    totalCents,
    count,
    averagePerDayCents: Math.round(totalCents / days.length),
    days,
  };
}
