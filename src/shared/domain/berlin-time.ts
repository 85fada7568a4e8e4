import { TZDate } from '@date-fns/tz';
import { BUSINESS_TIME_ZONE } from './constants';

/**
 * The one time zone of the product (decision 0372): the businesses are in Germany, so days,
 * months and shift times are Europe/Berlin, whatever zone the server or the phone is set to.
 * Wall times come from @date-fns/tz, which knows the summer-time switches (last Sunday of March
 * and of October); calendar days come from Intl's time zone data (berlin-day.ts).
 */
export { BUSINESS_TIME_ZONE };

export { berlinDay, nextBerlinMidnight, startOfBerlinDay } from './berlin-day';

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

/** The end of a Berlin calendar day (YYYY-MM-DD): a date 'bis 31.12.' holds through that day. */
export function endOfBerlinDay(day: string): Date {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000);
  return berlinWallTime(next.toISOString().slice(0, 10), 0);
}
