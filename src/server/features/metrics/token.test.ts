import { describe, expect, it } from 'vitest';
import { bearerMatches } from './token';

const token = 'a'.repeat(16) + 'B'.repeat(16);

describe('bearerMatches', () => {
  it('takes exactly "Bearer <token>" (any case of the scheme)', () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
  });

  it('refuses everything else, and everything when no token is configured', () => {
    for (const header of [
      undefined,
      '',
      token,
      `Basic ${token}`,
      `Bearer ${token}x`,
      `Bearer ${token.slice(1)}`,
      `Bearer ${token.toLowerCase()}`,
      `Bearer ${token} extra`,
    ]) {
      expect(bearerMatches(header, token)).toBe(false);
    }
    expect(bearerMatches('Bearer ', '')).toBe(false);
    expect(bearerMatches(`Bearer ${token}`, undefined)).toBe(false);
  });
});
