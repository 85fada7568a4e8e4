import { describe, expect, it } from 'vitest';
import { effectiveRole, roleHome } from './roles';

describe('roles', () => {
  it('sends each role home', () => {
    expect(roleHome('admin')).toBe('/admin/dashboard');
    expect(roleHome('business_owner')).toBe('/admin/dashboard');
    expect(roleHome('employee')).toBe('/employee/dashboard');
  });

  it('treats a missing or unknown role as employee', () => {
    expect(effectiveRole(undefined)).toBe('employee');
    expect(effectiveRole('superuser')).toBe('employee');
    expect(roleHome(null)).toBe('/employee/dashboard');
  });
});
