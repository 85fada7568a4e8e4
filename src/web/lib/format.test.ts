import { describe, expect, it } from 'vitest';
import { formatBerlinDate, formatRelative, initials, staffFormat } from './format';

describe('initials', () => {
  it('takes at most two letters', () => {
    expect(initials('Anna Maria Schneider')).toBe('AM');
    expect(initials('ben')).toBe('B');
  });

  it('builds initials from letters only', () => {
    expect(initials('Restaurant & Bar')).toBe('RB');
    expect(initials('Tisch 7')).toBe('T');
    expect(initials('Özge Ünal')).toBe('ÖÜ');
    expect(initials('7 & 8')).toBe('MA');
  });

  it("falls back to 'MA' without a name", () => {
    expect(initials('')).toBe('MA');
    expect(initials(null)).toBe('MA');
    expect(initials('   ')).toBe('MA');
  });
});

describe('formatRelative', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('speaks German', () => {
    expect(formatRelative('2026-11-22T11:59:50Z', now)).toBe('gerade eben');
    expect(formatRelative('2026-11-22T11:55:00Z', now)).toBe('vor 5 Minuten');
    expect(formatRelative('2026-11-22T09:00:00Z', now)).toBe('vor 3 Stunden');
    expect(formatRelative('2026-11-21T12:00:00Z', now)).toBe('gestern');
  });
});

describe('staffFormat', () => {
  it('writes amounts and dates the way each staff language does', () => {
    const de = staffFormat('de');
    const en = staffFormat('en');
    expect(de.cents(1250).replace(/\s/g, ' ')).toBe('12,50 €');
    expect(en.cents(1250)).toBe('€12.50');
    expect(de.date('2026-11-28T12:00:00Z')).toBe('28.11.2026');
    expect(en.date('2026-11-28T12:00:00Z')).toBe('28/11/2026');
    const now = new Date('2026-11-22T12:00:00Z');
    expect(en.relative('2026-11-22T11:55:00Z', now)).toBe('5 minutes ago');
    expect(en.relative('2026-11-21T12:00:00Z', now)).toBe('yesterday');
    expect(de.relative('2026-11-21T12:00:00Z', now)).toBe('gestern');
  });
});

describe('formatBerlinDate', () => {
  it('names the day in Berlin, not in the browser’s time zone', () => {
    // 23:30 UTC on 28 December is already 29 December in Berlin (UTC+1).
    expect(formatBerlinDate('2026-12-28T23:30:00.000Z')).toBe('29.12.2026');
    // 22:30 UTC on 30 June is 00:30 on 1 July in Berlin (summer time, UTC+2).
    expect(formatBerlinDate('2026-06-30T22:30:00.000Z')).toBe('01.07.2026');
  });
});
