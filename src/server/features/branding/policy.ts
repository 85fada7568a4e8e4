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

/** The whitelabel part of branding (decision 0610): colours, font and logo are Trinkgeld Pro. */
export const WHITELABEL_FIELDS = [
  'primaryColor',
  'secondaryColor',
  'accentColor',
  'fontFamily',
  'logoUrl',
] as const;

/**
 * Whether a save changes the whitelabel part. The name, the thank-you message, the guests'
 * language and tone stay Basis; a Basis business may save those with its colours as they are.
 */
export function changesWhitelabel(
  before: Record<(typeof WHITELABEL_FIELDS)[number], string | null>,
  update: Record<(typeof WHITELABEL_FIELDS)[number], string | null>,
): boolean {
  return WHITELABEL_FIELDS.some(
    (field) => (before[field] ?? '').toLowerCase() !== (update[field] ?? '').toLowerCase(),
  );
}
