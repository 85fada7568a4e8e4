import { useMemo } from 'react';
import type { GuestCatalogue } from '../../../shared/i18n/guest-catalogue';
import {
  paymentErrorDialogs,
  paymentTexts,
  paymentToasts,
  tipOutcomeTexts,
} from '../../../shared/i18n/guest-outcome';
import { useGuestLanguage } from './i18n';

const german: GuestCatalogue['outcome'] = {
  tip: tipOutcomeTexts,
  payment: paymentTexts,
  toasts: paymentToasts,
  errors: paymentErrorDialogs,
};

/** The texts after the amount (payment flow chunk) in the active language, with its Intl locale. */
export function useOutcomeTexts(): GuestCatalogue['outcome'] & { intl: string } {
  const { catalogue, intl } = useGuestLanguage();
  const texts = catalogue?.outcome ?? german;
  // The same object while the language stays, so callbacks that use it keep their identity.
  return useMemo(() => ({ ...texts, intl }), [texts, intl]);
}
