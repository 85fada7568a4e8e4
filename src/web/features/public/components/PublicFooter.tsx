import { Link } from '../../../lib/router';
import { AGREEMENT_PATHS } from '../../../../shared/domain/agreements';
import { publicTexts } from '../../../../shared/i18n/public';
import { BrandLink } from './BrandLink';
import { MailLink } from './MailLink';
import { useDemoPages } from '../queries';

const t = publicTexts.footer;
type LegalItem = keyof typeof t.legalItems;
/** Each legal item's page, served by the server itself (features/legal). */
const LEGAL_PAGES: Record<LegalItem, string> = {
  imprint: '/impressum',
  privacy: '/datenschutz',
  terms: AGREEMENT_PATHS.terms,
};
const LEGAL_ITEMS = Object.keys(t.legalItems) as LegalItem[];

const linkClasses =
  'rounded-sm text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline';

/**
 * The footer of every public page; 'Für Entwickler' only where the demo pages exist. Impressum, Datenschutz and the AGB link to their pages (the
 * spec's 'in Vorbereitung' notice stood for pages that did not exist yet).
 */
export function PublicFooter() {
  // A production site has no demo pages to link (decision 0520).
  const demoPages = useDemoPages();
  return (
    <footer className="border-t border-border bg-card">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-5">
        <div className="flex flex-col gap-3 lg:col-span-1">
          <BrandLink />
          <p className="text-sm text-muted-foreground">{t.tagline}</p>
        </div>
        <FooterGroup title={t.product}>
          <li>
            <Link to="/security" className={linkClasses}>
              {t.security}
            </Link>
          </li>
          <li>
            <Link to="/employee/login" className={linkClasses}>
              {publicTexts.nav.login}
            </Link>
          </li>
        </FooterGroup>
        <FooterGroup title={t.legal}>
          {LEGAL_ITEMS.map((item) => (
            <li key={item}>
              {/* Served by the server itself, so a real page load. */}
              <a href={LEGAL_PAGES[item]} className={linkClasses}>
                {t.legalItems[item]}
              </a>
            </li>
          ))}
        </FooterGroup>
        <FooterGroup title={t.support}>
          <li>
            <MailLink subject={publicTexts.mail.faqSubject} className={linkClasses}>
              {t.supportItems.faq}
            </MailLink>
          </li>
          <li>
            <MailLink subject={publicTexts.mail.contactSubject} className={linkClasses}>
              {t.supportItems.contact}
            </MailLink>
          </li>
        </FooterGroup>
        {demoPages ? (
          <FooterGroup title={t.developers}>
            <li>
              <Link to="/demo-showcase" className={linkClasses}>
                {t.developerItems.showcase}
              </Link>
            </li>
            <li>
              <Link to="/prototype-demo" className={linkClasses}>
                {t.developerItems.prototype}
              </Link>
            </li>
            <li>
              <Link to="/styleguide" className={linkClasses}>
                {t.developerItems.styleguide}
              </Link>
            </li>
            <li>
              <Link to="/developer-handover" className={linkClasses}>
                {t.developerItems.handover}
              </Link>
            </li>
          </FooterGroup>
        ) : null}
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-muted-foreground sm:px-6">
          {t.copyright(new Date().getFullYear())}
        </p>
      </div>
    </footer>
  );
}

function FooterGroup({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <nav aria-label={title} className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="flex flex-col gap-2">{children}</ul>
    </nav>
  );
}
