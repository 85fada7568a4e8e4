import { describe, expect, it } from 'vitest';
import type { StaffAllowedActions, StaffStatus } from '../../../shared/api/staff';
import { ROLES, type Role } from '../../../shared/domain/roles';
import { staffActionsFor, staffListPermissions, type StaffRowFacts } from './permissions';
import {
  decideDeactivation,
  decideManage,
  decideReactivation,
  decideRoleChange,
  decideTwoFactorReset,
} from './policy';

/**
 * What the staff list offers the signed-in person on each row: computed by
 * the same policy functions the server enforces, so the page never offers an action the server
 * refuses. The platform admin's profile belongs to the hotel here, as on the demo database.
 */

const HOTEL = 'b-hotel';
const CAFE = 'b-cafe';
const actor = (id: string, role: Role, businessId: string | null) => ({
  userId: id,
  role,
  businessId,
});
const row = (
  id: string,
  role: Role,
  businessId: string | null,
  extra: Partial<Pick<StaffRowFacts, 'status' | 'twoFactorEnabled'>> = {},
): StaffRowFacts => ({ id, role, businessId, status: 'active', twoFactorEnabled: true, ...extra });

const owner = actor('owner', 'business_owner', HOTEL);
const admin = actor('admin', 'admin', HOTEL);
const cafeOwner = actor('cafe-owner', 'business_owner', CAFE);

const NOTHING: StaffAllowedActions = {
  changeRole: [],
  deactivate: false,
  reactivate: false,
  resendInvitation: false,
  resetTwoFactor: false,
};

const twoOwners = { activeOwners: 2 };
const lastOwner = { activeOwners: 1 };

describe('what an owner may do on each row of the staff list', () => {
  it.each<[string, StaffRowFacts, StaffAllowedActions]>([
    ['themselves', row('owner', 'business_owner', HOTEL), NOTHING],
    ['another owner', row('co-owner', 'business_owner', HOTEL), NOTHING],
    ['the platform admin', row('admin', 'admin', HOTEL), NOTHING],
    [
      'an employee',
      row('anna', 'employee', HOTEL),
      { ...NOTHING, changeRole: ['business_owner'], deactivate: true, resetTwoFactor: true },
    ],
    [
      'an invited person',
      row('nora', 'employee', HOTEL, { status: 'invited', twoFactorEnabled: false }),
      { ...NOTHING, changeRole: ['business_owner'], deactivate: true, resendInvitation: true },
    ],
    [
      'a deactivated employee',
      row('ben', 'employee', HOTEL, { status: 'deactivated' }),
      { ...NOTHING, changeRole: ['business_owner'], reactivate: true, resetTwoFactor: true },
    ],
    [
      'a deactivated owner',
      row('old-owner', 'business_owner', HOTEL, { status: 'deactivated' }),
      NOTHING,
    ],
    ['a person of another business', row('lena', 'employee', CAFE), NOTHING],
  ])('%s', (_name, person, expected) => {
    expect(staffActionsFor(owner, person, twoOwners)).toEqual(expected);
  });

  it('never offers the role Administrator, whoever the person is', () => {
    for (const role of ROLES) {
      for (const status of ['active', 'invited', 'deactivated'] as const) {
        const person = row(`p-${role}-${status}`, role, HOTEL, { status });
        expect(staffActionsFor(owner, person, twoOwners).changeRole).not.toContain('admin');
      }
    }
  });

  it('offers no 2FA reset to someone without two-factor sign-in', () => {
    const anna = row('anna', 'employee', HOTEL, { twoFactorEnabled: false });
    expect(staffActionsFor(owner, anna, twoOwners).resetTwoFactor).toBe(false);
  });
});

