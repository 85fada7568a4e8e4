import {
  BRANDING_FIELD_LABELS,
  BRANDING_LANGUAGE_LABELS,
  BRANDING_TONALITY_LABELS,
} from '../api/branding';
import { CONNECTION_STATUS_LABELS } from '../api/integration';
import { PAYMENT_POINT_TARGET_TYPE_LABELS, PAYMENT_POINT_TYPE_LABELS } from '../api/payment-points';
import { QR_GENERATOR_TYPE_LABELS } from '../api/qr-admin';
import { STAFF_STATUS_LABELS } from '../api/staff';
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_TYPE_LABELS } from '../domain/audit';
import { BUSINESS_STATUS_LABELS } from '../domain/business-status';
import { PAYOUT_SCHEDULE_LABELS, PAYOUT_TRIGGER_LABELS } from '../domain/payouts';
import { ROLE_LABELS } from '../domain/roles';
import { TEAM_SPLIT_RULE_LABELS } from '../domain/team-split';
import { TIP_STATUS_LABELS } from '../domain/tips';
import { accountTexts } from './account';
import { adminTexts } from './admin';
import { brandingTexts } from './admin-branding';
import { adminBusinessesTexts } from './admin-businesses';
import { qrAdminTexts } from './admin-qr';
import { adminReportsTexts } from './admin-reports';
import { adminShiftsTexts } from './admin-shifts';
import { adminSystemTexts } from './admin-system';
import { adminTeamsTexts, adminUsersTexts } from './admin-users';
import { commonTexts } from './common';
import { payoutTexts } from './payouts';
import { setupTexts } from './setup-checklist';
import type { Translation } from './translation';
import { twoFactorTexts } from './two-factor';

/**
 * Everything an admin screen says, German first (decision 0383): the German files stay the
 * source and the admin components read only this object, through `useAdminTexts()`. Another
 * language is one file typed by `AdminTexts` plus its line in `ADMIN_CATALOGUES`.
 */
export const adminTextsDe = {
  common: commonTexts,
  account: accountTexts,
  twoFactor: twoFactorTexts,
  admin: adminTexts,
  branding: brandingTexts,
  businesses: adminBusinessesTexts,
  qr: qrAdminTexts,
  shifts: adminShiftsTexts,
  users: adminUsersTexts,
  teams: adminTeamsTexts,
  payouts: payoutTexts,
  setup: setupTexts,
  reports: adminReportsTexts,
  system: adminSystemTexts,
  /** The names the domain gives its values, as the admin screens show them. */
  labels: {
    roles: ROLE_LABELS,
    auditActions: AUDIT_ACTION_LABELS,
    auditTargetTypes: AUDIT_TARGET_TYPE_LABELS,
    businessStatus: BUSINESS_STATUS_LABELS,
    payoutSchedules: PAYOUT_SCHEDULE_LABELS,
    payoutTriggers: PAYOUT_TRIGGER_LABELS,
    teamSplitRules: TEAM_SPLIT_RULE_LABELS,
    tipStatus: TIP_STATUS_LABELS,
    brandingFields: BRANDING_FIELD_LABELS,
    brandingTonalities: BRANDING_TONALITY_LABELS,
    brandingLanguages: BRANDING_LANGUAGE_LABELS,
    connectionStatus: CONNECTION_STATUS_LABELS,
    pointTypes: PAYMENT_POINT_TYPE_LABELS,
    pointTargetTypes: PAYMENT_POINT_TARGET_TYPE_LABELS,
    qrGeneratorTypes: QR_GENERATOR_TYPE_LABELS,
    staffStatus: STAFF_STATUS_LABELS,
  },
} as const;

export type AdminTexts = Translation<typeof adminTextsDe>;

/** The languages the admin console speaks; German only this time (decision 0383). */
export const ADMIN_LANGUAGES = ['de'] as const;
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number];
export const DEFAULT_ADMIN_LANGUAGE: AdminLanguage = 'de';

/** Which catalogue a language reads; each is a plain object, so a test can compare their keys. */
export const ADMIN_CATALOGUES: Record<AdminLanguage, AdminTexts> = { de: adminTextsDe };
