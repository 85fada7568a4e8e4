import { describe, expect, it } from 'vitest';
import { decideAdminCreation } from './policy';

describe('who admin:create may make the platform admin', () => {
  it.each([
    ['a new address', undefined, { action: 'create' }],
    ['an admin', { role: 'admin' }, { action: 'already_admin' }],
    ['an owner', { role: 'business_owner' }, { action: 'refuse', role: 'business_owner' }],
    ['an employee', { role: 'employee' }, { action: 'refuse', role: 'employee' }],
    ['an account without a profile', { role: null }, { action: 'refuse', role: 'employee' }],
  ])('%s -> %j', (_name, existing, decision) => {
    expect(decideAdminCreation(existing)).toEqual(decision);
  });
});