describe('what the platform admin may do on each row', () => {
  it.each<[string, StaffRowFacts, { activeOwners: number }, StaffAllowedActions]>([
    ['themselves', row('admin', 'admin', HOTEL), twoOwners, NOTHING],
    [
      'an owner, with a second owner',
      row('owner', 'business_owner', HOTEL),
      twoOwners,
      {
        ...NOTHING,
        changeRole: ['admin', 'employee'],
        deactivate: true,
        resetTwoFactor: true,
      },
    ],
    [
      'the last owner',
      row('owner', 'business_owner', HOTEL),
      lastOwner,
      { ...NOTHING, changeRole: ['admin'], resetTwoFactor: true },
    ],
    [
      'an employee',
      row('anna', 'employee', HOTEL),
      lastOwner,
      {
        ...NOTHING,
        changeRole: ['admin', 'business_owner'],
        deactivate: true,
        resetTwoFactor: true,
      },
    ],
    [
      'a deactivated owner',
      row('old-owner', 'business_owner', HOTEL, { status: 'deactivated', twoFactorEnabled: false }),
      twoOwners,
      { ...NOTHING, changeRole: ['admin', 'employee'], reactivate: true },
    ],
    [
      'an invited owner of another business',
      row('new-owner', 'business_owner', CAFE, { status: 'invited', twoFactorEnabled: false }),
      twoOwners,
      {
        ...NOTHING,
        changeRole: ['admin', 'employee'],
        deactivate: true,
        resendInvitation: true,
      },
    ],
  ])('%s', (_name, person, context, expected) => {
    expect(staffActionsFor(admin, person, context)).toEqual(expected);
  });
});

describe('the roles the invitation form offers', () => {
  it('an owner invites employees and owners, never administrators', () => {
    expect(staffListPermissions(owner, HOTEL)).toEqual({
      inviteRoles: ['business_owner', 'employee'],
    });
  });
  it('the platform admin invites every role, into any business', () => {
    expect(staffListPermissions(admin, CAFE)).toEqual({ inviteRoles: [...ROLES] });
  });
  it('nobody invites into a business they do not manage', () => {
    expect(staffListPermissions(cafeOwner, HOTEL)).toEqual({ inviteRoles: [] });
    expect(staffListPermissions(actor('anna', 'employee', HOTEL), HOTEL)).toEqual({
      inviteRoles: [],
    });
  });
});

/**
 * One source: for every actor, person, status and owner count, an action is offered exactly when
 * the policy function the service asks allows it (plus the state the service requires).
 */
describe('offered exactly when the policy allows', () => {
  const actors = [owner, admin, cafeOwner, actor('anna', 'employee', HOTEL)];
  const people: StaffRowFacts[] = [];
  for (const role of ROLES) {
    for (const businessId of [HOTEL, CAFE]) {
      for (const status of ['active', 'invited', 'deactivated'] as StaffStatus[]) {
        for (const twoFactorEnabled of [true, false]) {
          people.push(
            row(`${role}-${businessId}-${status}`, role, businessId, {
              status,
              twoFactorEnabled,
            }),
          );
        }
      }
    }
  }
  people.push(row('owner', 'business_owner', HOTEL), row('admin', 'admin', HOTEL));

  it('for every combination', () => {
    let checked = 0;
    for (const who of actors) {
      for (const person of people) {
        for (const activeOwners of [1, 2]) {
          const context = { activeOwners };
          const offered = staffActionsFor(who, person, context);
          const active = person.status !== 'deactivated';
          expect(offered.deactivate).toBe(
            active && decideDeactivation(who, person, context).allowed,
          );
          expect(offered.reactivate).toBe(!active && decideReactivation(who, person).allowed);
          expect(offered.resendInvitation).toBe(
            person.status === 'invited' && decideManage(who, person).allowed,
          );
          expect(offered.resetTwoFactor).toBe(
            person.twoFactorEnabled && decideTwoFactorReset(who, person).allowed,
          );
          for (const role of ROLES) {
            expect(offered.changeRole.includes(role)).toBe(
              role !== person.role && decideRoleChange(who, person, role, context).allowed,
            );
          }
          checked += 1;
        }
      }
    }
    expect(checked).toBe(actors.length * people.length * 2);
  });
});
