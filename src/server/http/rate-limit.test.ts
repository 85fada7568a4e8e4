import { describe, expect, it } from 'vitest';
import { combineDecisions } from './rate-limit';

describe('combineDecisions', () => {
  const at = (iso: string) => new Date(iso);

  it('is refused when any part is, with the longest wait and the fewest left', () => {
    const combined = combineDecisions([
      { allowed: true, remaining: 40, resetTime: at('2026-01-01T10:15:00Z'), retryAfter: 0 },
      { allowed: false, remaining: 0, resetTime: at('2026-01-01T10:10:00Z'), retryAfter: 300 },
    ]);
    expect(combined).toEqual({
      allowed: false,
      remaining: 0,
      resetTime: at('2026-01-01T10:10:00Z'),
      retryAfter: 300,
    });
  });

  it('is allowed when all parts are, and marks a degraded store', () => {
    const combined = combineDecisions([
      { allowed: true, remaining: 3, resetTime: at('2026-01-01T10:00:00Z'), retryAfter: 0 },
      {
        allowed: true,
        remaining: 9,
        resetTime: at('2026-01-01T10:05:00Z'),
        retryAfter: 0,
        degraded: true,
      },
    ]);
    expect(combined).toMatchObject({ allowed: true, remaining: 3, degraded: true });
  });
});
