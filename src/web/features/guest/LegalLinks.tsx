import { guestTexts } from '../../../shared/i18n/guest';

/** Impressum and Datenschutz under every guest page (real pages, served by the server). */
export function LegalLinks() {
  return (
    <nav
      aria-label={guestTexts.legal.label}
      className="flex justify-center gap-4 py-2 text-xs text-muted-foreground"
    >
      <a href="/impressum" className="underline-offset-4 hover:underline">
        {guestTexts.legal.imprint}
      </a>
      <a href="/datenschutz" className="underline-offset-4 hover:underline">
        {guestTexts.legal.privacy}
      </a>
    </nav>
  );
}
