import { useEffect, useRef } from 'react';
import { commonTexts } from '../../shared/i18n/common';
import { buttonClasses } from './ui/Button';

const texts = commonTexts.errorScreen;

/**
 * The German screen after a render error or a chunk that failed to load, in the staff app and in
 * the guest app: 'Erneut versuchen' reloads the page (a new chunk list after a deploy, a fresh
 * render), and a plain link leads home. No router, so the guest bundle can use it.
 */
export function ErrorScreen({ homeHref = '/' }: { homeHref?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${texts.title} | ${commonTexts.productName}`;
    heading.current?.focus();
  }, []);
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <main
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
      data-testid="error-screen"
    >
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
        {texts.title}
      </h1>
      <p className="text-muted-foreground">{texts.description}</p>
      {offline ? <p className="text-sm text-muted-foreground">{texts.offline}</p> : null}
      <div className="flex flex-wrap justify-center gap-2">
        <button type="button" className={buttonClasses()} onClick={() => window.location.reload()}>
          {commonTexts.retry}
        </button>
        <a href={homeHref} className={buttonClasses('outline')}>
          {commonTexts.home}
        </a>
      </div>
    </main>
  );
}
