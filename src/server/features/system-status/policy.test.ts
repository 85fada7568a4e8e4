import { describe, expect, it } from 'vitest';
import { mayViewSystemStatus } from './policy';

describe('mayViewSystemStatus', () => {
  it('lets the platform admin in and nobody else', () => {
    expect(mayViewSystemStatus({ role: 'admin' })).toBe(true);
    expect(mayViewSystemStatus({ role: 'business_owner' })).toBe(false);
    expect(mayViewSystemStatus({ role: 'employee' })).toBe(false);
  });
});
