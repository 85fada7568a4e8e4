import { Outlet, useLocation } from './lib/router';
import { Toaster } from './components/ui/Toaster';
import { SessionTimeout } from './features/auth/SessionTimeout';
import { useStaffAppInstall } from './lib/pwa';
import { SessionProvider } from './lib/session';
import { StaffLanguageProvider, useStaffLanguage } from './lib/staff-language';

/**
 * The frame around every page of the full app: the session and its inactivity timeout, and on the
 * staff pages the installable web app (manifest and service worker, decision 0182).
 */
/** Inside the language layer: the installed app's name follows the staff language. */
function StaffAppInstall() {
  useStaffAppInstall(useLocation().pathname, useStaffLanguage().language);
  return null;
}

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
