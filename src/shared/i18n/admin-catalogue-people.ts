import { STAFF_STATUS_LABELS } from '../api/staff';
import { TEAM_SPLIT_RULE_LABELS } from '../domain/team-split';
import { adminShiftsTexts } from './admin-shifts';
import { adminTeamsTexts, adminUsersTexts } from './admin-users';
import { twoFactorTexts } from './two-factor';
import type { AdminCataloguePart } from './admin-catalogue';
import type { Translation } from './translation';

/** The texts of the people pages (users, teams, shift plan), loaded with them (decision 0410). */
const de = {
  users: adminUsersTexts,
  teams: adminTeamsTexts,
  twoFactor: twoFactorTexts,
  shifts: adminShiftsTexts,
  labels: { staffStatus: STAFF_STATUS_LABELS, teamSplitRules: TEAM_SPLIT_RULE_LABELS },
} as const;

export const adminPeoplePart: AdminCataloguePart<Translation<typeof de>> = { de };
