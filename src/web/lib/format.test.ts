import { describe, expect, it } from 'vitest';
import { formatRelative, initials } from './format';

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
