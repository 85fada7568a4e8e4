import type { Role } from '../../../shared/domain/roles';
import type { Actor } from '../auth/actor';
import { canAccessBusiness } from '../auth/policy';
import { decideRoleChange, type StaffContext } from '../staff/policy';

type ProfileActor = Pick<Actor, 'userId' | 'role' | 'businessId'>;

/** The profile being read or changed. */
export interface ProfileTarget {
  id: string;
  role: Role;
  businessId: string | null;
}

/** Everyone sees their own profile; admins every profile; owners those of their business. */
export function canViewProfile(actor: ProfileActor, target: ProfileTarget): boolean {
  if (actor.userId === target.id) return true;
  if (actor.role === 'admin') return true;
  return actor.role === 'business_owner' && canAccessBusiness(actor, target.businessId);
}

/**
 * Employees update only their own profile (spec §6); admins any; owners the employee profiles
 * of their own business (never another owner's).
 */
export function canUpdateProfile(actor: ProfileActor, target: ProfileTarget): boolean {
  if (actor.userId === target.id) return true;
  if (actor.role === 'admin') return true;
  return (
    actor.role === 'business_owner' &&
    target.role === 'employee' &&
    canAccessBusiness(actor, target.businessId)
  );
}

/**
 * Giving a profile a role: the staff rules (features/staff/policy.ts): nobody changes
 * their own role; only the platform admin grants or removes admin; owners promote employees of
 * their business but never change another owner; the last owner stays an owner.
 */
export function canAssignRole(
  actor: ProfileActor,
  target: ProfileTarget,
  role: Role,
  context: StaffContext,
): boolean {
  return decideRoleChange(actor, target, role, context).allowed;
}

/** The staff list (QR overview, payment-point forms) is for admins and owners. */
export function canListStaff(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === 'admin' || actor.role === 'business_owner';
}
