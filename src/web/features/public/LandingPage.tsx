import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title';

/** The landing page: built in full by the public-site issue. */
export function LandingPage() {
  usePageTitle('Trinkgeld – digitales Trinkgeld ohne App');
  return (
    <main className="mx-auto flex min-h-dvh max-w-3xl flex-col items-start gap-4 p-6">
      <h1 className="text-3xl font-bold">Trinkgeld</h1>
      <nav aria-label="Hauptnavigation" className="flex gap-4">
        <Link to="/employee/login" className="text-primary underline underline-offset-4">
          Login
        </Link>
        <Link to="/security" className="text-primary underline underline-offset-4">
          Sicherheit
        </Link>
      </nav>
    </main>
  );
}
