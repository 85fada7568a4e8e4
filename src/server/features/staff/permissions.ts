import type {
  StaffAllowedActions,
  StaffListPermissions,
  StaffStatus,
} from '../../../shared/api/staff';
import { ROLES } from '../../../shared/domain/roles';
import {
  decideDeactivation,
  decideInvite,
  decideManage,
  decideReactivation,
  decideRoleChange,
  decideTwoFactorReset,
  type StaffActor,
  type StaffContext,
  type StaffTarget,
} from './policy';

/**
 * What the signed-in person may do on /admin/users (decision 0342), from the
 * same policy functions the services ask before they act, plus the state each service requires
 * (only a deactivated person is reactivated, only an invited one gets the invitation again, only
 * someone with two-factor sign-in has it reset). The browser shows exactly these actions.
 */

/** One row of the list as the rules see it. */
export interface StaffRowFacts extends StaffTarget {
  status: StaffStatus;
  twoFactorEnabled: boolean;
}

export function staffActionsFor(
  actor: StaffActor,
  person: StaffRowFacts,
  context: StaffContext,
): StaffAllowedActions {
  const deactivated = person.status === 'deactivated';
  return {
    changeRole: ROLES.filter(
      (role) => role !== person.role && decideRoleChange(actor, person, role, context).allowed,
    ),
    deactivate: !deactivated && decideDeactivation(actor, person, context).allowed,
    reactivate: deactivated && decideReactivation(actor, person).allowed,
    resendInvitation: person.status === 'invited' && decideManage(actor, person).allowed,
    resetTwoFactor: person.twoFactorEnabled && decideTwoFactorReset(actor, person).allowed,
  };
}

/** The page's own actions in the business it shows: the roles the invitation form offers. */
export function staffListPermissions(actor: StaffActor, businessId: string): StaffListPermissions {
  return { inviteRoles: ROLES.filter((role) => decideInvite(actor, businessId, role).allowed) };
}
