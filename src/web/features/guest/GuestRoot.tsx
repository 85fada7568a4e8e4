import { lazy, StrictMode, Suspense, useEffect } from 'react';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { FullScreenMessage, Spinner } from '../../components/ui/Spinner';
import { Toaster } from '../../components/ui/Toaster';
import { GuestBrandTheme } from './brand-theme';
import { useFirstViewTexts } from './i18n';
import type { GuestInitialData } from './initial-data';
import { useLocation } from './navigation';
import { codeFromPath } from './params';
import { CheckoutReturnPage } from './CheckoutReturnPage';
import { CodeProblem } from './CodeProblem';
import { InvalidUidPage } from './InvalidUidPage';
import { QrErrorPage } from './QrErrorPage';
import { TipPage } from './TipPage';

// The tip page is the first view after a scan and ships with the app; the pages after it load
// on demand.
const ThankYouPage = lazy(() =>
  import('./ThankYouPage').then((m) => ({ default: m.ThankYouPage })),
);

/** The guest pages, chosen by path: no router and no staff code, so a guest's phone loads little. */
function GuestApp({ initial }: { initial: GuestInitialData | null }) {
  const { pathname, search } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path.startsWith('/t/')) {
    // The server answered this code's problem page itself (with its status): show that page
    // here too, the error pages are in this bundle so hydration never waits for a chunk.
    if (initial?.kind === 'problem' && (initial.page !== 'tip-problem' || initial.problem)) {
      return <CodeProblem page={initial} />;
    }
    // Back from a checkout opened before the code stopped taking tips: the payment comes first.
    if (initial?.kind === 'checkout-return') return <CheckoutReturnPage data={initial} />;
    const code = codeFromPath(path);
    return (
      <TipPage
        key={path}
        code={code}
        initialEntry={
          initial?.kind === 'tip-page' && initial.entry.code === code ? initial.entry : undefined
        }
      />
    );
  }
  if (path === '/thank-you') return <ThankYouPage search={search} />;
  if (path === '/qr-error') return <QrErrorPage />;
  return <InvalidUidPage />;
}

function Loading() {
  return (
    <FullScreenMessage>
      <Spinner label={useFirstViewTexts().loading} />
    </FullScreenMessage>
  );
}

/** Tells the starter once the tree is live (hydrated): renders nothing, on both sides. */
function Ready({ onReady }: { onReady: (() => void) | undefined }) {
  useEffect(() => onReady?.(), [onReady]);
  return null;
}

/**
 * The whole guest tree. The server renders it for /t/{uid} (guest-page feature) and the browser
 * hydrates the very same tree, so both must stay one component (decision 0220).
 */
export function GuestRoot({
  initial,
  onReady,
}: {
  initial: GuestInitialData | null;
  onReady?: () => void;
}) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <Suspense fallback={<Loading />}>
          <GuestBrandTheme>
            <GuestApp initial={initial} />
          </GuestBrandTheme>
          {/* Inside the boundary: React may hydrate its content after what stands outside it. */}
          <Ready onReady={onReady} />
        </Suspense>
      </ErrorBoundary>
      <Toaster />
    </StrictMode>
  );
}
