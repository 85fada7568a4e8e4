import { DEFAULT_STAFF_LANGUAGE, type StaffLanguage } from '../../shared/domain/staff-language';
import { staffTextsDe, type StaffTexts } from '../../shared/i18n/staff-catalogue';
import type { StaffErrorTexts } from '../../shared/i18n/staff-errors';

/**
 * The English texts once loaded. German is in every bundle (the product's language); English
 * comes as a chunk of its own when a staff screen first needs it (decision 0410).
 */
let english: { texts: StaffTexts; errors: StaffErrorTexts } | undefined;
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
export function staffCatalogue(language: StaffLanguage): StaffTexts | undefined {
  return language === 'en' ? english?.texts : staffTextsDe;
}

/** The English words of server errors by code, once English is loaded. */
export const englishStaffErrors = (): StaffErrorTexts | undefined => english?.errors;

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
export const activeStaffTexts = (): StaffTexts => staffCatalogue(active) ?? staffTextsDe;
