import { staffErrorsEn } from '../../shared/i18n/staff-errors';
import { staffTextsEn } from '../../shared/i18n/staff-en';

/**
 * Everything the staff screens say in English: the catalogue and the server errors' words. One
 * chunk, imported only by `loadStaffLanguage('en')`, so German staff never download it
 * (decision 0410).
 */
export const staffEnglish = { texts: staffTextsEn, errors: staffErrorsEn };
