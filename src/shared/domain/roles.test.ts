import { describe, expect, it } from 'vitest';
import { effectiveRole, hasRequiredRole, roleHome, STAFF_MANAGER_ROLES } from './roles';

describe('roles', () => {
  it('sends each role home', () => {
    expect(roleHome('admin')).toBe('/admin/dashboard');
    expect(roleHome('business_owner')).toBe('/admin/dashboard');
    expect(roleHome('employee')).toBe('/employee/dashboard');
  });

  it('sends the platform admin without a business to the operator console', () => {
    expect(roleHome('admin', null)).toBe('/admin/businesses');
    expect(roleHome('admin', '11111111-1111-4111-8111-111111111111')).toBe('/admin/dashboard');
    expect(roleHome('business_owner', null)).toBe('/admin/dashboard');
    expect(roleHome('employee', null)).toBe('/employee/dashboard');
  });

  it('treats a missing or unknown role as employee', () => {
    expect(effectiveRole(undefined)).toBe('employee');
    expect(effectiveRole('superuser')).toBe('employee');
    expect(roleHome(null)).toBe('/employee/dashboard');
  });
});

describe('hasRequiredRole', () => {
  it('allows anyone for an empty list and checks membership otherwise', () => {
    expect(hasRequiredRole('employee', [])).toBe(true);
    expect(hasRequiredRole('employee', STAFF_MANAGER_ROLES)).toBe(false);
    expect(hasRequiredRole('business_owner', STAFF_MANAGER_ROLES)).toBe(true);
    expect(hasRequiredRole('admin', ['admin'])).toBe(true);
    expect(hasRequiredRole(undefined, ['employee'])).toBe(true);
    expect(hasRequiredRole('root', ['admin'])).toBe(false);
  });
});
