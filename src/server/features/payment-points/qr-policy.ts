import { STAFF_MANAGER_ROLES } from '../../../shared/domain/roles';
import type { Actor } from '../auth/actor';
import { canAccessBusiness, hasAnyRole } from '../auth/policy';

/** Owners and the platform admin manage the QR codes of a business (spec §2, §6). */
export function mayManageQrCodes(
  actor: Pick<Actor, 'role' | 'businessId'>,
  businessId: string,
): boolean {
  return hasAnyRole(actor, STAFF_MANAGER_ROLES) && canAccessBusiness(actor, businessId);
}

/**
 * A person's QR code is managed only within their own business: a person of another business
 * (or of none) does not exist for this request.
 */
export function isStaffOfBusiness(
  person: { businessId: string | null } | undefined,
  businessId: string,
): boolean {
  return person !== undefined && person.businessId === businessId;
}
