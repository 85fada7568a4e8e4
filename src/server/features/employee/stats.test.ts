import { describe, expect, it } from 'vitest';
import { periodDayKeys, periodDays, periodStart } from './stats';

/** 'Letzte 2 Wochen' shows 14 bars for 14 days (decision 0357). */
describe('statistics periods as whole local days', () => {
  const at = new Date('2026-03-31T10:00:00Z');

  it("gives 'Letzte 2 Wochen' exactly 14 days, ending today", () => {
    const days = periodDayKeys('week', at);
    expect(days).toHaveLength(14);
    expect(days[0]).toBe('2026-03-18');
    expect(days.at(-1)).toBe('2026-03-31');
  });

  it('gives one day for the day and the calendar month its days', () => {
    expect(periodDayKeys('day', at)).toEqual(['2026-03-31']);
    expect(periodDayKeys('month', at)).toHaveLength(periodDays('month', at));
    expect(periodDayKeys('month', new Date('2026-05-15T10:00:00Z'))).toHaveLength(30);
    // Late in the evening UTC it is already the next day in Berlin.
    expect(periodDayKeys('week', new Date('2026-03-31T23:30:00Z')).at(-1)).toBe('2026-04-01');
    // Over the switch to summer time (29 March 2026) still 14 days.
    expect(periodDayKeys('week', new Date('2026-04-02T10:00:00Z'))).toHaveLength(14);
  });

  it('starts at local midnight of the first day', () => {
    expect(periodStart('week', at).toISOString()).toBe('2026-03-17T23:00:00.000Z');
    expect(periodStart('day', at).toISOString()).toBe('2026-03-30T22:00:00.000Z');
    expect(periodStart('month', at).toISOString()).toBe('2026-03-03T23:00:00.000Z');
  });
});
