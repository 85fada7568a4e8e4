import { Link } from '../../lib/router';
import { commonTexts } from '../../../shared/i18n/common';
import { buttonClasses } from '../../components/ui/Button';
import { usePageTitle } from '../../lib/page-title';

/** An address the app has no page for: says so in German, keeps the spec's line, offers ways on. */
export function NotFoundPage() {
  const texts = commonTexts.notFound;
  usePageTitle(texts.heading);
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        {texts.code}
      </p>
      <h1 className="text-2xl font-bold">{texts.heading}</h1>
      <p className="text-muted-foreground" lang="en">
        {texts.title}
      </p>
      <p className="text-muted-foreground">{texts.description}</p>
      <div className="flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to="/" className={buttonClasses('primary', 'lg')}>
          {texts.link}
        </Link>
        <button
          type="button"
          className={buttonClasses('outline', 'lg')}
          onClick={() => window.history.back()}
        >
          {texts.back}
        </button>
      </div>
    </main>
  );
}
