import { createContext, useContext } from 'react';
import {
  ADMIN_CATALOGUES,
  type AdminCataloguePart,
  type AdminLanguage,
  type AdminTexts,
  DEFAULT_ADMIN_LANGUAGE,
} from '../../shared/i18n/admin-catalogue';

/**
 * The language of the admin console. German only this time (decision 0383); a provider with the
 * person's choice goes above the admin routes once a second catalogue exists.
 */
export const AdminLanguageContext = createContext<AdminLanguage>(DEFAULT_ADMIN_LANGUAGE);

type Group = Record<string, unknown>;

/** The catalogue with a part's groups, and its keys added to the groups both have. */
function withPart(texts: object, part: object): object {
  const merged: Group = { ...texts };
  for (const [key, group] of Object.entries(part)) {
    const base = merged[key];
    merged[key] =
      base && typeof base === 'object' ? { ...(base as Group), ...(group as Group) } : group;
  }
  return merged;
}

/** Merged catalogues by their base and part, so a screen gets the same object on every render. */
const mergedCache = new WeakMap<object, WeakMap<object, object>>();

function textsWith(language: AdminLanguage, parts: readonly AdminCataloguePart<object>[]): object {
  let texts: object = ADMIN_CATALOGUES[language];
  for (const part of parts) {
    const byPart = mergedCache.get(texts) ?? new WeakMap<object, object>();
    mergedCache.set(texts, byPart);
    const texted = part[language];
    let merged = byPart.get(texted);
    if (!merged) {
      merged = withPart(texts, texted);
      byPart.set(texted, merged);
    }
    texts = merged;
  }
  return texts;
}

/**
 * Everything an admin screen says, in the console's language: the shell's and dashboard's texts,
 * plus those of the parts a page passes (`useAdminTexts(adminPointsPart)`). A page imports its
 * parts itself, so they load with its chunk and the dashboard never loads them (decision 0410).
 */
export function useAdminTexts(): AdminTexts;
export function useAdminTexts<A>(part: AdminCataloguePart<A>): AdminTexts & A;
export function useAdminTexts<A, B>(
  part: AdminCataloguePart<A>,
  other: AdminCataloguePart<B>,
): AdminTexts & A & B;
export function useAdminTexts(...parts: AdminCataloguePart<object>[]): AdminTexts {
  return textsWith(useContext(AdminLanguageContext), parts) as AdminTexts;
}

/**
 * The same for code outside React: toasts of event handlers and the menu's page names, built
 * before or outside any component. Speaks the default language until a second catalogue exists;
 * then the provider above the admin routes sets the active one here, as `staff-active.ts` does.
 */
export function activeAdminTexts(): AdminTexts;
export function activeAdminTexts<A>(part: AdminCataloguePart<A>): AdminTexts & A;
export function activeAdminTexts(...parts: AdminCataloguePart<object>[]): AdminTexts {
  return textsWith(DEFAULT_ADMIN_LANGUAGE, parts) as AdminTexts;
}
