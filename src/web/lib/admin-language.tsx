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

/**
 * The same for code outside React: toasts of event handlers and the menu's page names, built
 * before or outside any component. Speaks the default language until a second catalogue exists;
 * then the provider above the admin routes sets the active one here, as `staff-active.ts` does.
 */
export function activeAdminTexts(): AdminTexts {
  return ADMIN_CATALOGUES[DEFAULT_ADMIN_LANGUAGE];
}
