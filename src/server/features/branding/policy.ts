import { STAFF_MANAGER_ROLES } from '../../../shared/domain/roles';
import type { Actor } from '../auth/actor';
import { canAccessBusiness, hasAnyRole } from '../auth/policy';

/**
 * Who may read and change a business's branding: its owner and the platform admin (spec §6:
 * admin or business_owner). The routes' guard and business scope already say so; the service
 * asks again, so no other caller can skip the rule.
 */
export function mayManageBranding(
  actor: Pick<Actor, 'role' | 'businessId'>,
  businessId: string,
): boolean {
  return hasAnyRole(actor, STAFF_MANAGER_ROLES) && canAccessBusiness(actor, businessId);
}

/**
 * A logo may only point at an image uploaded for the same business, so one business can never
 * show (or probe for) another business's uploads. Keeping the stored logo is always allowed.
 */
export function mayUseLogo(options: {
  requested: string | null;
  stored: string | null;
  mediaBusinessId: string | null | undefined;
  businessId: string;
}): boolean {
  if (options.requested === null || options.requested === options.stored) return true;
  return options.mediaBusinessId === options.businessId;
}
