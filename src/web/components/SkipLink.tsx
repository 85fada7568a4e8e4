import { commonTexts } from '../../shared/i18n/common';

/**
 * First stop for keyboard users: jumps over the header to the page's main content. Its words are
 * in the common texts: the admin shell uses it too, without the public site's catalogue.
 */
export function SkipLink({ target = 'inhalt' }: { target?: string }) {
  return (
    <a
      href={`#${target}`}
      className="sr-only z-50 rounded-md bg-card px-4 py-2 font-medium text-foreground shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      {commonTexts.skipToContent}
    </a>
  );
}
