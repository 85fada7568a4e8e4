import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { StaticRouter } from '../../lib/router';
import { LandingPage } from './LandingPage';

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
      {/* Links leave the landing page with a full page load: it is a page of its own (decision
          0266), and the app behind every other path (index.html) takes over from there. */}
      <StaticRouter location="/">
        <LandingPage />
      </StaticRouter>
    </QueryClientProvider>
  );
}
