import { hasRequiredRole, isStaffManager, type Role } from '../../../shared/domain/roles';
import type { Actor } from './actor';

/**
 * Plain access rules shared by every feature. Each answers a yes/no question about an actor; the
 * routes turn a "no" into 403.
 */
export function hasAnyRole(actor: Pick<Actor, 'role'>, roles: readonly Role[]): boolean {
  return hasRequiredRole(actor.role, roles);
}

/** The platform admin sees every business; everyone else only their own. */
export function canAccessBusiness(
  actor: Pick<Actor, 'role' | 'businessId'>,
  businessId: string | null,
): boolean {
  if (actor.role === 'admin') return true;
  return businessId !== null && actor.businessId === businessId;
}

/** Only admin and business_owner sessions are audit-logged (spec §6). */
export function isAuditedActor(actor: Pick<Actor, 'role' | 'hasProfile'>): boolean {
  return actor.hasProfile && isStaffManager(actor.role);
}
