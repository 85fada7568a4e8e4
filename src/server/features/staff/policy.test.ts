import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/domain/roles';
import {
  decideDeactivation,
  decideInvite,
  decideReactivation,
  decideRoleChange,
  decideTwoFactorReset,
  type StaffDecision,
} from './policy';

const HOTEL = 'b-hotel';
const CAFE = 'b-cafe';
const person = (id: string, role: Role, businessId: string | null) => ({
  userId: id,
  id,
  role,
  businessId,
});

const admin = person('admin', 'admin', null);
const owner = person('owner', 'business_owner', HOTEL);
const coOwner = person('co-owner', 'business_owner', HOTEL);
const employee = person('anna', 'employee', HOTEL);
const cafeOwner = person('cafe-owner', 'business_owner', CAFE);
const cafeEmployee = person('lena', 'employee', CAFE);

const actors = { admin, owner, cafeOwner, employee } as const;
const targets = { admin, coOwner, employee, cafeOwner, cafeEmployee } as const;
const outcome = (decision: StaffDecision) => (decision.allowed ? 'ok' : decision.reason);

/**
 * Every role change between the platform admin, a business owner, the owner of another business
 * and an employee, on every kind of target, with two owners in each business (so the last-owner
 * rule does not hide the others). Columns: new role admin / business_owner / employee.
 */
const ROLE_MATRIX: Record<
  keyof typeof actors,
  Record<keyof typeof targets, [string, string, string]>
> = {
  admin: {
    admin: ['ok', 'self', 'self'],
    coOwner: ['ok', 'ok', 'ok'],
    employee: ['ok', 'ok', 'ok'],
    cafeOwner: ['ok', 'ok', 'ok'],
    cafeEmployee: ['ok', 'ok', 'ok'],
  },
  owner: {
    admin: ['ok', 'admin_only', 'admin_only'],
    coOwner: ['admin_only', 'ok', 'other_owner'],
    employee: ['admin_only', 'ok', 'ok'],
    cafeOwner: ['admin_only', 'ok', 'other_business'],
    cafeEmployee: ['admin_only', 'other_business', 'ok'],
  },
  cafeOwner: {
    admin: ['ok', 'admin_only', 'admin_only'],
    coOwner: ['admin_only', 'ok', 'other_business'],
    employee: ['admin_only', 'other_business', 'ok'],
    cafeOwner: ['self', 'ok', 'self'],
    cafeEmployee: ['admin_only', 'ok', 'ok'],
  },
  employee: {
    admin: ['ok', 'admin_only', 'admin_only'],
    coOwner: ['admin_only', 'ok', 'forbidden'],
    employee: ['self', 'self', 'ok'],
    cafeOwner: ['admin_only', 'ok', 'forbidden'],
    cafeEmployee: ['admin_only', 'forbidden', 'ok'],
  },
};

const NEW_ROLES: Role[] = ['admin', 'business_owner', 'employee'];

describe('role changes', () => {
  for (const [actorName, row] of Object.entries(ROLE_MATRIX)) {
    for (const [targetName, expected] of Object.entries(row)) {
      NEW_ROLES.forEach((role, index) => {
        it(`${actorName} gives ${targetName} the role ${role}: ${expected[index]}`, () => {
          const actor = actors[actorName as keyof typeof actors];
          const target = targets[targetName as keyof typeof targets];
          expect(outcome(decideRoleChange(actor, target, role, { activeOwners: 2 }))).toBe(
            expected[index],
          );
        });
      });
    }
  }

  it('an owner cannot demote another owner of the same business, even with many owners', () => {
    expect(outcome(decideRoleChange(owner, coOwner, 'employee', { activeOwners: 5 }))).toBe(
      'other_owner',
    );
  });

  it('the last owner of a business is never demoted, not even by the platform admin', () => {
    expect(outcome(decideRoleChange(admin, coOwner, 'employee', { activeOwners: 1 }))).toBe(
      'last_owner',
    );
    expect(outcome(decideRoleChange(admin, coOwner, 'employee', { activeOwners: 2 }))).toBe('ok');
  });
});

