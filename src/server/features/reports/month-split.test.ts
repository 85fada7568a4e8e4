import { describe, expect, it } from 'vitest';
import { splitIntoMonths } from './month-split';

describe('splitIntoMonths', () => {
  it('reads a calendar month as one month', () => {
    expect(splitIntoMonths('2026-03-01', '2026-03-31')).toEqual({
      monthsFrom: '2026-03-01',
      monthsUntil: '2026-04-01',
    });
  });

  it('keeps the days before and after the whole months for the day totals', () => {
    expect(splitIntoMonths('2026-01-31', '2026-03-01')).toEqual({
      monthsFrom: '2026-02-01',
      monthsUntil: '2026-03-01',
    });
  });

  it('knows February in leap years and across the year', () => {
    expect(splitIntoMonths('2028-02-01', '2028-02-29')).toEqual({
      monthsFrom: '2028-02-01',
      monthsUntil: '2028-03-01',
    });
    expect(splitIntoMonths('2026-02-01', '2026-02-28')).toEqual({
      monthsFrom: '2026-02-01',
      monthsUntil: '2026-03-01',
    });
    expect(splitIntoMonths('2025-12-15', '2027-01-10')).toEqual({
      monthsFrom: '2026-01-01',
      monthsUntil: '2027-01-01',
    });
  });

  it('reads every day when no whole month lies in the range', () => {
    for (const [from, to] of [
      ['2026-03-02', '2026-03-31'],
      ['2026-03-01', '2026-03-30'],
      ['2026-03-15', '2026-04-14'],
      ['2026-12-31', '2026-12-31'],
    ] as const) {
      const split = splitIntoMonths(from, to);
      const dayAfter = new Date(`${to}T00:00:00Z`);
      dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
      expect(split).toEqual({
        monthsFrom: dayAfter.toISOString().slice(0, 10),
        monthsUntil: dayAfter.toISOString().slice(0, 10),
      });
    }
  });
});
