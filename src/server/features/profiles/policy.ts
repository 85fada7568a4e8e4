import type { Role } from '../../../shared/domain/roles';
import type { Actor } from '../auth/actor';
import { canAccessBusiness } from '../auth/policy';

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
 * Employees update only their own profile (spec §6); admins any; owners the non-admin profiles
 * of their own business.
 */
export function canUpdateProfile(actor: ProfileActor, target: ProfileTarget): boolean {
  if (actor.userId === target.id) return true;
  if (actor.role === 'admin') return true;
  return (
    actor.role === 'business_owner' &&
    target.role !== 'admin' &&
    canAccessBusiness(actor, target.businessId)
  );
}

/**
 * Giving a profile a role. Nobody changes their own role (no self-promotion, and the last admin
 * cannot lock themselves out); admins assign any role; owners move people of their business
 * between employee and business_owner.
 */
export function canAssignRole(actor: ProfileActor, target: ProfileTarget, role: Role): boolean {
  if (role === target.role) return true;
  if (actor.userId === target.id) return false;
  if (actor.role === 'admin') return true;
  return actor.role === 'business_owner' && role !== 'admin' && canUpdateProfile(actor, target);
}

/** The staff list (QR overview, payment-point forms) is for admins and owners. */
export function canListStaff(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === 'admin' || actor.role === 'business_owner';
}
