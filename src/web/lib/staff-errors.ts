import { englishStaffErrors } from './staff-active';
import { useStaffLanguage } from './staff-language';

/**
 * A server message that arrives inside an answer (not as an error), said in the staff language:
 * the code picks the translation; without one the German words stay (decision 0383).
 */
export function useStaffErrorMessage(): (code: string | null, german: string | null) => string {
  const { language } = useStaffLanguage();
  return (code, german) => {
    // The screen speaks English only once the English texts (errors included) have loaded.
    const english = language === 'en' ? englishStaffErrors() : undefined;
    const known = english as Record<string, { message: string } | undefined> | undefined;
    return (code ? known?.[code]?.message : undefined) ?? german ?? '';
  };
}
