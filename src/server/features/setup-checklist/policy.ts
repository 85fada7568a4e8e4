import { STAFF_MANAGER_ROLES } from '../../../shared/domain/roles';
import type { Actor } from '../auth/actor';
import { canAccessBusiness, hasAnyRole } from '../auth/policy';

/**
 * Who may see a business's set-up checklist, record its QR downloads and hide it: the business's
 * owner and the platform admin (for the business they chose). The routes' guard and business
 * scope say the same; the service asks again, so no other caller can skip the rule.
 */
export function mayManageSetup(
  actor: Pick<Actor, 'role' | 'businessId'>,
  businessId: string,
): boolean {
  return hasAnyRole(actor, STAFF_MANAGER_ROLES) && canAccessBusiness(actor, businessId);
}
