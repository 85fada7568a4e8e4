import {
  GUEST_LOCALE_NAMES,
  GUEST_LOCALES,
  isGuestLocale,
} from '../../../shared/i18n/guest-locale';
import { chooseGuestLanguage, useFirstViewTexts, useGuestLanguage } from './i18n';

/**
 * Under every guest page: Impressum and Datenschutz (real pages, served by the server, in the
 * guest's language) and the small language switch, whose choice this browser remembers.
 */
export function LegalLinks() {
  const texts = useFirstViewTexts();
  const { locale } = useGuestLanguage();
  const lang = locale === 'de' ? '' : `?lang=${locale}`;
  return (
    <nav
      aria-label={texts.legal.label}
      className="flex flex-wrap items-center justify-center gap-4 py-2 text-xs text-muted-foreground"
    >
      <a href={`/impressum${lang}`} className="underline-offset-4 hover:underline">
        {texts.legal.imprint}
      </a>
      <a href={`/datenschutz${lang}`} className="underline-offset-4 hover:underline">
        {texts.legal.privacy}
      </a>
      <select
        aria-label={texts.language}
        value={locale}
        onChange={(event) => {
          if (isGuestLocale(event.target.value)) chooseGuestLanguage(event.target.value);
        }}
        className="rounded border border-border bg-card px-1 py-0.5 text-xs text-foreground"
      >
        {GUEST_LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {GUEST_LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </nav>
  );
}
