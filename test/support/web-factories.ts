import type { StaffUser } from '../../src/shared/api/staff';
import type { Team } from '../../src/shared/api/teams';

/**
 * Answers of the API as the component tier's screens receive them (decision 0530): each call
 * makes a fresh object with its own id, the fields a test names set over plain defaults.
 */
let next = 0;
/** A new UUID-shaped id, different on every call; `prefix` tells kinds apart when reading. */
export function uuid(prefix = '00000000'): string {
  next += 1;
  return `${prefix}-0000-4000-8000-${String(next).padStart(12, '0')}`;
}

export function staffUser(fields: Partial<StaffUser> = {}): StaffUser {
  const id = fields.id ?? uuid('5f0c8a1e');
  return {
    id,
    fullName: 'Anna Schneider',
    email: `person-${id.slice(-6)}@example.test`,
    role: 'employee',
    teams: [],
    status: 'active',
    lastLoginAt: null,
    invitationExpiresAt: null,
    invitationDelivery: null,
    twoFactorEnabled: false,
    ...fields,
    allowedActions: {
      changeRole: [],
      deactivate: false,
      reactivate: false,
      resendInvitation: false,
      resetTwoFactor: false,
      ...fields.allowedActions,
    },
  };
}

export function team(fields: Partial<Team> = {}): Team {
  return {
    id: uuid('7eab0000'),
    name: 'Service',
    splitRule: 'equal',
    members: [],
    pointCount: 0,
    ...fields,
  };
}
