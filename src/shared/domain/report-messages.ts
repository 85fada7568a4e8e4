export const REPORT_MESSAGES = {
  from: 'Von: Bitte geben Sie ein Datum im Format JJJJ-MM-TT an.',
  to: 'Bis: Bitte geben Sie ein Datum im Format JJJJ-MM-TT an.',
  reversed: 'Zeitraum: Das Enddatum liegt vor dem Startdatum.',
  tooLong: 'Zeitraum: Bitte wählen Sie höchstens drei Jahre.',
} as const;

/** /admin/reports: figures of a chosen period, in Europe/Berlin days. */
export const REPORT_MAX_DAYS = 3 * 366;

const DAY_MS = 24 * 60 * 60_000;

/** Whole days from `from` to `to` (inclusive), or null when a date is not a date. */
export function reportSpanDays(from: string, to: string): number | null {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  return Math.round((end - start) / DAY_MS) + 1;
}

/** A real calendar day written YYYY-MM-DD (what `z.iso.date()` accepts). */
function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/**
 * The first thing `reportRangeSchema` (shared/api/reports.ts) would refuse in a range, or null:
 * the same rules without zod, for the staff dashboard's record card, whose first load should not
 * carry zod (decision 0410). A test holds the two to the same answers.
 */
export function reportRangeProblem(from: string, to: string): keyof typeof REPORT_MESSAGES | null {
  if (!isDay(from)) return 'from';
  if (!isDay(to)) return 'to';
  const days = reportSpanDays(from, to);
  if (days === null) return null;
  if (days < 1) return 'reversed';
  if (days > REPORT_MAX_DAYS) return 'tooLong';
  return null;
}
