import { BRANDING_LANGUAGES } from '../../../shared/domain/constants';

/** The languages the printed A4 card speaks: the guest languages. */
export const PRINT_LANGUAGES = BRANDING_LANGUAGES;
export type PrintLanguage = (typeof PRINT_LANGUAGES)[number];
