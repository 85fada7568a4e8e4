import { describe, expect, it } from 'vitest';
import { canAccessBusiness, hasAnyRole, isAuditedActor } from './policy';

describe('auth policy helpers', () => {
  it('checks required roles; an empty list admits every signed-in person', () => {
    expect(hasAnyRole({ role: 'employee' }, [])).toBe(true);
    expect(hasAnyRole({ role: 'employee' }, ['admin', 'business_owner'])).toBe(false);
    expect(hasAnyRole({ role: 'business_owner' }, ['admin', 'business_owner'])).toBe(true);
  });

  it('scopes businesses: admins see all, others only their own', () => {
    expect(canAccessBusiness({ role: 'admin', businessId: null }, 'b1')).toBe(true);
    expect(canAccessBusiness({ role: 'business_owner', businessId: 'b1' }, 'b1')).toBe(true);
    expect(canAccessBusiness({ role: 'business_owner', businessId: 'b1' }, 'b2')).toBe(false);
    expect(canAccessBusiness({ role: 'employee', businessId: null }, null)).toBe(false);
  });

  it('audits only admin and owner sessions with a profile', () => {
    expect(isAuditedActor({ role: 'admin', hasProfile: true })).toBe(true);
    expect(isAuditedActor({ role: 'business_owner', hasProfile: true })).toBe(true);
    expect(isAuditedActor({ role: 'employee', hasProfile: true })).toBe(false);
    expect(isAuditedActor({ role: 'employee', hasProfile: false })).toBe(false);
  });
});
