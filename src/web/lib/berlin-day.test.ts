import { describe, expect, it } from 'vitest';
import { nextBerlinMidnight, startOfBerlinDay } from './berlin-day';

describe('Berlin day boundaries', () => {
  it.each([
    // winter (UTC+1), summer (UTC+2), just before and after midnight Berlin
    ['2026-01-15T12:00:00Z', '2026-01-14T23:00:00.000Z', '2026-01-15T23:00:00.000Z'],
    ['2026-07-15T12:00:00Z', '2026-07-14T22:00:00.000Z', '2026-07-15T22:00:00.000Z'],
    ['2026-07-15T21:59:59Z', '2026-07-14T22:00:00.000Z', '2026-07-15T22:00:00.000Z'],
    ['2026-07-15T22:00:00Z', '2026-07-15T22:00:00.000Z', '2026-07-16T22:00:00.000Z'],
    ['2026-01-15T23:30:00Z', '2026-01-15T23:00:00.000Z', '2026-01-16T23:00:00.000Z'],
  ])('at %s the day starts %s and the next one %s', (at, start, next) => {
    expect(startOfBerlinDay(new Date(at)).toISOString()).toBe(start);
    expect(nextBerlinMidnight(new Date(at)).toISOString()).toBe(next);
  });

  it('handles the days of the summer-time switches (23 and 25 hours long)', () => {
    // 29 March 2026: clocks go from 02:00 to 03:00.
    expect(startOfBerlinDay(new Date('2026-03-29T12:00:00Z')).toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(nextBerlinMidnight(new Date('2026-03-29T12:00:00Z')).toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    // 25 October 2026: clocks go from 03:00 back to 02:00.
    expect(startOfBerlinDay(new Date('2026-10-25T12:00:00Z')).toISOString()).toBe(
      '2026-10-24T22:00:00.000Z',
    );
    expect(nextBerlinMidnight(new Date('2026-10-25T12:00:00Z')).toISOString()).toBe(
      '2026-10-25T23:00:00.000Z',
    );
  });

  it('does not depend on the time zone of the phone', () => {
    // The test process may run in any zone; the answers above are absolute instants already.
    expect(startOfBerlinDay(new Date('2026-12-31T23:30:00Z')).toISOString()).toBe(
      '2026-12-31T23:00:00.000Z',
    );
    expect(nextBerlinMidnight(new Date('2026-12-31T23:30:00Z')).toISOString()).toBe(
      '2027-01-01T23:00:00.000Z',
    );
  });
});
