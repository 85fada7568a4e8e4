import { DEFAULT_STAFF_LANGUAGE, type StaffLanguage } from '../../shared/domain/staff-language';
import {
  type StaffCataloguePart,
  type StaffCoreTexts,
  staffTextsDe,
  type StaffTexts,
  withStaffPart,
} from '../../shared/i18n/staff-catalogue';
import type { StaffErrorTexts } from '../../shared/i18n/staff-errors';

/**
 * The English texts once loaded. German is in every bundle (the product's language); English
 * comes as a chunk of its own when a staff screen first needs it (decision 0410).
 */
let english:
  | { texts: StaffTexts; errors: StaffErrorTexts; splitReason: (reason: string) => string }
  | undefined;
let englishLoading: Promise<void> | undefined;

/** Loads a staff language's texts; resolves at once for German or a language already loaded. */
export function loadStaffLanguage(language: StaffLanguage): Promise<void> {
  if (language === DEFAULT_STAFF_LANGUAGE || english) return Promise.resolve();
  englishLoading ??= import('./staff-english').then(
    (module) => {
      english = module.staffEnglish;
    },
    (error: unknown) => {
      // Offline: the next wish for English tries again.
      englishLoading = undefined;
      throw error;
    },
  );
  return englishLoading;
}

/** A language's catalogue, or undefined while it has not loaded yet. */
export function staffCatalogue(language: StaffLanguage): StaffCoreTexts | undefined {
  return language === 'en' ? english?.texts : staffTextsDe;
}

/** German with a part's groups, by part, so a screen gets the same object on every render. */
const germanWithPart = new WeakMap<object, object>();

/**
 * A language's texts with the parts a page passes (`staffSignInPart`): English has every part in
 * its one catalogue; German adds each part's groups, and its keys to the groups both have.
 */
export function staffTextsWith(
  texts: StaffCoreTexts,
  parts: readonly StaffCataloguePart<object>[],
): StaffCoreTexts {
  if (texts !== staffTextsDe) return texts;
  let merged: object = texts;
  for (const part of parts) {
    // The German core with one part is cached (what pages pass); anything further is merged anew.
    const cached = merged === staffTextsDe ? germanWithPart.get(part) : undefined;
    const next = cached ?? withStaffPart(merged, part.de);
    if (merged === staffTextsDe && !cached) germanWithPart.set(part, next);
    merged = next;
  }
  return merged as StaffCoreTexts;
}

/** The English words of server errors by code, once English is loaded. */
export const englishStaffErrors = (): StaffErrorTexts | undefined => english?.errors;

/** A team share's stored German reason in English, once English is loaded. */
export const englishSplitReason = (): ((reason: string) => string) | undefined =>
  english?.splitReason;

/**
 * The staff language the screen speaks now, for code outside React (the session layer's toasts,
 * which sit above the language provider). The provider sets it on every change, only ever to a
 * language whose texts are loaded.
 */
let active: StaffLanguage = DEFAULT_STAFF_LANGUAGE;
export const setActiveStaffLanguage = (language: StaffLanguage) => {
  active = language;
};
export const activeStaffLanguage = (): StaffLanguage => active;
export function activeStaffTexts(): StaffCoreTexts;
export function activeStaffTexts<A>(part: StaffCataloguePart<A>): StaffCoreTexts & A;
export function activeStaffTexts(...parts: StaffCataloguePart<object>[]): StaffCoreTexts {
  return staffTextsWith(staffCatalogue(active) ?? staffTextsDe, parts);
}
