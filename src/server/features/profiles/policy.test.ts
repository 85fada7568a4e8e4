import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/domain/roles';
import { canAssignRole, canListStaff, canUpdateProfile, canViewProfile } from './policy';

const HOTEL = 'b-hotel';
const OTHER = 'b-other';
const person = (id: string, role: Role, businessId: string | null = HOTEL) => ({
  userId: id,
  id,
  role,
  businessId,
});

const admin = person('admin', 'admin');
const owner = person('owner', 'business_owner');
const coOwner = person('co-owner', 'business_owner');
const employee = person('anna', 'employee');
const colleague = person('ben', 'employee');
const foreignEmployee = person('zoe', 'employee', OTHER);
const foreignOwner = person('olga', 'business_owner', OTHER);

describe('profile policy matrix', () => {
  it.each([
    // actor, target, view, update
    [employee, employee, true, true],
    [employee, colleague, false, false],
    [employee, owner, false, false],
    [owner, employee, true, true],
    [owner, owner, true, true],
    [owner, coOwner, true, false],
    [owner, admin, true, false],
    [owner, foreignEmployee, false, false],
    [foreignOwner, employee, false, false],
    [admin, foreignEmployee, true, true],
    [admin, owner, true, true],
  ])('%o on %o: view %s, update %s', (actor, target, view, update) => {
    expect(canViewProfile(actor, target)).toBe(view);
    expect(canUpdateProfile(actor, target)).toBe(update);
  });

  it.each([
    // actor, target, new role, allowed
    [employee, employee, 'employee', true],
    [employee, employee, 'admin', false],
    [owner, owner, 'admin', false],
    [admin, admin, 'employee', false],
    [owner, employee, 'business_owner', true],
    [owner, employee, 'admin', false],
    [owner, foreignEmployee, 'business_owner', false],
    [admin, employee, 'admin', true],
    [admin, foreignOwner, 'employee', true],
    [owner, coOwner, 'employee', false],
  ] as const)('%o gives %o the role %s: %s', (actor, target, role, allowed) => {
    expect(canAssignRole(actor, target, role, { activeOwners: 2 })).toBe(allowed);
  });

  it('lets only admins and owners list staff', () => {
    expect(canListStaff(admin)).toBe(true);
    expect(canListStaff(owner)).toBe(true);
    expect(canListStaff(employee)).toBe(false);
  });
});
