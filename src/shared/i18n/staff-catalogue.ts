import type { StaffLanguage } from '../domain/staff-language';
import { accountTexts } from './account';
import { authTexts } from './auth';
import { commonTexts } from './common';
import { employeeTexts } from './employee';
import { replyTexts } from './employee-replies';
import { passwordTexts } from './passwords';
import { signupLinkTexts } from './signup';
import { staffScreenTexts } from './staff-screens';
import { twoFactorTexts } from './two-factor';
import type { Translation } from './translation';

export type { Translation };

/**
 * Everything a staff screen says (sign-in, onboarding, dashboard, account), German first: the
 * German files stay the source; every other language is one file typed by `StaffTexts`.
 */
export const staffTextsDe = {
  common: commonTexts,
  auth: authTexts,
  signupLink: signupLinkTexts,
  passwords: passwordTexts,
  twoFactor: twoFactorTexts,
  account: accountTexts,
  employee: employeeTexts,
  replies: replyTexts,
  screens: staffScreenTexts,
} as const;

export type StaffTexts = Translation<typeof staffTextsDe>;

/** Which catalogue a language reads; each is a plain object, so a test can compare their keys. */
export type StaffCatalogues = Record<StaffLanguage, StaffTexts>;
