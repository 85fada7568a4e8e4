import type { Profile, StaffListItem } from '../../../shared/api/profiles';
import type { ProfileRow } from './queries';

/** A person's own profile; the payout account id itself stays on the server. */
export function presentProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    role: row.role,
    fullName: row.fullName,
    email: row.email,
    jobTitle: row.jobTitle,
    thankYouMessage: row.thankYouMessage,
    profileImageUrl: row.profileImageUrl,
    businessId: row.businessId,
    payoutStatus: row.stripeAccountStatus,
    payoutsEnabled: row.payoutsEnabled,
    staffLanguage: row.staffLanguage,
  };
}

export function presentStaffItem(
  row: Pick<ProfileRow, 'id' | 'fullName' | 'email' | 'jobTitle' | 'role'>,
): StaffListItem {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    jobTitle: row.jobTitle,
    role: row.role,
  };
}
