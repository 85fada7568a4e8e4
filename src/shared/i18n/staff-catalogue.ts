import type { StaffLanguage } from '../domain/staff-language';
import { accountTexts } from './account';
import { authTexts } from './auth';
import { commonTexts } from './common';
import { staffScreenTexts } from './staff-screens';
import { twoFactorBannerTexts } from './two-factor-banner';
import type { staffDashboardTextsDe } from './staff-dashboard';
import type { staffPanelTextsDe } from './staff-panels';
import type { staffSignInTextsDe } from './staff-sign-in';
import type { Translation } from './translation';

export type { Translation };

/**
 * What every staff screen may say (dashboard, guards, session, menus), German first: the German
 * files stay the source; every other language is one file typed by `StaffTexts`. The sign-in,
 * password, onboarding and two-factor pages add their own texts, a part (`staff-sign-in.ts`) they
 * pass to `useStaffTexts`, and so do the staff dashboard (`staff-dashboard.ts`) and its panels
 * behind the first view (`staff-panels.ts`), so a first load carries only what it shows (decision
 * 0410).
 * Nothing here may import a `shared/api` module (their schemas bring zod).
 */
export const staffTextsDe = {
  common: commonTexts,
  auth: authTexts,
  twoFactor: { banner: twoFactorBannerTexts },
  account: accountTexts,
  screens: staffScreenTexts,
} as const;

/** The texts every staff screen has in any language. */
export type StaffCoreTexts = Translation<typeof staffTextsDe>;

/** A catalogue with a part's groups added, and its keys added to the groups both have. */
export type WithStaffPart<T, P> = {
  readonly [K in keyof T | keyof P]: K extends keyof T
    ? K extends keyof P
      ? T[K] & P[K]
      : T[K]
    : K extends keyof P
      ? P[K]
      : never;
};

/** A part of the German catalogue that pages pass (`staffSignInPart`); English has it built in. */
export interface StaffCataloguePart<A> {
  de: A;
}

type Group = Record<string, unknown>;

/** The catalogue with a part's groups added, and its keys added to the groups both have. */
export function withStaffPart<T extends object, P extends object>(
  texts: T,
  part: P,
): WithStaffPart<T, P> {
  const merged: Group = { ...(texts as Group) };
  for (const [key, group] of Object.entries(part)) {
    const base = merged[key];
    merged[key] =
      base && typeof base === 'object' ? { ...(base as Group), ...(group as Group) } : group;
  }
  return merged as WithStaffPart<T, P>;
}

/** Everything the staff screens say: the core with every part, what a whole language is. */
export type StaffTexts = Translation<
  WithStaffPart<
    WithStaffPart<
      WithStaffPart<typeof staffTextsDe, typeof staffSignInTextsDe>,
      typeof staffDashboardTextsDe
    >,
    typeof staffPanelTextsDe
  >
>;

/** Which catalogue a language reads; each is a plain object, so a test can compare their keys. */
export type StaffCatalogues = Record<StaffLanguage, StaffTexts>;
