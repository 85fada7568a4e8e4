import { describe, expect, it } from 'vitest';
import {
  isTwoFactorRequired,
  isTwoFactorSetupRequired,
  sessionTwoFactorOf,
} from './two-factor-rules';

describe('two-factor sign-in required', () => {
  it('only for the platform admin, and only in production', () => {
    expect(isTwoFactorRequired('admin', 'production')).toBe(true);
    expect(isTwoFactorRequired('admin', 'development')).toBe(false);
    expect(isTwoFactorRequired('admin', 'test')).toBe(false);
    expect(isTwoFactorRequired('business_owner', 'production')).toBe(false);
    expect(isTwoFactorRequired('employee', 'production')).toBe(false);
  });

  it('limits the session to the setup until the admin has it', () => {
    expect(isTwoFactorSetupRequired({ role: 'admin' }, false, 'production')).toBe(true);
    expect(isTwoFactorSetupRequired({ role: 'admin' }, true, 'production')).toBe(false);
    expect(isTwoFactorSetupRequired({ role: 'admin' }, false, 'development')).toBe(false);
    expect(isTwoFactorSetupRequired({ role: 'business_owner' }, false, 'production')).toBe(false);
    expect(sessionTwoFactorOf({ role: 'admin' }, false, 'production')).toEqual({
      enabled: false,
      setupRequired: true,
    });
    expect(sessionTwoFactorOf({ role: 'employee' }, true, 'production')).toEqual({
      enabled: true,
      setupRequired: false,
    });
  });
});
