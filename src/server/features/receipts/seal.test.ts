import { describe, expect, it } from 'vitest';
import { openAddress, sealAddress } from './seal';

const secret = 'a-server-secret-that-is-long-enough-0123456789';
const tipId = '11111111-1111-4111-8111-111111111111';

describe('sealed reply address', () => {
  it('opens with the same secret and tip, and names nobody while sealed', () => {
    const sealed = sealAddress(secret, tipId, 'gast@example.org');
    expect(sealed).not.toContain('gast');
    expect(sealAddress(secret, tipId, 'gast@example.org')).not.toBe(sealed);
    expect(openAddress(secret, tipId, sealed)).toBe('gast@example.org');
  });

  it('does not open for another tip, another secret or an altered value', () => {
    const sealed = sealAddress(secret, tipId, 'gast@example.org');
    expect(openAddress(secret, '22222222-2222-4222-8222-222222222222', sealed)).toBeNull();
    expect(openAddress(`${secret}x`, tipId, sealed)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = `${parts[3]!.slice(0, -2)}AA`;
    expect(openAddress(secret, tipId, parts.join('.'))).toBeNull();
    expect(openAddress(secret, tipId, 'kaputt')).toBeNull();
  });
});
