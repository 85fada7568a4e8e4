import type { StaffCataloguePart } from './staff-catalogue';
import type { Translation } from './translation';
import { authSignInTexts } from './auth-sign-in';
import { passwordTexts } from './passwords';
import { signupLinkTexts } from './signup-link';
import { twoFactorTexts } from './two-factor';

/**
 * The German texts of the sign-in, password, onboarding and account pages (the sign-in form, the
 * set-password and forgotten-password pages, two-factor settings and its sign-in step): a part of
 * the staff catalogue those pages pass, `useStaffTexts(staffSignInPart)`, so they load with the
 * pages' chunks and the dashboard's first load does not carry them (decision 0410). English has
 * them in its one catalogue (`staff-en.ts`), which is loaded whole.
 */
export const staffSignInTextsDe = {
  auth: authSignInTexts,
  signupLink: signupLinkTexts,
  passwords: passwordTexts,
  twoFactor: {
    section: twoFactorTexts.section,
    signIn: twoFactorTexts.signIn,
    reset: twoFactorTexts.reset,
  },
} as const;

export type StaffSignInTexts = Translation<typeof staffSignInTextsDe>;

export const staffSignInPart: StaffCataloguePart<StaffSignInTexts> = { de: staffSignInTextsDe };
