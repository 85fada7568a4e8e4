export const ROLES = ['admin', 'business_owner', 'employee'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  business_owner: 'Geschäftsinhaber',
  employee: 'Mitarbeiter',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** A missing or unknown role is treated as employee (spec §5). */
export function effectiveRole(value: unknown): Role {
  return isRole(value) ? value : 'employee';
}

export function isStaffManager(role: Role): boolean {
  return role === 'admin' || role === 'business_owner';
}

export type RoleHome = '/admin/dashboard' | '/admin/businesses' | '/employee/dashboard';

/**
 * Where a person lands after signing in. The platform admin without a business of their own (a
 * fresh production database: `npm run admin:create` made them with none) lands on the operator
 * console, where businesses are created; pass the profile's `businessId` for that.
 */
export function roleHome(role: unknown, businessId?: string | null): RoleHome {
  const effective = effectiveRole(role);
  if (effective === 'admin' && businessId === null) return '/admin/businesses';
  return isStaffManager(effective) ? '/admin/dashboard' : '/employee/dashboard';
}

/** Who operates the platform's businesses at /admin/businesses (decision 0320). */
export const PLATFORM_ADMIN_ROLES = ['admin'] as const satisfies readonly Role[];

/** The roles that manage a business: admin pages, payment points, branding (spec §6). */
export const STAFF_MANAGER_ROLES = ['admin', 'business_owner'] as const satisfies readonly Role[];

/** The access rule of spec §6: an empty list allows any role, otherwise the role must be in it. */
export function hasRequiredRole(role: unknown, required: readonly Role[]): boolean {
  return required.length === 0 || required.includes(effectiveRole(role));
}
