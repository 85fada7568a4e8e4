import type { StaffStatus, StaffUser, StaffUserList } from '../../../shared/api/staff';
import { staffActionsFor, staffListPermissions } from './permissions';
import type { StaffActor } from './policy';
import type { StaffListing, StaffOne, StaffUserRow } from './context';

/** Deactivated wins; someone who never signed in nor verified the address is still invited. */
export function staffStatusOf(
  row: Pick<StaffUserRow, 'disabledAt' | 'emailVerifiedAt' | 'lastLoginAt'>,
): StaffStatus {
  if (row.disabledAt) return 'deactivated';
  if (!row.emailVerifiedAt && !row.lastLoginAt) return 'invited';
  return 'active';
}

/** One person as the signed-in `actor` sees them, with what the actor may do to them. */
export function presentStaffUser(actor: StaffActor, { row, activeOwners }: StaffOne): StaffUser {
  const status = staffStatusOf(row);
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    role: row.role,
    teams: row.teams,
    status,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    invitationExpiresAt:
      status === 'invited' ? (row.invitationExpiresAt?.toISOString() ?? null) : null,
    invitationDelivery: status === 'invited' ? row.invitationDelivery : null,
    twoFactorEnabled: row.twoFactorEnabled,
    allowedActions: staffActionsFor(
      actor,
      {
        id: row.id,
        role: row.role,
        businessId: row.businessId,
        status,
        twoFactorEnabled: row.twoFactorEnabled,
      },
      { activeOwners },
    ),
  };
}

/** The list of a business, with the page's own permissions there. */
export function presentStaffList(
  actor: StaffActor,
  businessId: string,
  { rows, activeOwners }: StaffListing,
): StaffUserList {
  return {
    items: rows.map((row) => presentStaffUser(actor, { row, activeOwners })),
    permissions: staffListPermissions(actor, businessId),
  };
}
