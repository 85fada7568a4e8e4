import { tz, TZDate } from '@date-fns/tz';
import { addDays, format, startOfDay } from 'date-fns';
import { BUSINESS_TIME_ZONE } from './constants';

/**
 * The one time zone of the product (decision 0372): the businesses are in Germany, so days,
 * months and shift times are Europe/Berlin, whatever zone the server or the phone is set to.
 * Calendar arithmetic comes from @date-fns/tz and date-fns, which know the summer-time switches
 * (last Sunday of March and of October), instead of hand-written offset guesses.
 */
export { BUSINESS_TIME_ZONE };

const inBerlin = tz(BUSINESS_TIME_ZONE);

/** The Berlin calendar day (YYYY-MM-DD) a moment falls on. */
export function berlinDay(instant: Date): string {
  return format(instant, 'yyyy-MM-dd', { in: inBerlin });
}

/** The moment Berlin's clock shows 00:00 on the day a moment falls on. */
export function startOfBerlinDay(now: Date = new Date()): Date {
  return new Date(startOfDay(now, { in: inBerlin }).getTime());
}

/** The moment of the next Berlin midnight after a moment (23 or 25 hours on switch days). */
export function nextBerlinMidnight(now: Date = new Date()): Date {
  return new Date(addDays(startOfDay(now, { in: inBerlin }), 1).getTime());
}

/**
 * The moment of a Berlin wall time: `minute` minutes after midnight of `day` (YYYY-MM-DD;
 * minutes past 1440 fall on the next day). A wall time the spring switch skips (02:00–02:59)
 * is read one hour later, as the clocks show it.
 */
export function berlinWallTime(day: string, minute: number): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const midnight = new TZDate(year, month - 1, date, BUSINESS_TIME_ZONE);
  const wall = new TZDate(
    year,
    month - 1,
    date + Math.floor(minute / 1440),
    Math.floor((minute % 1440) / 60),
    minute % 60,
    BUSINESS_TIME_ZONE,
  );
  return new Date(Math.max(wall.getTime(), midnight.getTime()));
}
