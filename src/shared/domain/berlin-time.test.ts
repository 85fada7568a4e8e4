import { describe, expect, it } from 'vitest';
import { berlinDay, berlinWallTime, nextBerlinMidnight, startOfBerlinDay } from './berlin-time';

const iso = (date: Date) => date.toISOString();

describe('Europe/Berlin time helper', () => {
  it('names the Berlin day of a moment around midnight in winter and summer', () => {
    expect(berlinDay(new Date('2026-01-15T22:59:59Z'))).toBe('2026-01-15');
    expect(berlinDay(new Date('2026-01-15T23:00:00Z'))).toBe('2026-01-16');
    expect(berlinDay(new Date('2026-07-15T21:59:59Z'))).toBe('2026-07-15');
    expect(berlinDay(new Date('2026-07-15T22:00:00Z'))).toBe('2026-07-16');
  });

  it('starts and ends the 23-hour day of the spring switch (last Sunday of March)', () => {
    // 29 March 2026: 02:00 CET becomes 03:00 CEST at 01:00 UTC.
    expect(iso(startOfBerlinDay(new Date('2026-03-29T12:00:00Z')))).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(iso(nextBerlinMidnight(new Date('2026-03-29T12:00:00Z')))).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    expect(berlinDay(new Date('2026-03-29T00:59:59Z'))).toBe('2026-03-29');
    expect(iso(berlinWallTime('2026-03-29', 60))).toBe('2026-03-29T00:00:00.000Z');
    expect(iso(berlinWallTime('2026-03-29', 180))).toBe('2026-03-29T01:00:00.000Z');
    // 02:30 does not exist that night: the clocks show 03:30.
    expect(iso(berlinWallTime('2026-03-29', 150))).toBe('2026-03-29T01:30:00.000Z');
  });

  it('starts and ends the 25-hour day of the autumn switch (last Sunday of October)', () => {
    // 25 October 2026: 03:00 CEST becomes 02:00 CET at 01:00 UTC.
    expect(iso(startOfBerlinDay(new Date('2026-10-25T12:00:00Z')))).toBe(
      '2026-10-24T22:00:00.000Z',
    );
    expect(iso(nextBerlinMidnight(new Date('2026-10-25T12:00:00Z')))).toBe(
      '2026-10-25T23:00:00.000Z',
    );
    expect(iso(berlinWallTime('2026-10-25', 60))).toBe('2026-10-24T23:00:00.000Z');
    expect(iso(berlinWallTime('2026-10-25', 240))).toBe('2026-10-25T03:00:00.000Z');
  });

  it('reads shift minutes past midnight as the next day, across a switch', () => {
    // 18:00 on Saturday to 02:00 on the switch Sunday in March and in October.
    expect(iso(berlinWallTime('2026-03-28', 1080))).toBe('2026-03-28T17:00:00.000Z');
    expect(iso(berlinWallTime('2026-03-28', 1560))).toBe('2026-03-29T01:00:00.000Z');
    // 02:00 comes twice that night: the second one (CET), as the clocks go on after it.
    expect(iso(berlinWallTime('2026-10-24', 1560))).toBe('2026-10-25T01:00:00.000Z');
    expect(iso(berlinWallTime('2026-12-31', 1440))).toBe('2026-12-31T23:00:00.000Z');
  });

  // 8,784 hours through two time-zone libraries: about a second alone, over five with every
  // other suite running beside it (seen failing the 5 s default so), hence its own time limit.
  it('agrees with the wall-time library on every hour of a year, switch days included', () => {
    // Days come from Intl (berlin-day.ts), wall times from @date-fns/tz: one truth for both.
    for (let hour = 0; hour < 366 * 24; hour += 1) {
      const moment = new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000);
      const day = berlinDay(moment);
      expect(iso(startOfBerlinDay(moment)), iso(moment)).toBe(iso(berlinWallTime(day, 0)));
      expect(iso(nextBerlinMidnight(moment)), iso(moment)).toBe(iso(berlinWallTime(day, 1440)));
    }
  }, 30_000);
});
