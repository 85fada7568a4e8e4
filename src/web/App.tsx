import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from './components/ui/Toaster';

/** The frame around every page of the full app. */
export function App() {
  return (
    <>
      <Outlet />
      {/* A new page starts at the top (or its #anchor); back and forward return to where one was. */}
      <ScrollRestoration />
      <Toaster />
    </>
  );
}
