import { describe, expect, it } from 'vitest';
import { bearerMatches } from './inbound';

describe('bearerMatches', () => {
  const secret = 'sync-secret-0123456789';
  it.each([
    [`Bearer ${secret}`, true],
    [`bearer ${secret}`, true],
    [`Bearer ${secret} `, true],
    [`Bearer ${secret}x`, false],
    [`Bearer ${secret.slice(0, -1)}`, false],
    [secret, false],
    ['Bearer ', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(bearerMatches(header, secret)).toBe(expected);
  });
});
