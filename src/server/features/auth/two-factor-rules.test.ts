import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/domain/roles';
import { decideTwoFactorReset, type StaffDecision } from '../staff/policy';
import {
  isTwoFactorRequired,
  isTwoFactorSetupRequired,
  sessionTwoFactorOf,
} from './two-factor-rules';

const HOTEL = 'b-hotel';
const CAFE = 'b-cafe';
const person = (id: string, role: Role, businessId: string | null) => ({
  userId: id,
  id,
  role,
  businessId,
});

const admin = person('admin', 'admin', HOTEL);
const otherAdmin = person('admin-2', 'admin', null);
const owner = person('owner', 'business_owner', HOTEL);
const coOwner = person('co-owner', 'business_owner', HOTEL);
const employee = person('anna', 'employee', HOTEL);
const colleague = person('ben', 'employee', HOTEL);
const cafeOwner = person('cafe-owner', 'business_owner', CAFE);
const cafeEmployee = person('lena', 'employee', CAFE);

const actors = { admin, owner, cafeOwner, employee } as const;
const targets = {
  self: null,
  otherAdmin,
  coOwner,
  employee,
  colleague,
  cafeOwner,
  cafeEmployee,
} as const;
const outcome = (decision: StaffDecision) => (decision.allowed ? 'ok' : decision.reason);

/**
 * Every reset between the platform admin, an owner of each business and an employee, on every
 * kind of target: only the platform admin resets owners and admins, an owner resets the
 * employees of their own business, nobody resets themselves or someone of another business.
 */
const RESET_MATRIX: Record<keyof typeof actors, Record<keyof typeof targets, string>> = {
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

describe('two-factor reset by an admin or owner', () => {
  for (const [actorName, row] of Object.entries(RESET_MATRIX)) {
    for (const [targetName, expected] of Object.entries(row)) {
      it(`${actorName} resets ${targetName}: ${expected}`, () => {
        const actor = actors[actorName as keyof typeof actors];
        const target = targets[targetName as keyof typeof targets] ?? actor;
        expect(outcome(decideTwoFactorReset(actor, target))).toBe(expected);
      });
    }
  }
});

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