describe('deactivation and reactivation', () => {
  it.each([
    [admin, coOwner, 2, 'ok'],
    [admin, coOwner, 1, 'last_owner'],
    [admin, employee, 1, 'ok'],
    [admin, admin, 1, 'self'],
    [owner, employee, 1, 'ok'],
    [owner, coOwner, 2, 'other_owner'],
    [owner, owner, 2, 'self'],
    [owner, admin, 2, 'admin_only'],
    [owner, cafeEmployee, 2, 'other_business'],
    [cafeOwner, employee, 2, 'other_business'],
    [employee, cafeEmployee, 2, 'forbidden'],
    [employee, employee, 2, 'self'],
  ] as const)('%o deactivates %o (%i owners): %s', (actor, target, activeOwners, expected) => {
    expect(outcome(decideDeactivation(actor, target, { activeOwners }))).toBe(expected);
  });

  it.each([
    [admin, coOwner, 'ok'],
    [owner, employee, 'ok'],
    [owner, coOwner, 'other_owner'],
    [cafeOwner, employee, 'other_business'],
    [employee, employee, 'self'],
  ] as const)('%o reactivates %o: %s', (actor, target, expected) => {
    expect(outcome(decideReactivation(actor, target))).toBe(expected);
  });
});

describe('invitations', () => {
  it.each([
    [admin, CAFE, 'admin', 'ok'],
    [owner, HOTEL, 'employee', 'ok'],
    [owner, HOTEL, 'business_owner', 'ok'],
    [owner, HOTEL, 'admin', 'admin_only'],
    [owner, CAFE, 'employee', 'other_business'],
    [employee, HOTEL, 'employee', 'forbidden'],
  ] as const)('%o invites into %s as %s: %s', (actor, businessId, role, expected) => {
    expect(outcome(decideInvite(actor, businessId, role))).toBe(expected);
  });
});

describe('two-factor reset by an admin or owner', () => {
  // The platform admin's profile sits in the hotel here: the reset rules never count it as staff.
  const resetActors = {
    admin: person('admin', 'admin', HOTEL),
    owner: person('owner', 'business_owner', HOTEL),
    cafeOwner: person('cafe-owner', 'business_owner', CAFE),
    employee: person('anna', 'employee', HOTEL),
  } as const;
  const resetTargets = {
    self: null,
    otherAdmin: person('admin-2', 'admin', null),
    coOwner: person('co-owner', 'business_owner', HOTEL),
    employee: resetActors.employee,
    colleague: person('ben', 'employee', HOTEL),
    cafeOwner: resetActors.cafeOwner,
    cafeEmployee: person('lena', 'employee', CAFE),
  } as const;
  const outcome = (decision: StaffDecision) => (decision.allowed ? 'ok' : decision.reason);

  /**
   * Every reset between the platform admin, an owner of each business and an employee, on every
   * kind of target: only the platform admin resets owners and admins, an owner resets the
   * employees of their own business, nobody resets themselves or someone of another business.
   */
  const RESET_MATRIX: Record<
    keyof typeof resetActors,
    Record<keyof typeof resetTargets, string>
  > = {
    admin: {
      self: 'self',
      otherAdmin: 'ok',
      coOwner: 'ok',
      employee: 'ok',
      colleague: 'ok',
      cafeOwner: 'ok',
      cafeEmployee: 'ok',
    },
    owner: {
      self: 'self',
      otherAdmin: 'admin_only',
      coOwner: 'other_owner',
      employee: 'ok',
      colleague: 'ok',
      cafeOwner: 'other_business',
      cafeEmployee: 'other_business',
    },
    cafeOwner: {
      self: 'self',
      otherAdmin: 'admin_only',
      coOwner: 'other_business',
      employee: 'other_business',
      colleague: 'other_business',
      cafeOwner: 'self',
      cafeEmployee: 'ok',
    },
    employee: {
      self: 'self',
      otherAdmin: 'forbidden',
      coOwner: 'forbidden',
      employee: 'self',
      colleague: 'forbidden',
      cafeOwner: 'forbidden',
      cafeEmployee: 'forbidden',
    },
  };

  for (const [actorName, row] of Object.entries(RESET_MATRIX)) {
    for (const [targetName, expected] of Object.entries(row)) {
      it(`${actorName} resets ${targetName}: ${expected}`, () => {
        const actor = resetActors[actorName as keyof typeof resetActors];
        const target = resetTargets[targetName as keyof typeof resetTargets] ?? actor;
        expect(outcome(decideTwoFactorReset(actor, target))).toBe(expected);
      });
    }
  }
});
