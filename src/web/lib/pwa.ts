import { useEffect, useSyncExternalStore } from 'react';
import type { StaffLanguage } from '../../shared/domain/staff-language';

/** The staff app as an installable web app (decision 0182): its manifest, worker and scope. */
export const STAFF_APP_SCOPE = '/employee/';
export const STAFF_APP_MANIFEST = '/employee/manifest.webmanifest';
/**
 * The same app (same `id`) with an English name and description, for a person whose staff
 * language is English (decision 0383).
 */
export const STAFF_APP_MANIFESTS: Record<StaffLanguage, string> = {
  de: STAFF_APP_MANIFEST,
  en: '/employee/manifest.en.webmanifest',
};
export const STAFF_APP_WORKER = '/employee/sw.js';

function ensureLink(rel: string, href: string): HTMLLinkElement {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.append(link);
  }
  link.href = href;
  return link;
}

/**
 * On the staff pages (/employee/…) names the web app manifest and registers the service worker
 * for that scope only; elsewhere (public pages, admin console) the manifest link is removed again,
 * and the guest entry never loads this code at all.
 */
export function useStaffAppInstall(pathname: string, language: StaffLanguage = 'de'): void {
  const inScope = pathname.startsWith(STAFF_APP_SCOPE);
  useEffect(() => {
    if (!inScope) return;
    const manifest = ensureLink('manifest', STAFF_APP_MANIFESTS[language]);
    const touchIcon = ensureLink('apple-touch-icon', '/employee/icons/apple-touch-icon.png');
    if (import.meta.env.PROD && navigator.serviceWorker) {
      navigator.serviceWorker
        .register(STAFF_APP_WORKER, { scope: STAFF_APP_SCOPE })
        .then(() => navigator.serviceWorker.ready)
        .then((registration) => {
          // The files this page loaded before the worker took over, so the app also starts offline.
          const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
          registration.active?.postMessage({ type: 'cache-assets', urls });
        })
        .catch(() => {
          // Without a worker the dashboard still works online; it is just not installable.
        });
    }
    return () => {
      manifest.remove();
      touchIcon.remove();
    };
  }, [inScope, language]);
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser believes it has a network connection; follows the online/offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
