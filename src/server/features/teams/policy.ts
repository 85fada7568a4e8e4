import type { Actor } from '../auth/actor';
import { canAccessBusiness } from '../auth/policy';

/** Teams are managed by the business's owners and the platform admin (issue 11). */
export function canManageTeams(
  actor: Pick<Actor, 'role' | 'businessId'>,
  businessId: string,
): boolean {
  if (actor.role === 'admin') return true;
  return actor.role === 'business_owner' && canAccessBusiness(actor, businessId);
}
