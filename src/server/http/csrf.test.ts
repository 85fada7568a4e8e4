import { describe, expect, it } from 'vitest';
import { claimedOrigin, isSameOrigin } from './csrf';

describe('CSRF origin check', () => {
  const origin = 'https://trinkgeld.example';

  it('takes Origin first, else the origin of the Referer', () => {
    expect(claimedOrigin({ origin: 'https://a.example', referer: 'https://b.example/x' })).toBe(
      'https://a.example',
    );
    expect(claimedOrigin({ referer: 'https://b.example/x?y=1' })).toBe('https://b.example');
    expect(claimedOrigin({ origin: 'null' })).toBeUndefined();
    expect(claimedOrigin({ referer: 'kein url' })).toBeUndefined();
    expect(claimedOrigin({})).toBeUndefined();
  });

  it.each([
    ['https://trinkgeld.example', undefined, true],
    ['https://trinkgeld.example.evil.com', undefined, false],
    ['http://trinkgeld.example', undefined, false],
    ['http://10.0.0.5:3000', '10.0.0.5:3000', true],
    ['http://10.0.0.5:3000', '10.0.0.5:3001', false],
    ['https://evil.example', 'trinkgeld.example', false],
    [undefined, 'trinkgeld.example', false],
  ])('%s to host %s: %s', (claimed, host, expected) => {
    expect(isSameOrigin(claimed, origin, host)).toBe(expected);
  });
});
