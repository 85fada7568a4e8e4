/**
 * How a report's range of Europe/Berlin days is read from the maintained totals (decision 0300):
 * the whole calendar months inside it from the month totals, the days before and after them from
 * the day totals. A range of 1 to 31 March reads one month row per key, not 31 day rows.
 */
export interface MonthSplit {
  /** First day of the first whole month (YYYY-MM-DD); the days before it are read per day. */
  monthsFrom: string;
  /** First day after the last whole month; the days from it to the range's end are read per day. */
  monthsUntil: string;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * Splits the inclusive range `from`..`to` (YYYY-MM-DD, from <= to). Without a whole month in it,
 * both bounds are the day after `to`: every day is read from the day totals and no month is.
 */
export function splitIntoMonths(from: string, to: string): MonthSplit {
  const start = utcDay(from);
  const firstWhole =
    start.getUTCDate() === 1
      ? start
      : new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  const afterRange = utcDay(to);
  afterRange.setUTCDate(afterRange.getUTCDate() + 1);
  const afterWhole = new Date(Date.UTC(afterRange.getUTCFullYear(), afterRange.getUTCMonth(), 1));
  if (firstWhole >= afterWhole) {
    return { monthsFrom: isoDay(afterRange), monthsUntil: isoDay(afterRange) };
  }
  return { monthsFrom: isoDay(firstWhole), monthsUntil: isoDay(afterWhole) };
}
