import type { Config } from './config';
import { legalConfigProblems } from './features/legal/page';

/** What a start prints: the lines that say what runs, and in production what is not ready. */
export interface StartReport {
  lines: string[];
  /** German, each starting with 'WARNUNG:'; only in production. */
  warnings: string[];
}

/**
 * Domains no reply reaches: the names reserved for examples, tests and local networks (RFC 2606,
 * RFC 6761, mDNS's .local) and a name without a dot. Mail servers often refuse such senders.
 */
const RESERVED_TOP_LEVEL = new Set(['example', 'invalid', 'localhost', 'test', 'local']);
const RESERVED_DOMAINS = new Set(['example.com', 'example.net', 'example.org']);

/** The domain of MAIL_FROM when no mail can come back to it, else null. */
export function undeliverableMailDomain(mailFrom: string): string | null {
  const match = /@([^@>\s]+)>?\s*$/.exec(mailFrom.trim());
  const domain = match?.[1]?.toLowerCase().replace(/\.$/, '');
  if (!domain) return null;
  const labels = domain.split('.');
  const topLevel = labels.at(-1) ?? '';
  const registered = labels.slice(-2).join('.');
  if (labels.length < 2 || RESERVED_TOP_LEVEL.has(topLevel) || RESERVED_DOMAINS.has(registered)) {
    return domain;
  }
  return null;
}

/** The database as the start line names it: never the URL's user or password. */
function databaseName(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `eingebettete Datenbank (${config.dataDir})`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL ${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/** The optional features this start turned on, in the order the operator guide names them. */
function optionalFeatures(config: Config): string[] {
  const on: string[] = [];
  if (config.metricsToken) on.push('Metriken (/metrics)');
  if (config.appleWallet) on.push('Apple Wallet');
  if (config.googleWallet) on.push('Google Wallet');
  if (config.signup === 'open') on.push('Registrierung (/registrieren)');
  const aio = [
    config.aioApiUrl && config.aioApiToken ? 'Abgleich' : null,
    config.aioSyncSecret ? 'Empfang' : null,
  ].filter((part) => part !== null);
  if (aio.length > 0) on.push(`AiO (${aio.join(' und ')})`);
  return on;
}

/** Settings a production site runs with but should not (each warning names what to set). */
function productionWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.paymentProvider === 'demo') {
    warnings.push(
      'Zahlungsanbieter demo: Gäste zahlen nicht wirklich. Für echte Trinkgelder PAYMENT_PROVIDER=stripe mit STRIPE_SECRET_KEY und STRIPE_WEBHOOK_SECRET setzen.',
    );
  }
  if (config.publicOrigin.startsWith('http://')) {
    warnings.push(
      'PUBLIC_ORIGIN beginnt mit http://: Anmeldung und Zahlung brauchen https://. PUBLIC_ORIGIN=https://… setzen.',
    );
  }
  // Only mail that leaves matters: with MAIL_TRANSPORT=log nothing is sent.
  const badDomain =
    config.mailTransport === 'smtp' ? undeliverableMailDomain(config.mailFrom) : null;
  if (badDomain) {
    warnings.push(
      `MAIL_FROM nennt die Domain ${badDomain}, an die keine Antwort zugestellt werden kann; Mailserver lehnen solche Absender oft ab. Eine Adresse der eigenen Domain setzen.`,
    );
  }
  const missingLegal = legalConfigProblems(config);
  if (missingLegal.length > 0) {
    warnings.push(
      `Impressum und Datenschutz zeigen Platzhalter: ${missingLegal.join(', ')} setzen.`,
    );
  }
  return warnings.map((warning) => `WARNUNG: ${warning}`);
}

/** The start line and, in production, the warnings (decision 0521). */
export function startReport(config: Config, version: string): StartReport {
  const features = optionalFeatures(config);
  return {
    lines: [
      `Trinkgeld läuft auf ${config.publicOrigin} (Version ${version}, ${databaseName(config)}, Zahlungsanbieter: ${config.paymentProvider})`,
      `Zusatzfunktionen: ${features.length > 0 ? features.join(', ') : 'keine'}`,
    ],
    warnings: config.nodeEnv === 'production' ? productionWarnings(config) : [],
  };
}
