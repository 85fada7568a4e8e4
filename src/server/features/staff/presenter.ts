import type { StaffStatus, StaffUser } from '../../../shared/api/staff';
import type { StaffUserRow } from './service';

/** Deactivated wins; someone who never signed in nor verified the address is still invited. */
export function staffStatusOf(
  row: Pick<StaffUserRow, 'disabledAt' | 'emailVerifiedAt' | 'lastLoginAt'>,
): StaffStatus {
  if (row.disabledAt) return 'deactivated';
  if (!row.emailVerifiedAt && !row.lastLoginAt) return 'invited';
  return 'active';
}

export function presentStaffUser(row: StaffUserRow): StaffUser {
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
    twoFactorEnabled: row.twoFactorEnabled,
  };
}
