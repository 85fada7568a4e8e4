import { ROLE_LABELS } from '../domain/roles';
import { accountTexts } from './account';
import { adminTexts } from './admin';
import { adminNavTexts } from './admin-nav';
import { adminProTexts } from './admin-pro';
import { adminShiftsCoreTexts } from './admin-shifts-core';
import { commonTexts } from './common';
import type { Translation } from './translation';

/**
 * What every admin screen says, German first (decision 0383): the shell, the navigation and the
 * dashboard. Each other page's texts are a part of their own (`admin-catalogue-*.ts`), loaded with
 * that page's chunk, so the dashboard's first load carries only its own (decision 0410). A part
 * adds groups or keys to a group, never replaces one: `useAdminTexts(part)` merges them.
 *
 * The German files stay the source and the admin components read only the catalogue, through
 * `useAdminTexts()`. Another language is one more entry in `ADMIN_CATALOGUES` and in each part.
 * Nothing here may import a `shared/api` module (their schemas bring zod, decision 0410).
 */
export const adminTextsDe = {
  common: commonTexts,
  account: accountTexts,
  admin: adminTexts,
  /** The pool card on the dashboard and the plan's name in the navigation. */
  shifts: adminShiftsCoreTexts,
  /** Names in the navigation of pages whose texts are parts. */
  businesses: adminNavTexts.businesses,
  system: adminNavTexts.system,
  payouts: adminNavTexts.payouts,
  tarif: adminNavTexts.tarif,
  api: adminNavTexts.api,
  /** The 'Pro' mark and notice of every screen with a Pro feature (decision 0610). */
  pro: adminProTexts,
  /**
   * The names the domain gives its values, as the admin screens show them. Groups only other
   * screens show are in those screens' parts (audit actions, business status, payouts, team
   * split), so the dashboard's first load does without them. Tip statuses are
   * named by the server (the tip records), so no admin screen reads them from here.
   */
  labels: {
    roles: ROLE_LABELS,
  },
} as const;

export type AdminTexts = Translation<typeof adminTextsDe>;

/** The languages the admin console speaks; German only this time (decision 0383). */
export const ADMIN_LANGUAGES = ['de'] as const;
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number];
export const DEFAULT_ADMIN_LANGUAGE: AdminLanguage = 'de';

/** Which catalogue a language reads; each is a plain object, so a test can compare their keys. */
export const ADMIN_CATALOGUES: Record<AdminLanguage, AdminTexts> = { de: adminTextsDe };

/**
 * The texts of some admin pages in every admin language: groups of their own, or keys added to a
 * group of the catalogue (never one it has already).
 */
export type AdminCataloguePart<Texts> = Readonly<Record<AdminLanguage, Texts>>;
