import { renderToString } from 'react-dom/server';
import { INTL_LOCALES } from '../../../shared/i18n/guest-locale';
import { setInitialGuestBranding } from '../../../web/features/guest/brand-theme';
import { GuestRoot } from '../../../web/features/guest/GuestRoot';
import { setInitialGuestLanguage } from '../../../web/features/guest/i18n';
import type { GuestInitialData } from '../../../web/features/guest/initial-data';
import { setServerPath } from '../../../web/features/guest/navigation';
import { GUEST_CATALOGUES } from './catalogues';

/**
 * The guest tree rendered to HTML from the same components the browser hydrates (decision 0220).
 * The guest modules keep the language, the branding and the path in module state; rendering is
 * synchronous, so setting them right before and clearing them right after cannot mix requests.
 */
export function renderGuestMarkup(initial: GuestInitialData, path: string): string {
  setInitialGuestLanguage(initial.locale, GUEST_CATALOGUES[initial.locale]);
  setInitialGuestBranding(initial.kind === 'tip-page' ? initial.entry.branding : initial.branding);
  setServerPath(path);
  try {
    return renderToString(<GuestRoot initial={initial} />);
  } finally {
    setServerPath(null);
    setInitialGuestBranding(null);
    setInitialGuestLanguage('de', null);
  }
}

/** The Intl locale of a guest language, for the server's own pages. */
export const intlOf = (initial: Pick<GuestInitialData, 'locale'>) => INTL_LOCALES[initial.locale];
