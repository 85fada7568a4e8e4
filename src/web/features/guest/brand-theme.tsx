import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import type { GuestBranding } from '../../../shared/api/entrypoints';
import { api } from '../../lib/api';
import { brandThemeStyle, loadBrandFont } from '../../lib/brand-theme';
import { applyBrandingLanguage } from './i18n';
import { useLocation } from './navigation';
import { useGuestServerRender } from './server-render';

/**
 * The branding of the business whose guest page is open. Pages that learn it (the tip page from
 * its code, the thank-you page from its tip) hand it over with setGuestBranding; the error page
 * the tip page sends a code to asks for it by that code (brandErrorPageOf, or `?code=`).
 */
let current: GuestBranding | null = null;
let errorPageCode: string | null = null;

/** The code whose error page comes next: that page then wears the code's business branding. */
export function brandErrorPageOf(code: string): void {
  errorPageCode = code || null;
}
const listeners = new Set<() => void>();

export function setGuestBranding(branding: GuestBranding | null): void {
  if (branding === current) return;
  current = branding;
  if (branding) applyBrandingLanguage(branding.language);
  for (const listener of listeners) listener();
}

/**
 * The branding the server rendered the first view with (the page's initial data), set without
 * side effects: the language was chosen on the server already, and hydration must see the same
 * look.
 */
export function setInitialGuestBranding(branding: GuestBranding | null): void {
  current = branding;
}

/** The branding of the moment, outside React. */
export const currentGuestBranding = (): GuestBranding | null => current;

export function useGuestBranding(): GuestBranding | null {
  const serverRender = useGuestServerRender();
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => (serverRender ? serverRender.branding : current),
  );
}

const ERROR_PAGES = new Set(['/qr-error', '/error/invalid-uid']);

function useErrorPageBranding(): void {
  const { pathname, search } = useLocation();
  const code = ERROR_PAGES.has(pathname)
    ? (new URLSearchParams(search).get('code') ?? errorPageCode)
    : null;
  useEffect(() => {
    if (!code || current) return;
    let active = true;
    api
      .get<GuestBranding>(`/api/guest/codes/${encodeURIComponent(code)}/branding`)
      .then((branding) => {
        if (active) setGuestBranding(branding);
      })
      // Without the business's look the page still says what it must.
      .catch(() => {});
    return () => {
      active = false;
    };
  }, [code]);
}

/**
 * Wraps the guest pages: once the business is known, its colours replace the design tokens, its
 * font is loaded (that one only) and the pages are shown light, the scheme the contrast rule
 * checks the colours against (docs/decisions/0110-branding-fonts.md).
 */
export function GuestBrandTheme({ children }: { children: ReactNode }) {
  useErrorPageBranding();
  const branding = useGuestBranding();
  useEffect(() => {
    if (!branding) return;
    loadBrandFont(branding.fontFamily);
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', branding.primaryColor);
  }, [branding]);
  // Always the same element, so learning the branding never remounts (and restarts) the page.
  return (
    <div
      className={branding ? 'light min-h-dvh bg-background text-foreground' : undefined}
      style={branding ? brandThemeStyle(branding) : undefined}
      data-brand={branding ? (branding.companyName ?? '') : undefined}
    >
      {children}
    </div>
  );
}

/** The business's logo and name, for guest pages that have no header of their own. */
export function BrandMark() {
  const branding = useGuestBranding();
  if (!branding || (!branding.logoUrl && !branding.companyName)) return null;
  return (
    <div className="flex items-center justify-center gap-2 text-sm font-semibold">
      {branding.logoUrl ? <img src={branding.logoUrl} alt="" className="h-8 w-auto" /> : null}
      {branding.companyName ? <span>{branding.companyName}</span> : null}
    </div>
  );
}
