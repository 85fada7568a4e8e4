import '../../styles.css';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { FullScreenMessage, Spinner } from '../../components/ui/Spinner';
import { Toaster } from '../../components/ui/Toaster';
import { applyTheme } from '../../lib/theme';
import { GuestBrandTheme } from './brand-theme';
import { startGuestLanguage, useFirstViewTexts } from './i18n';
import { useLocation } from './navigation';
import { codeFromPath } from './params';
import { TipPage } from './TipPage';

// The tip page is the first view after a scan and ships in the entry; the pages after it load
// on demand.
const ThankYouPage = lazy(() =>
  import('./ThankYouPage').then((m) => ({ default: m.ThankYouPage })),
);
const QrErrorPage = lazy(() => import('./QrErrorPage').then((m) => ({ default: m.QrErrorPage })));
const InvalidUidPage = lazy(() =>
  import('./InvalidUidPage').then((m) => ({ default: m.InvalidUidPage })),
);

/** The guest pages, chosen by path: no router and no staff code, so a guest's phone loads little. */
function GuestApp() {
  const { pathname, search } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path.startsWith('/t/')) return <TipPage key={path} code={codeFromPath(path)} />;
  if (path === '/thank-you') return <ThankYouPage search={search} />;
  if (path === '/qr-error') return <QrErrorPage />;
  return <InvalidUidPage />;
}

applyTheme();
startGuestLanguage();

function Loading() {
  return (
    <FullScreenMessage>
      <Spinner label={useFirstViewTexts().loading} />
    </FullScreenMessage>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <Suspense fallback={<Loading />}>
        <GuestBrandTheme>
          <GuestApp />
        </GuestBrandTheme>
      </Suspense>
    </ErrorBoundary>
    <Toaster />
  </StrictMode>,
);
