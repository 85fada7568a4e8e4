import { guestTexts } from './guest';
import type { GuestCatalogue } from './guest-catalogue';
import { paymentErrorDialogs, paymentTexts, paymentToasts, tipOutcomeTexts } from './guest-outcome';
import { germanTones } from './guest-de-tones';
import { invalidUidTexts, qrErrorTexts, thankYouTexts, tipPageProblemTexts } from './guest-pages';

/** The German guest catalogue, joined from its three parts (for tests and the other languages). */
export const guestCatalogue: GuestCatalogue = {
  first: guestTexts,
  outcome: {
    tip: tipOutcomeTexts,
    payment: paymentTexts,
    toasts: paymentToasts,
    errors: paymentErrorDialogs,
  },
  pages: {
    tipPage: tipPageProblemTexts,
    thankYou: thankYouTexts,
    qrError: qrErrorTexts,
    invalidUid: invalidUidTexts,
  },
  tones: germanTones,
};
