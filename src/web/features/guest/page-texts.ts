import { useMemo } from 'react';
import type { GuestCatalogue } from '../../../shared/i18n/guest-catalogue';
import {
  invalidUidTexts,
  qrErrorTexts,
  thankYouTexts,
  tipPageProblemTexts,
} from '../../../shared/i18n/guest-pages';
import { useGuestLanguage } from './i18n';

const german: GuestCatalogue['pages'] = {
  tipPage: tipPageProblemTexts,
  thankYou: thankYouTexts,
  qrError: qrErrorTexts,
  invalidUid: invalidUidTexts,
};

/** The thank-you and error pages' texts in the active language, with its Intl locale. */
export function usePageTexts(): GuestCatalogue['pages'] & { intl: string } {
  const { catalogue, intl } = useGuestLanguage();
  const texts = catalogue?.pages ?? german;
  // The same object while the language stays, so callbacks that use it keep their identity.
  return useMemo(() => ({ ...texts, intl }), [texts, intl]);
}
