import { REPORT_MAX_DAYS } from '../../../../shared/api/reports';

const DAY_MS = 24 * 60 * 60_000;

const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const fromDay = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The report exports that together cover a business's whole life, from the day it was created
 * to today (Europe/Berlin days, YYYY-MM-DD), oldest first. One export covers at most
 * REPORT_MAX_DAYS, so an older business gets several consecutive ranges without gaps.
 */
export function reportExportRanges(
  createdDay: string,
  today: string,
): { from: string; to: string }[] {
  const end = fromDay(today);
  let start = Math.min(fromDay(createdDay), end);
  const ranges: { from: string; to: string }[] = [];
  while (start <= end) {
    const last = Math.min(start + (REPORT_MAX_DAYS - 1) * DAY_MS, end);
    ranges.push({ from: toDay(start), to: toDay(last) });
    start = last + DAY_MS;
  }
  return ranges;
}
