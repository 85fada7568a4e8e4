import { DEFAULT_STAFF_LANGUAGE, type StaffLanguage } from '../../shared/domain/staff-language';
import { staffTextsDe, type StaffTexts } from '../../shared/i18n/staff-catalogue';
import { staffTextsEn } from '../../shared/i18n/staff-en';

export const STAFF_CATALOGUES: Record<StaffLanguage, StaffTexts> = {
  de: staffTextsDe,
  en: staffTextsEn,
};

/**
 * The staff language the screen speaks now, for code outside React (the session layer's toasts,
 * which sit above the language provider). The provider sets it on every change.
 */
let active: StaffLanguage = DEFAULT_STAFF_LANGUAGE;
export const setActiveStaffLanguage = (language: StaffLanguage) => {
  active = language;
};
export const activeStaffLanguage = (): StaffLanguage => active;
export const activeStaffTexts = (): StaffTexts => STAFF_CATALOGUES[active];
