import { useSyncExternalStore } from 'react';
import { useGuestServerRender } from './server-render';

/** Pages the guest entry renders itself; anything else is the full app and a real navigation. */
export function isGuestPath(path: string): boolean {
  return (
    path.startsWith('/t/') ||
    path === '/thank-you' ||
    path === '/qr-error' ||
    path === '/error/invalid-uid'
  );
}

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
if (typeof window !== 'undefined') window.addEventListener('popstate', notify);

/**
 * Moves to another page. Guest pages change in place (history API), so a toast raised before
 * moving stays visible and no second entry has to load; other pages load the full app.
 */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(to, window.location.origin);
  if (!isGuestPath(url.pathname)) {
    if (options.replace) window.location.replace(url.href);
    else window.location.assign(url.href);
    return;
  }
  const target = `${url.pathname}${url.search}`;
  if (options.replace) window.history.replaceState(null, '', target);
  else window.history.pushState(null, '', target);
  window.scrollTo(0, 0);
  notify();
}

/** The current path and query, updated on navigate() and on the back button. */
export function useLocation(): { pathname: string; search: string } {
  const serverRender = useGuestServerRender();
  const href = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => `${window.location.pathname}${window.location.search}`,
    // The server renders the tip page for its path (guest-page feature); hydration then reads
    // the same path from the browser.
    () => serverRender?.path ?? `${window.location.pathname}${window.location.search}`,
  );
  const url = new URL(href, 'http://guest.local');
  return { pathname: url.pathname, search: url.search };
}
