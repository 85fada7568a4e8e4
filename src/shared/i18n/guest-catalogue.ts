import type { PaymentErrorClass } from '../domain/payments';
import type { guestTexts } from './guest';
import type { GuestTones } from './guest-tonality';
import type { paymentTexts, paymentToasts, tipOutcomeTexts } from './guest-outcome';
import type {
  invalidUidTexts,
  qrErrorTexts,
  thankYouTexts,
  tipPageProblemTexts,
} from './guest-pages';

/** The shape of a German text object with every literal widened, so a translation fits it. */
export type Texts<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (...args: infer A) => string
      ? (...args: A) => string
      : Texts<T[K]>;
};

/**
 * Every text of the guest pages in one language: the first view of the tip page, what follows
 * the amount (payment step, success, error step, feedback, dialogs, toasts) and the other guest
 * pages. German lives in three files so each bundle takes only its part (guest-de.ts joins them);
 * every other language is one file, loaded only when it is the active language.
 */
export interface GuestCatalogue {
  first: Texts<typeof guestTexts>;
  outcome: {
    tip: Texts<typeof tipOutcomeTexts>;
    payment: Texts<typeof paymentTexts>;
    toasts: Texts<typeof paymentToasts>;
    errors: Record<PaymentErrorClass, { title: string; description: string }>;
  };
  pages: {
    tipPage: Texts<typeof tipPageProblemTexts>;
    thankYou: Texts<typeof thankYouTexts>;
    qrError: Texts<typeof qrErrorTexts>;
    invalidUid: Texts<typeof invalidUidTexts>;
  };
  /** What the 'formal' and 'casual' tonalities say differently (guest-tonality.ts). */
  tones: GuestTones;
}
