import type { GuestBranding, GuestEntrypoint } from '../../../shared/api/entrypoints';
import type { GuestLocale } from '../../../shared/i18n/guest-locale';
import type { TipPageProblemState } from './TipPageProblem';

/**
 * What the server rendered the tip page's first view from (decision 0220). It travels in the page
 * as JSON in a non-executing script tag, so the browser hydrates from exactly the same data
 * without a second request and without an inline script (the CSP allows none).
 */
/** The page of a code that cannot be tipped, as the server answers it (404, 410 or 403). */
export interface CodeProblemPage {
  page: 'qr-error' | 'invalid-uid' | 'tip-problem';
  /** qr-error of a code that was deactivated: said on the page itself. */
  inactive?: boolean;
  problem?: TipPageProblemState;
}

/** Back from the hosted checkout of this tip: paid or failed (return) or left (cancel). */
export interface CheckoutReturning {
  tipId: string;
  how: 'return' | 'cancel';
}

export type GuestInitialData =
  | { kind: 'tip-page'; locale: GuestLocale; entry: GuestEntrypoint }
  | ({
      /** A code that cannot be tipped: its page answers 404, 410 or 403 directly. */
      kind: 'problem';
      locale: GuestLocale;
      /** The code's business look, where the code belongs to one. */
      branding: GuestBranding | null;
    } & CodeProblemPage)
  | ({
      /**
       * Back from a checkout opened before the code stopped taking tips (decision
       * 0440): the payment is told first, and the code's problem only if nothing was paid.
       */
      kind: 'checkout-return';
      locale: GuestLocale;
      branding: GuestBranding | null;
      code: string;
      codeProblem: CodeProblemPage;
    } & CheckoutReturning);

export const GUEST_INITIAL_DATA_ID = 'guest-initial';

/** The initial data of this page, or null when the server sent none (every other guest page). */
export function readGuestInitialData(): GuestInitialData | null {
  const element = document.getElementById(GUEST_INITIAL_DATA_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as GuestInitialData;
  } catch {
    return null;
  }
}
