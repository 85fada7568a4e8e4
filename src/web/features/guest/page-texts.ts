import { useMemo } from 'react';
import type { GuestCatalogue } from '../../../shared/i18n/guest-catalogue';
import {
  invalidUidTexts,
  qrErrorTexts,
  thankYouTexts,
  tipPageProblemTexts,
} from '../../../shared/i18n/guest-pages';
import { partInTonality, toneOverrides } from '../../../shared/i18n/guest-tonality';
import { tonesOf, useGuestLanguage, useGuestTonality } from './i18n';

const german: GuestCatalogue['pages'] = {
  tipPage: tipPageProblemTexts,
  thankYou: thankYouTexts,
  qrError: qrErrorTexts,
  invalidUid: invalidUidTexts,
};

/**
 * The thank-you and error pages' texts in the active language and the business's tonality, with
 * its Intl locale.
 */
export function usePageTexts(): GuestCatalogue['pages'] & { intl: string } {
  const language = useGuestLanguage();
  const tonality = useGuestTonality();
  const { catalogue, intl } = language;
  const texts = partInTonality(
    catalogue?.pages ?? german,
    toneOverrides(tonesOf(language), tonality)?.pages,
    tonality,
  );
  // The same object while the language stays, so callbacks that use it keep their identity.
  return useMemo(() => ({ ...texts, intl }), [texts, intl]);
}
