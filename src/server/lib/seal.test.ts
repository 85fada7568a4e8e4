import { describe, expect, it } from 'vitest';
import { seal, unseal, unsealWith } from './seal';

const secret = 'a-server-secret-that-is-long-enough-0123456789';
const row = '11111111-1111-4111-8111-111111111111';

describe('sealed values', () => {
  it('open with the same secret, purpose and row, and hide the value while sealed', () => {
    const sealed = seal(secret, 'test:v1', row, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(seal(secret, 'test:v1', row, 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(unseal(secret, 'test:v1', row, sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('do not open for another purpose, row or secret', () => {
    const sealed = seal(secret, 'test:v1', row, 'geheim');
    expect(unseal(secret, 'other:v1', row, sealed)).toBeNull();
    expect(unseal(secret, 'test:v1', '22222222-2222-4222-8222-222222222222', sealed)).toBeNull();
    expect(unseal(`${secret}x`, 'test:v1', row, sealed)).toBeNull();
  });

  it('open under a previous secret during a rotation and say it was not the current one', () => {
    const previous = `${secret}-previous`;
    const sealed = seal(previous, 'test:v1', row, 'geheim');
    expect(unseal(secret, 'test:v1', row, sealed)).toBeNull();
    expect(unseal([secret, previous], 'test:v1', row, sealed)).toBe('geheim');
    expect(unsealWith([secret, previous], 'test:v1', row, sealed)).toEqual({
      plain: 'geheim',
      current: false,
    });
    const fresh = seal(secret, 'test:v1', row, 'geheim');
    expect(unsealWith([secret, previous], 'test:v1', row, fresh)).toEqual({
      plain: 'geheim',
      current: true,
    });
  });
});
