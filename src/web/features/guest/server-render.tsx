import { createContext, useContext } from 'react';
import type { GuestBranding } from '../../../shared/api/entrypoints';
import type { GuestLanguage } from './i18n';

/**
 * What one server render of a guest page shows: its path, language and branding. They travel
 * in React context, not in module state, so two guests' renders can never mix, however React
 * interleaves them (streaming, Suspense). The browser has no such render: there the hooks read
 * the page's own location and the state its initial data set.
 */
export interface GuestServerRender {
  path: string;
  language: GuestLanguage;
  branding: GuestBranding | null;
}

const GuestServerRenderContext = createContext<GuestServerRender | null>(null);

export const GuestServerRenderProvider = GuestServerRenderContext.Provider;

/** The server render in progress; null in the browser. */
export function useGuestServerRender(): GuestServerRender | null {
  return useContext(GuestServerRenderContext);
}
