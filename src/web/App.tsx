import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from './lib/router';
import { Toaster } from './components/ui/Toaster';
import { useStaffAppInstall } from './lib/pwa';
import { SessionProvider, useSession } from './lib/session';
import { StaffLanguageProvider, useStaffLanguage } from './lib/staff-language';

/** Inside the language layer: the installed app's name follows the staff language. */
function StaffAppInstall() {
  useStaffAppInstall(useLocation().pathname, useStaffLanguage().language);
  return null;
}

const ActiveSessionTimeout = lazy(() =>
  import('./features/auth/SessionTimeout').then((module) => ({
    default: module.ActiveSessionTimeout,
  })),
);

/** The inactivity timeout (spec §1), loaded and running while someone is signed in. */
function SessionTimeout() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <ActiveSessionTimeout key={user.id} />
    </Suspense>
  );
}

/**
 * The frame around every page of the full app: the session and its inactivity timeout, and on the
 * staff pages the installable web app (manifest and service worker, decision 0182).
 */
export function App() {
  return (
    <SessionProvider>
      <StaffLanguageProvider>
        <StaffAppInstall />
        <Outlet />
        <SessionTimeout />
        <Toaster />
      </StaffLanguageProvider>
    </SessionProvider>
  );
}
