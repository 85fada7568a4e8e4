import type { ReactNode } from 'react';
import { Link } from '../lib/router';
import { usePageTitle } from '../lib/page-title';

/**
 * A page whose screen is built by a later issue: it shows its title and a way home, nothing
 * pretending to work.
 */
export function PendingPage({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <main className="mx-auto flex min-h-dvh max-w-3xl flex-col items-start gap-4 p-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
      <Link to="/" className="text-primary underline underline-offset-4">
        Zur Startseite
      </Link>
    </main>
  );
}
