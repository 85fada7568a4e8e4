import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/domain/roles';
import {
  isAuditedPasswordChange,
  mayChoosePasswordInOnboarding,
  mayReceiveResetLink,
  mayUsePasswordLink,
  needsCurrentPassword,
} from './policy';

const HASH = 'scrypt$15$8$1$salt$key';
const NOW = new Date('2026-03-01T10:00:00Z');

describe('password rules as a table', () => {
  it.each([
    ['no account', undefined, false],
    ['an active account with a password', { passwordHash: HASH, disabledAt: null }, true],
    ['an active account without a password', { passwordHash: null, disabledAt: null }, true],
    ['a deactivated account', { passwordHash: HASH, disabledAt: NOW }, false],
  ])('reset mail and link use for %s: %s', (_name, account, allowed) => {
    expect(mayReceiveResetLink(account)).toBe(allowed);
    expect(mayUsePasswordLink(account)).toBe(allowed);
  });

  it.each([
    [HASH, true, false],
    [null, false, true],
  ])(
    'password %s: current password needed %s, onboarding offers one %s',
    (passwordHash, needed, offered) => {
      expect(needsCurrentPassword({ passwordHash })).toBe(needed);
      expect(mayChoosePasswordInOnboarding({ passwordHash })).toBe(offered);
    },
  );

  it.each<[Role, boolean, boolean]>([
    ['admin', true, true],
    ['business_owner', true, true],
    ['employee', true, false],
    ['admin', false, false],
  ])('a %s (profile %s) is audited: %s', (role, hasProfile, audited) => {
    expect(isAuditedPasswordChange({ role, hasProfile })).toBe(audited);
  });
});
