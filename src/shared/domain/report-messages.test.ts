import { describe, expect, it } from 'vitest';
import { reportRangeSchema } from '../api/reports';
import { REPORT_MESSAGES, reportRangeProblem } from './report-messages';

/** What the schema says first, as the key of its message (null when it accepts the range). */
function schemaProblem(from: string, to: string) {
  const checked = reportRangeSchema.safeParse({ from, to });
  if (checked.success) return null;
  const message = checked.error.issues[0]?.message;
  return (Object.keys(REPORT_MESSAGES) as (keyof typeof REPORT_MESSAGES)[]).find(
    (key) => REPORT_MESSAGES[key] === message,
  );
}

describe('reportRangeProblem (the staff dashboard check without zod)', () => {
  const days = [
    '',
    '2026-01-01',
    '2026-12-31',
    '2024-02-29',
    '2025-02-29',
    '2026-02-30',
    '2026-13-01',
    '2026-04-31',
    '2026-1-01',
    '2026-01-01T00:00',
    'abc',
    '2023-01-01',
    '2023-01-02',
    '2029-12-31',
    '2030-01-03',
  ];
  it('answers every pair of days as reportRangeSchema does', () => {
    for (const from of days) {
      for (const to of days) {
        expect(reportRangeProblem(from, to), `${from} to ${to}`).toBe(schemaProblem(from, to));
      }
    }
  });
});
