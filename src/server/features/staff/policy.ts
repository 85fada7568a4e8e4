import type { Role } from '../../../shared/domain/roles';
import type { Actor } from '../auth/actor';
import { canAccessBusiness } from '../auth/policy';

/**
 * Who may manage whom, as pure decisions. The rules:
 * - nobody changes their own role or deactivates themselves;
 * - only the platform admin grants or removes the role admin (and manages admins at all);
 * - a business owner manages the employees of their own business and may appoint another
 *   owner, but cannot change or deactivate another owner;
 * - the last active owner of a business is never demoted or deactivated, not even by the admin.
 * A refusal names its reason; the service turns it into the matching German error.
 */

export type StaffActor = Pick<Actor, 'userId' | 'role' | 'businessId'>;

export interface StaffTarget {
  id: string;
  role: Role;
  businessId: string | null;
}

/** Facts about the target's business the rules need. */
export interface StaffContext {
  /** Active (not deactivated) business owners of the target's business, the target included. */
  activeOwners: number;
}

export type StaffRefusal =
  'self' | 'admin_only' | 'other_owner' | 'last_owner' | 'other_business' | 'forbidden';

export type StaffDecision = { allowed: true } | { allowed: false; reason: StaffRefusal };

const ALLOW: StaffDecision = { allowed: true };
const refuse = (reason: StaffRefusal): StaffDecision => ({ allowed: false, reason });

/** May the actor manage this person at all (see the list, resend an invitation)? */
export function decideManage(actor: StaffActor, target: StaffTarget): StaffDecision {
  if (actor.role === 'admin') return ALLOW;
  if (actor.role !== 'business_owner') return refuse('forbidden');
  if (target.role === 'admin') return refuse('admin_only');
  if (!canAccessBusiness(actor, target.businessId)) return refuse('other_business');
  return ALLOW;
}

/** May the actor invite someone into a business with this role? */
export function decideInvite(actor: StaffActor, businessId: string, role: Role): StaffDecision {
  if (actor.role === 'admin') return ALLOW;
  if (actor.role !== 'business_owner') return refuse('forbidden');
  if (!canAccessBusiness(actor, businessId)) return refuse('other_business');
  if (role === 'admin') return refuse('admin_only');
  return ALLOW;
}

/** May the actor give the target this role? */
export function decideRoleChange(
  actor: StaffActor,
  target: StaffTarget,
  role: Role,
  context: StaffContext,
): StaffDecision {
  if (role === target.role) return ALLOW;
  if (actor.userId === target.id) return refuse('self');
  if (role === 'admin' || target.role === 'admin') {
    return actor.role === 'admin' ? ALLOW : refuse('admin_only');
  }
  const manage = decideManage(actor, target);
  if (!manage.allowed) return manage;
  if (target.role === 'business_owner') {
    if (actor.role !== 'admin') return refuse('other_owner');
    if (context.activeOwners <= 1) return refuse('last_owner');
  }
  return ALLOW;
}

/** May the actor deactivate the target (sign them out everywhere, keep their history)? */
export function decideDeactivation(
  actor: StaffActor,
  target: StaffTarget,
  context: StaffContext,
): StaffDecision {
  if (actor.userId === target.id) return refuse('self');
  const manage = decideManage(actor, target);
  if (!manage.allowed) return manage;
  if (target.role === 'business_owner') {
    if (actor.role !== 'admin') return refuse('other_owner');
    if (context.activeOwners <= 1) return refuse('last_owner');
  }
  return ALLOW;
}

/** May the actor reactivate the target? Same people as deactivation, without the owner count. */
export function decideReactivation(actor: StaffActor, target: StaffTarget): StaffDecision {
  if (actor.userId === target.id) return refuse('self');
  const manage = decideManage(actor, target);
  if (!manage.allowed) return manage;
  if (target.role === 'business_owner' && actor.role !== 'admin') return refuse('other_owner');
  return ALLOW;
}

/**
 * May the actor turn off two-factor sign-in for the target (someone who lost their phone and
 * their recovery codes)? The staff rules of decision 0120: owners manage the people of their
 * own business but never another owner; only the platform admin resets an owner or an admin.
 * Nobody resets their own: that is turning it off with a code, which proves the second factor.
 */
export function decideTwoFactorReset(actor: StaffActor, target: StaffTarget): StaffDecision {
  if (actor.userId === target.id) return { allowed: false, reason: 'self' };
  const manage = decideManage(actor, target);
  if (!manage.allowed) return manage;
  if (target.role === 'business_owner' && actor.role !== 'admin') {
    return { allowed: false, reason: 'other_owner' };
  }
  return { allowed: true };
}
