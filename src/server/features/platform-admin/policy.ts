import { effectiveRole, type Role } from '../../../shared/domain/roles';

/** What `npm run admin:create` does with an address, given the account that already has it. */
export type AdminCreation =
  { action: 'create' } | { action: 'already_admin' } | { action: 'refuse'; role: Role };

/**
 * The first operator account (decision 0310): a new address becomes the platform admin; an
 * address that is already an admin's changes nothing; an address of anyone else (employee,
 * owner, or an account still without a profile, which counts as employee) is never promoted
 * from the command line: roles of existing people change only through the staff rules.
 */
export function decideAdminCreation(existing: { role: string | null } | undefined): AdminCreation {
  if (!existing) return { action: 'create' };
  const role = effectiveRole(existing.role);
  if (role === 'admin') return { action: 'already_admin' };
  return { action: 'refuse', role };
}
