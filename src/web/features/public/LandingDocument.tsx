import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createPath, type Navigator, Router, type To } from 'react-router';
import { LandingPage } from './LandingPage';

const hrefOf = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * Links leave the landing page with a full page load: it is a page of its own (decision 0266),
 * and the app behind every other path (index.html) takes over from there.
 */
const pageLoadNavigator: Navigator = {
  createHref: hrefOf,
  push: (to) => window.location.assign(hrefOf(to)),
  replace: (to) => window.location.replace(hrefOf(to)),
  go: (delta) => window.history.go(delta),
};

/**
 * The landing page as the server renders it and the browser hydrates it: the same tree, element
 * for element (an extra sibling would shift the ids useId gives the dialogs' labels).
 */
export function LandingDocument({
  queryClient,
  onHydrated,
}: {
  queryClient: QueryClient;
  /** Called once the browser's handlers are attached. */
  onHydrated?: () => void;
}) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return (
    <QueryClientProvider client={queryClient}>
      <Router location="/" navigator={pageLoadNavigator}>
        <LandingPage />
      </Router>
    </QueryClientProvider>
  );
}
