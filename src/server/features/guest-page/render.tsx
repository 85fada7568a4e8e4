import { renderToString } from 'react-dom/server';
import { INTL_LOCALES } from '../../../shared/i18n/guest-locale';
import {
  type GuestInitialData,
  GuestRoot,
  type GuestServerRender,
  GuestServerRenderProvider,
} from '../../../web/server-entry';
import { GUEST_CATALOGUES } from './catalogues';

/**
 * The guest tree rendered to HTML from the same components the browser hydrates (decision 0220).
 * The language, branding and path of this one render travel in React context, never in module
 * state, so concurrent renders cannot show one guest another guest's page.
 */
export function renderGuestMarkup(initial: GuestInitialData, path: string): string {
  const render: GuestServerRender = {
    path,
    language: {
      locale: initial.locale,
      intl: INTL_LOCALES[initial.locale],
      catalogue: initial.locale === 'de' ? null : GUEST_CATALOGUES[initial.locale],
    },
    branding: initial.kind === 'tip-page' ? initial.entry.branding : initial.branding,
  };
  return renderToString(
    <GuestServerRenderProvider value={render}>
      <GuestRoot initial={initial} />
    </GuestServerRenderProvider>,
  );
}

/** The Intl locale of a guest language, for the server's own pages. */
export const intlOf = (initial: Pick<GuestInitialData, 'locale'>) => INTL_LOCALES[initial.locale];
