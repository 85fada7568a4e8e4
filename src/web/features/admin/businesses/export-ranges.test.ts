import { describe, expect, it } from 'vitest';
import { REPORT_MAX_DAYS, reportSpanDays } from '../../../../shared/api/reports';
import { reportExportRanges } from './export-ranges';

describe('report exports before closing', () => {
  it('covers a young business with one export from its first day to today', () => {
    expect(reportExportRanges('2026-03-10', '2026-05-02')).toEqual([
      { from: '2026-03-10', to: '2026-05-02' },
    ]);
    expect(reportExportRanges('2026-05-02', '2026-05-02')).toEqual([
      { from: '2026-05-02', to: '2026-05-02' },
    ]);
  });

  it('splits an older business into consecutive exports the report accepts, without gaps', () => {
    const ranges = reportExportRanges('2019-02-28', '2026-05-02');
    expect(ranges[0]!.from).toBe('2019-02-28');
    expect(ranges.at(-1)!.to).toBe('2026-05-02');
    for (const [index, range] of ranges.entries()) {
      const days = reportSpanDays(range.from, range.to)!;
      expect(days).toBeGreaterThanOrEqual(1);
      expect(days).toBeLessThanOrEqual(REPORT_MAX_DAYS);
      const next = ranges[index + 1];
      if (next) expect(reportSpanDays(range.to, next.from)).toBe(2);
    }
    expect(ranges).toHaveLength(3);
  });

  it('does not go past today when the creation day lies ahead (clock skew)', () => {
    expect(reportExportRanges('2026-05-03', '2026-05-02')).toEqual([
      { from: '2026-05-02', to: '2026-05-02' },
    ]);
  });
});
