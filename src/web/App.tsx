import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from './components/ui/Toaster';
import { SessionTimeout } from './features/auth/SessionTimeout';
import { SessionProvider } from './lib/session';

/** The frame around every page of the full app: the session and its inactivity timeout. */
export function App() {
  return (
    <SessionProvider>
      <Outlet />
      {/* A new page starts at the top (or its #anchor); back and forward return to where one was. */}
      <ScrollRestoration />
      <SessionTimeout />
      <Toaster />
    </SessionProvider>
  );
}
