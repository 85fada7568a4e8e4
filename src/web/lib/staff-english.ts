import { splitReasonInEnglish } from '../../shared/domain/team-split';
import { staffErrorsEn } from '../../shared/i18n/staff-errors';
import { staffTextsEn } from '../../shared/i18n/staff-en';

/**
 * Everything the staff screens say in English: the catalogue, the server errors' words and a
 * team share's stored German reason in English (decision 0383). One
 * chunk, imported only by `loadStaffLanguage('en')`, so German staff never download it
 * (decision 0410).
 */
export const staffEnglish = {
  texts: staffTextsEn,
  errors: staffErrorsEn,
  splitReason: splitReasonInEnglish,
};
