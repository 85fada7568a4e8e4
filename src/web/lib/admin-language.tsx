import { createContext, useContext } from 'react';
import {
  ADMIN_CATALOGUES,
  type AdminLanguage,
  type AdminTexts,
  DEFAULT_ADMIN_LANGUAGE,
} from '../../shared/i18n/admin-catalogue';

/**
 * The language of the admin console. German only this time (decision 0383); a provider with the
 * person's choice goes above the admin routes once a second catalogue exists.
 */
export const AdminLanguageContext = createContext<AdminLanguage>(DEFAULT_ADMIN_LANGUAGE);

/** Everything an admin screen says, in the console's language. */
export function useAdminTexts(): AdminTexts {
  return ADMIN_CATALOGUES[useContext(AdminLanguageContext)];
}

/** The same for code outside React (request errors built before any component sees them). */
export function adminTextsFor(language: AdminLanguage = DEFAULT_ADMIN_LANGUAGE): AdminTexts {
  return ADMIN_CATALOGUES[language];
}
