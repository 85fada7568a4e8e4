import { useEffect, useRef } from 'react';
import { commonTexts } from '../../shared/i18n/common';
import type { Translation } from '../../shared/i18n/staff-catalogue';
import { buttonClasses } from './ui/Button';

/** The words it needs: German by default; the staff app passes its active catalogue's. */
export type ErrorScreenTexts = Pick<
  Translation<typeof commonTexts>,
  'errorScreen' | 'retry' | 'home' | 'productName'
>;

/**
 * The German screen after a render error or a chunk that failed to load, in the staff app and in
 * the guest app: 'Erneut versuchen' reloads the page (a new chunk list after a deploy, a fresh
 * render), and a plain link leads home. No router, so the guest bundle can use it.
 */
export function ErrorScreen({
  homeHref = '/',
  words = commonTexts,
}: {
  homeHref?: string;
  words?: ErrorScreenTexts;
}) {
  const texts = words.errorScreen;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${texts.title} | ${words.productName}`;
    heading.current?.focus();
    // Once, when the screen appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
          {words.retry}
        </button>
        <a href={homeHref} className={buttonClasses('outline')}>
          {words.home}
        </a>
      </div>
    </main>
  );
}
