import { describe, expect, it } from 'vitest';
import { adminShiftsTexts } from '../i18n/admin-shifts';
import {
  addDays,
  endsNextDay,
  dayInZone,
  daysBetween,
  firstNameOf,
  isValidDay,
  isValidTime,
  joinNames,
  minuteToTime,
  shiftMinutes,
  zonedInstant,
} from './shifts';

describe('shift days and times', () => {
  it('accepts only real calendar days and times', () => {
    expect(isValidDay('2026-02-28')).toBe(true);
    expect(isValidDay('2026-02-30')).toBe(false);
    expect(isValidDay('26-2-3')).toBe(false);
    expect(isValidTime('23:59')).toBe(true);
    expect(isValidTime('24:00')).toBe(false);
    expect(isValidTime('7:00')).toBe(false);
  });

  it('counts calendar days across month ends and daylight-saving changes', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-03-28', '2026-04-04')).toBe(7);
  });

  it('takes the day where the business is, not in UTC', () => {
    expect(dayInZone(new Date('2026-03-14T23:30:00Z'))).toBe('2026-03-15');
    expect(dayInZone(new Date('2026-07-14T21:59:00Z'))).toBe('2026-07-14');
  });

  it('covers the whole day without times and runs past midnight when the end is earlier', () => {
    expect(shiftMinutes(null, null)).toEqual({ start: 0, end: 1440 });
    expect(shiftMinutes('18:00', '02:00')).toEqual({ start: 1080, end: 1560 });
    expect(minuteToTime(1560)).toBe('02:00');
  });

  it('names people the way a guest reads them', () => {
    expect(joinNames(['Maria'])).toBe('Maria');
    expect(joinNames(['Maria', 'Jonas', 'Eva'])).toBe('Maria, Jonas und Eva');
    expect(firstNameOf('  Maria  Schmidt')).toBe('Maria');
    expect(firstNameOf(null)).toBeNull();
  });
});

describe('local wall times', () => {
  it('turns a Berlin day and minute into the instant, in winter and in summer', () => {
    expect(zonedInstant('2026-01-10', 0).toISOString()).toBe('2026-01-09T23:00:00.000Z');
    expect(zonedInstant('2026-07-10', 18 * 60).toISOString()).toBe('2026-07-10T16:00:00.000Z');
    expect(zonedInstant('2026-07-10', 1440 + 120).toISOString()).toBe('2026-07-11T00:00:00.000Z');
  });

  it('gives a daylight-saving day its 23 hours', () => {
    const start = zonedInstant('2026-03-29', 0);
    const end = zonedInstant('2026-03-29', 1440);
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(23);
  });
});

describe('a shift that ends on the next day', () => {
  it('says so: 18:00–10:00 ends the next day, 08:00–12:00 and the whole day do not', () => {
    expect(endsNextDay('18:00', '10:00')).toBe(true);
    expect(endsNextDay('22:00', '22:00')).toBe(true);
    expect(endsNextDay('08:00', '12:00')).toBe(false);
    expect(endsNextDay(null, null)).toBe(false);
    expect(adminShiftsTexts.range('18:00', '10:00')).toBe('18:00–10:00 Uhr (bis Folgetag)');
    expect(adminShiftsTexts.range('08:00', '12:00')).toBe('08:00–12:00 Uhr');
  });
});
