import { Outlet } from 'react-router';
import { Toaster } from './components/ui/Toaster';

/** The frame around every page of the full app. */
export function App() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}
