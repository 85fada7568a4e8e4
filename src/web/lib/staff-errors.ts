import { staffErrorsEn } from '../../shared/i18n/staff-errors';
import { useStaffLanguage } from './staff-language';

const english = staffErrorsEn as Record<string, { title: string; message: string } | undefined>;

/**
 * A server message that arrives inside an answer (not as an error), said in the staff language:
 * the code picks the translation; without one the German words stay (decision 0383).
 */
export function useStaffErrorMessage(): (code: string | null, german: string | null) => string {
  const { language } = useStaffLanguage();
  return (code, german) =>
    (language === 'en' && code ? english[code]?.message : undefined) ?? german ?? '';
}
