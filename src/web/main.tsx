import './main.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './lib/router';
import { auditListsFollowChanges } from './features/admin/audit-freshness';
import { setChangeHandler } from './lib/api';
import { applyTheme } from './lib/theme';
import { leaveFirstScreen, seedFirstScreen } from './lib/page-boot';
import { appFontBeforeFirstRender, switchToAppFontWithPage } from './lib/app-font';
import { AppErrorScreen, FirstLoad, routes } from './router';

applyTheme();

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

setChangeHandler(auditListsFollowChanges(queryClient));
// The page's first answers came with its HTML: its first render needs no request (decision 0419).
seedFirstScreen(queryClient);

const root = createRoot(document.getElementById('root')!);

/** Resolves once no query is fetching: the first screen's data has arrived (or failed). */
const queriesSettled = () =>
  new Promise<void>((resolve) => {
    const cache = queryClient.getQueryCache();
    const check = () => {
      if (queryClient.isFetching() > 0) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = cache.subscribe(check);
    check();
  });

/** A new page: its font (decision 0418); the HTML's answers were the first page's (0419). */
const onPageShown = (first: boolean) => {
  switchToAppFontWithPage(first);
  if (!first) leaveFirstScreen();
};

// The first render as a transition: React renders it in slices of a few milliseconds and lets the
// browser in between, instead of one long task (total blocking time at 4x slowdown).
void appFontBeforeFirstRender(queriesSettled).then(() =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          {/* A render error or a chunk that failed to load shows the error screen, never a white page. */}
          <AppRouter
            routes={routes}
            fallback={<FirstLoad />}
            errorElement={<AppErrorScreen />}
            onPageShown={onPageShown}
          />
        </QueryClientProvider>
      </StrictMode>,
    );
  }),
);
