import {
  AGREEMENT_PATHS,
  AGREEMENT_TITLES,
  type AgreementDocument,
} from '../../../shared/domain/agreements';
import type { Config } from '../../config';
import {
  GUEST_LOCALE_NAMES,
  GUEST_LOCALES,
  type GuestLocale,
} from '../../../shared/i18n/guest-locale';
import { GUEST_CATALOGUES } from '../../../shared/i18n/guest-server';
import { escapeHtml } from '../../lib/html';
import { AGREEMENT_TEXTS } from './agreements';
import { LEGAL_TEXTS, type LegalTexts } from './texts';

/** Which legal settings are missing: the server warns about them at start in production. */
export function legalConfigProblems(config: Pick<Config, 'legal'>): string[] {
  const problems: string[] = [];
  if (!config.legal.operator) problems.push('LEGAL_OPERATOR');
  if (!config.legal.address) problems.push('LEGAL_ADDRESS');
  if (!config.legal.register) problems.push('LEGAL_REGISTER');
  return problems;
}

const STYLE = `
  :root { color-scheme: light dark; --fg:#0f1b2a; --bg:#f7f8fa; --card:#fff; --muted:#4a5668;
    --border:#d9dde3; --primary:#003057; }
  @media (prefers-color-scheme: dark) { :root { --fg:#eef2f7; --bg:#0b1420; --card:#132132;
    --muted:#a9b4c3; --border:#2a3a4f; --primary:#7fb2e5; } }
  body { margin:0; background:var(--bg); color:var(--fg);
    font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
  main { max-width:44rem; margin:0 auto; padding:1.5rem 1rem 3rem; overflow-wrap:anywhere; }
  h1 { font-size:1.6rem; } h2 { font-size:1.15rem; margin-top:1.75rem; }
  a { color:var(--primary); }
  .placeholder { background:#fff4d6; color:#5c3d00; padding:0 0.25rem; border-radius:0.25rem; }
  footer { border-top:1px solid var(--border); margin-top:2.5rem; padding-top:1rem;
    display:flex; gap:1rem; flex-wrap:wrap; font-size:0.875rem; }
  nav.languages { display:flex; gap:0.75rem; flex-wrap:wrap; align-items:center; }
  nav.languages a[aria-current] { font-weight:700; text-decoration:none; color:var(--fg); }
  a:focus-visible { outline:3px solid var(--fg); outline-offset:2px; border-radius:2px; }
`;

/** The guest pages' language switch as plain links: this page has no script. */
function languageSwitch(locale: GuestLocale, path: string): string {
  const label = GUEST_CATALOGUES[locale].first.language;
  const links = GUEST_LOCALES.map(
    (code) =>
      `<a href="${path}?lang=${code}" lang="${code}" hreflang="${code}"${code === locale ? ' aria-current="true"' : ''}>${escapeHtml(GUEST_LOCALE_NAMES[code])}</a>`,
  ).join('');
  return `<nav class="languages" aria-label="${escapeHtml(label)}">${links}</nav>`;
}

/**
 * The footer's links keep the language the page is shown in; a guest page (`switchPath`) has the
 * language switch as well.
 */
