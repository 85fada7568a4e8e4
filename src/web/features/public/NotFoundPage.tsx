import { Link } from 'react-router';
import { commonTexts } from '../../../shared/i18n/common';
import { usePageTitle } from '../../lib/page-title';

export function NotFoundPage() {
  usePageTitle('Seite nicht gefunden');
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-primary">{commonTexts.notFound.code}</p>
      <h1 className="text-xl text-muted-foreground">{commonTexts.notFound.title}</h1>
      <Link to="/" className="text-primary underline underline-offset-4 hover:opacity-80">
        {commonTexts.notFound.link}
      </Link>
    </main>
  );
}
