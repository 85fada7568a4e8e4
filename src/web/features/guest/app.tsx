import { createRoot, hydrateRoot } from 'react-dom/client';
import { applyTheme } from '../../lib/theme';
import { setInitialGuestBranding } from './brand-theme';
import { GuestRoot } from './GuestRoot';
import {
  chooseGuestLanguage,
  loadGuestCatalogue,
  setInitialGuestLanguage,
  startGuestLanguage,
} from './i18n';
import { isGuestLocale } from '../../../shared/i18n/guest-locale';

/** The language switch's choice made before the app ran (boot.ts). */
export function chooseLanguage(locale: string): void {
  if (isGuestLocale(locale)) chooseGuestLanguage(locale);
}
import { readGuestInitialData } from './initial-data';

/**
 * Starts the guest app (loaded by boot.ts). A tip page the server rendered is hydrated from the
 * data it was rendered with, in the same language and branding, so React takes the markup over
 * without a repaint; the other guest pages render in the browser as before.
 */
export async function startGuestApp(): Promise<void> {
  applyTheme();
  const container = document.getElementById('root')!;
  const initial = readGuestInitialData();
  if (!initial) {
    startGuestLanguage();
    createRoot(container).render(<GuestRoot initial={null} />);
    return;
  }
  const catalogue = initial.locale === 'de' ? null : await loadGuestCatalogue(initial.locale);
  setInitialGuestLanguage(initial.locale, catalogue);
  setInitialGuestBranding(initial.kind === 'tip-page' ? initial.entry.branding : initial.branding);
  await new Promise<void>((resolve) => {
    hydrateRoot(container, <GuestRoot initial={initial} onReady={resolve} />);
  });
  // A language the guest chose earlier in this browser wins over the one the server guessed.
  startGuestLanguage();
}