function page(locale: GuestLocale, title: string, body: string, switchPath?: string): string {
  const t = LEGAL_TEXTS[locale];
  const lang = locale === 'de' ? '' : `?lang=${locale}`;
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Trinkgeld</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body><main>${body}
<footer><a href="/impressum${lang}">${escapeHtml(t.imprint)}</a><a href="/datenschutz${lang}">${escapeHtml(t.privacy)}</a>${switchPath ? languageSwitch(locale, switchPath) : ''}</footer>
</main></body>
</html>`;
}

/** A configured value, or a placeholder that says which variable fills it. */
function value(t: LegalTexts, text: string | null, what: string, variable: string): string {
  return text
    ? escapeHtml(text)
    : `<span class="placeholder">[${escapeHtml(t.fill.enter(what, variable))}]</span>`;
}

function contactOf(config: Pick<Config, 'legal' | 'contactEmail'>): string {
  const contact = config.legal.contact ?? config.contactEmail;
  return contact.includes('@')
    ? `<a href="mailto:${escapeHtml(contact)}">${escapeHtml(contact)}</a>`
    : escapeHtml(contact);
}

/** /impressum: the provider identification German law (§ 5 DDG) asks for. */
export function renderImprint(
  config: Pick<Config, 'legal' | 'contactEmail'>,
  locale: GuestLocale = 'de',
): string {
  const { legal } = config;
  const t = LEGAL_TEXTS[locale];
  return page(
    locale,
    t.imprint,
    `<h1>${escapeHtml(t.imprint)}</h1>
<h2>${escapeHtml(t.provider)}</h2>
<p>${value(t, legal.operator, t.fill.operator, 'LEGAL_OPERATOR')}<br>
${value(t, legal.address, t.fill.address, 'LEGAL_ADDRESS')}</p>
<h2>${escapeHtml(t.register)}</h2>
<p>${value(t, legal.register, t.fill.register, 'LEGAL_REGISTER')}</p>
<h2>${escapeHtml(t.contactHeading)}</h2>
<p>${escapeHtml(t.email)}: ${contactOf(config)}</p>`,
    '/impressum',
  );
}

/** /datenschutz: what the guest pages store, where, and for how long. */
export function renderPrivacy(
  config: Pick<Config, 'legal' | 'contactEmail'>,
  locale: GuestLocale = 'de',
): string {
  const { legal } = config;
  const t = LEGAL_TEXTS[locale];
  const section = (heading: string, ...paragraphs: string[]) =>
    `<h2>${escapeHtml(heading)}</h2>\n${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}`;
  return page(
    locale,
    t.privacy,
    [
      `<h1>${escapeHtml(t.privacy)}</h1>`,
      section(
        t.controller,
        `${value(t, legal.operator, t.fill.operator, 'LEGAL_OPERATOR')}, ${value(t, legal.address, t.fill.address, 'LEGAL_ADDRESS')}, ${contactOf(config)}`,
      ),
      section(t.tipping, escapeHtml(t.tippingText), escapeHtml(t.messageText)),
      section(t.paymentData, escapeHtml(t.paymentDataText)),
      section(t.statistics, escapeHtml(t.statisticsText)),
      section(t.retention, escapeHtml(t.retentionText)),
      section(t.rights, t.rightsText(contactOf(config))),
    ].join('\n'),
    '/datenschutz',
  );
}

/** A contract's path in its text becomes a link to its page. */
function linkAgreementPaths(escaped: string): string {
  return (Object.values(AGREEMENT_PATHS) as string[]).reduce(
    (html, path) => html.split(`(${path})`).join(`(<a href="${path}">${path}</a>)`),
    escaped,
  );
}

/**
 * /agb and /avv: the contracts a business accepts at sign-up, in German, with their version
 * (decision 0326). The operator comes from the configuration like on the imprint.
 */
export function renderAgreement(
  config: Pick<Config, 'legal' | 'contactEmail'>,
  document: AgreementDocument,
): string {
  const t = LEGAL_TEXTS.de;
  const text = AGREEMENT_TEXTS[document];
  const operator = `${value(t, config.legal.operator, t.fill.operator, 'LEGAL_OPERATOR')}, ${value(t, config.legal.address, t.fill.address, 'LEGAL_ADDRESS')}`;
  const paragraph = (p: string) =>
    `<p>${linkAgreementPaths(escapeHtml(p)).split('{operator}').join(operator)}</p>`;
  const other: AgreementDocument = document === 'terms' ? 'dpa' : 'terms';
  return page(
    'de',
    text.title,
    [
      `<h1>${escapeHtml(text.title)}</h1>`,
      `<p>${escapeHtml(text.intro)} · <strong>Version ${escapeHtml(text.version)}</strong></p>`,
      ...text.sections.map(
        (section) =>
          `<h2>${escapeHtml(section.heading)}</h2>\n${section.paragraphs.map(paragraph).join('\n')}`,
      ),
      `<h2>Kontakt</h2>\n<p>${contactOf(config)}</p>`,
      `<p><a href="${AGREEMENT_PATHS[other]}">${escapeHtml(AGREEMENT_TITLES[other])}</a></p>`,
    ].join('\n'),
  );
}
