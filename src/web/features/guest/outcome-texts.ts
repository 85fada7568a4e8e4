import { useMemo } from 'react';
import type { GuestCatalogue } from '../../../shared/i18n/guest-catalogue';
import {
  paymentErrorDialogs,
  paymentTexts,
  paymentToasts,
  tipOutcomeTexts,
} from '../../../shared/i18n/guest-outcome';
import { partInTonality, toneOverrides } from '../../../shared/i18n/guest-tonality';
import { tonesOf, useGuestLanguage, useGuestTonality } from './i18n';

const german: GuestCatalogue['outcome'] = {
  tip: tipOutcomeTexts,
  payment: paymentTexts,
  toasts: paymentToasts,
  errors: paymentErrorDialogs,
};

/**
 * The texts after the amount (payment flow chunk) in the active language and the business's
 * tonality, with its Intl locale.
 */
export function useOutcomeTexts(): GuestCatalogue['outcome'] & { intl: string } {
  const language = useGuestLanguage();
  const tonality = useGuestTonality();
  const { catalogue, intl } = language;
  const texts = partInTonality(
    catalogue?.outcome ?? german,
    toneOverrides(tonesOf(language), tonality)?.outcome,
    tonality,
  );
  // The same object while the language stays, so callbacks that use it keep their identity.
  return useMemo(() => ({ ...texts, intl }), [texts, intl]);
}
