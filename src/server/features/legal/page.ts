import type { Config } from '../../config';
import { escapeHtml } from '../payments/demo-checkout-page';

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
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Trinkgeld</title>
<style>${STYLE}</style>
</head>
<body><main>${body}
<footer><a href="/impressum">Impressum</a><a href="/datenschutz">Datenschutz</a></footer>
</main></body>
</html>`;
}

/** A configured value, or a placeholder that says which variable fills it. */
function value(text: string | null, placeholder: string, variable: string): string {
  return text
    ? escapeHtml(text)
    : `<span class="placeholder">[${escapeHtml(placeholder)} eintragen: ${variable}]</span>`;
}

function contactOf(config: Pick<Config, 'legal' | 'contactEmail'>): string {
  const contact = config.legal.contact ?? config.contactEmail;
  return contact.includes('@')
    ? `<a href="mailto:${escapeHtml(contact)}">${escapeHtml(contact)}</a>`
    : escapeHtml(contact);
}

/** /impressum: the provider identification German law (§ 5 DDG) asks for. */
export function renderImprint(config: Pick<Config, 'legal' | 'contactEmail'>): string {
  const { legal } = config;
  return page(
    'Impressum',
    `<h1>Impressum</h1>
<h2>Anbieter</h2>
<p>${value(legal.operator, 'Betreiber', 'LEGAL_OPERATOR')}<br>
${value(legal.address, 'Anschrift', 'LEGAL_ADDRESS')}</p>
<h2>Registereintrag</h2>
<p>${value(legal.register, 'Registereintrag', 'LEGAL_REGISTER')}</p>
<h2>Kontakt</h2>
<p>E-Mail: ${contactOf(config)}</p>`,
  );
}

/** /datenschutz: what the guest pages store, where, and for how long. */
export function renderPrivacy(config: Pick<Config, 'legal' | 'contactEmail'>): string {
  const { legal } = config;
  return page(
    'Datenschutzerklärung',
    `<h1>Datenschutzerklärung</h1>
<h2>Verantwortlich</h2>
<p>${value(legal.operator, 'Betreiber', 'LEGAL_OPERATOR')}, ${value(legal.address, 'Anschrift', 'LEGAL_ADDRESS')}, ${contactOf(config)}</p>
<h2>Trinkgeld geben</h2>
<p>Für ein Trinkgeld brauchen Sie kein Konto. Wir speichern den Betrag, den optionalen Servicebeitrag, die Zahlungsart, den Zeitpunkt und den Bezahlpunkt (QR-Code oder Link), an den Sie gegeben haben.</p>
<p>Ihre Nachricht und Ihre Reaktion (Emoji) sind freiwillig; sie werden dem empfangenden Mitarbeiter bzw. Team angezeigt und mit dem Trinkgeld gespeichert.</p>
<h2>Zahlungsdaten</h2>
<p>Kartendaten und Wallet-Zahlungen (Apple Pay, Google Pay) gibt der Zahlungsanbieter (Stripe) direkt ein und verarbeitet sie; wir erhalten sie nicht. Wir speichern nur die Kennung der Zahlung beim Zahlungsanbieter.</p>
<h2>Nutzungsstatistik</h2>
<p>Die Trinkgeld-Seite zählt wenige Ereignisse (Seite geladen, Betrag gewählt, Zahlung gestartet, erfolgreich oder fehlgeschlagen, Feedback) mit festen Angaben wie Betrag und Fehlerart. Dabei speichern wir keine IP-Adressen, keine Gerätekennungen und keine Cookies. Im Browser-Tab liegt nur eine zufällige Sitzungskennung (sessionStorage), die mit dem Schließen des Tabs verschwindet.</p>
<h2>Speicherdauer</h2>
<p>Trinkgelder, Nachrichten und Reaktionen bewahren wir für die gesetzlichen Aufbewahrungsfristen auf (bis zu 10 Jahre nach § 147 AO); Nutzungsstatistiken höchstens 13 Monate. Links zum späteren Zahlen gelten 24 Stunden.</p>
<h2>Ihre Rechte</h2>
<p>Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch sowie auf Beschwerde bei einer Datenschutz-Aufsichtsbehörde. Schreiben Sie uns: ${contactOf(config)}</p>`,
  );
}
