import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PAYMENT_PROVIDERS } from '../shared/domain/tips';
import { REALTIME_HEARTBEAT_MS } from '../shared/domain/constants';
import type { PoolMode } from './db/connect';

/**
 * Every environment variable the server reads, parsed and validated once at start.
 * Nothing else in the server reads `process.env`.
 */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Where guests and staff reach the product, without a trailing slash. */
  publicOrigin: string;
  /** Absent: embedded PGlite under `dataDir` (never in production, decision 0523). */
  databaseUrl: string | undefined;
  /** The direct connection for LISTEN (DATABASE_LISTEN_URL); absent: databaseUrl (decision 0401). */
  databaseListenUrl: string | undefined;
  /** `transaction` behind PgBouncer in transaction pooling (DATABASE_POOL_MODE, decision 0401). */
  databasePoolMode: PoolMode;
  dataDir: string;
  /** Signs, seals and keys everything new (the first of the accepted secrets). */
  sessionSecret: string;
  /**
   * Earlier secrets still accepted while a rotation runs (SESSION_SECRET_PREVIOUS, comma-separated,
   * decision 0402): what was signed or sealed under them still opens; nothing new uses them.
   */
  sessionSecretPrevious: string[];
  /** Absent: e-mails go to the outbox table and the console only. */
  smtpUrl: string | undefined;
  /**
   * How e-mails leave: `smtp` (SMTP_URL), `console` (the demo's outbox on the console, with
   * working links; never in production) or `log` (production without mail, chosen explicitly:
   * each mail is shown without its tokens or a guest's address, and nothing is sent).
   */
  mailTransport: MailTransport;
  mailFrom: string;
  paymentProvider: 'demo' | 'stripe';
  stripeSecretKey: string | undefined;
  /** One or more endpoint secrets, comma-separated: an event signed with any verifies (0402). */
  stripeWebhookSecret: string | undefined;
  /** Only for contract tests: send Stripe API calls to this base URL instead of Stripe. */
  stripeApiUrl: string | undefined;
  demoFailureRate: number;
  aioApiUrl: string | undefined;
  aioApiToken: string | undefined;
  aioSyncSecret: string | undefined;
  aioTenantId: string;
  contactEmail: string;
  /** Apple Wallet passes for person points; null: the buttons say 'Demnächst verfügbar'. */
  appleWallet: AppleWalletConfig | null;
  /** Google Wallet save links; null: the button is hidden. */
  googleWallet: GoogleWalletConfig | null;
  /**
   * Whether businesses may sign up on their own at /registrieren (SIGNUP). Default: open outside
   * production, closed in production (decision 0325).
   */
  signup: 'open' | 'closed';
  /** The operator named on /impressum and /datenschutz; unset parts show placeholders. */
  legal: {
    operator: string | null;
    address: string | null;
    register: string | null;
    contact: string | null;
    /** The operator's USt-IdNr. (VAT_ID), on Pro's invoices (decision 0615). */
    vatId: string | null;
    /** The operator's telephone on Pro's e-invoices (LEGAL_PHONE; XRechnung requires one). */
    phone: string | null;
  };
  seedDemo: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Addresses or CIDR ranges of the reverse proxies whose `X-Forwarded-For` is believed; false:
   * none (the client address is the socket's).
   */
  trustProxy: false | string[];
  /** Days kept before the retention job deletes (docs/privacy.md). */
  retention: {
    mailDays: number;
    analyticsDays: number;
    providerPayloadDays: number;
    /** A closed business's personal data, from its closing (decision 0324). */
    closedBusinessDays: number;
  };
  /**
   * How often a live stream sends its heartbeat and checks its session: REALTIME_HEARTBEAT_MS,
   * not read from the environment; tests shorten it instead of waiting 25 s.
   */
  realtimeHeartbeatMs: number;
  /**
   * The bearer token of GET /metrics (Prometheus); unset: the endpoint answers 404 like an
   * unknown path (decision 0400).
   */
  metricsToken: string | undefined;
  /**
   * WEBHOOK_ALLOW_PRIVATE: outgoing webhooks may go to private, loopback and link-local
   * addresses (decision 0650). Default false; tests and labs with a local receiver set it.
   */
  webhookAllowPrivate: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Ungültige Konfiguration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** A comma-separated list without empty entries. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

function urlWithProtocols(protocols: string[], example: string) {
  return optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `muss eine URL wie ${example} sein` },
  );
}

const retentionDays = (fallback: number) =>
  z
    .string()
    .trim()
    .default(String(fallback))
    .refine((v) => /^\d{1,4}$/.test(v) && Number(v) >= 1, {
      message: 'muss eine ganze Zahl von Tagen zwischen 1 und 9999 sein',
    })
    .transform(Number);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PORT: z
    .string()
    .trim()
    .default('3000')
    .refine((v) => /^\d+$/.test(v) && Number(v) <= 65535, {
      message: 'muss eine ganze Zahl von 0 bis 65535 sein',
    })
    .transform(Number),
  PUBLIC_ORIGIN: urlWithProtocols(['http:', 'https:'], 'https://trinkgeld.example.com'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://user:pass@host:5432/db'),
  DATABASE_LISTEN_URL: urlWithProtocols(
    ['postgres:', 'postgresql:'],
    'postgres://user:pass@db-direct:5432/db',
  ),
  DATABASE_POOL_MODE: z.enum(['direct', 'transaction']).default('direct'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  SESSION_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: 'muss mindestens 32 Zeichen lang sein',
  }),
  SESSION_SECRET_PREVIOUS: optionalString.refine(
    (v) => v === undefined || splitList(v).every((secret) => secret.length >= 32),
    { message: 'muss Geheimnisse von je mindestens 32 Zeichen nennen, durch Kommas getrennt' },
  ),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:pass@mail.example.com:587'),
  MAIL_TRANSPORT: z.enum(['smtp', 'log', 'console']).optional(),
  MAIL_FROM: z.string().trim().min(3).default('Trinkgeld <no-reply@trinkgeld.local>'),
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).optional(),
  STRIPE_SECRET_KEY: optionalString.refine((v) => v === undefined || /^(sk|rk)_/.test(v), {
    message: 'muss mit sk_ oder rk_ beginnen',
  }),
  STRIPE_WEBHOOK_SECRET: optionalString.refine(
    (v) => v === undefined || splitList(v).every((secret) => secret.startsWith('whsec_')),
    { message: 'muss mit whsec_ beginnen (mehrere: durch Kommas getrennt, jedes mit whsec_)' },
  ),
  STRIPE_API_URL: urlWithProtocols(['http:', 'https:'], 'http://127.0.0.1:12111'),
  DEMO_FAILURE_RATE: z
    .string()
    .trim()
    .default('0')
    .refine((v) => /^(0(\.\d+)?|1(\.0+)?)$/.test(v), { message: 'muss eine Zahl von 0 bis 1 sein' })
    .transform(Number),
  AIO_API_URL: urlWithProtocols(['http:', 'https:'], 'https://api.aio.example.com/graphql'),
  // A bearer token has no blanks (RFC 6750); one with a space or line break is a copy mistake.
  AIO_API_TOKEN: optionalString.refine((v) => v === undefined || /^\S+$/.test(v), {
    message: 'darf keine Leerzeichen oder Zeilenumbrüche enthalten',
  }),
  AIO_SYNC_SECRET: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: 'muss mindestens 16 Zeichen lang sein',
  }),
  AIO_TENANT_ID: z.string().trim().min(1).default('trinkgeld-default-tenant'),
  APPLE_WALLET_PASS_TYPE_ID: optionalString.refine((v) => v === undefined || /^pass\./.test(v), {
    message: 'muss eine Pass-Type-ID sein, die mit pass. beginnt',
  }),
  APPLE_WALLET_TEAM_ID: optionalString.refine((v) => v === undefined || /^[A-Z0-9]{10}$/.test(v), {
    message: 'muss die zehnstellige Team-ID von Apple sein (Großbuchstaben und Ziffern)',
  }),
  APPLE_WALLET_CERT: optionalString,
  APPLE_WALLET_KEY: optionalString,
  APPLE_WALLET_KEY_PASSPHRASE: optionalString,
  APPLE_WALLET_WWDR: optionalString,
  GOOGLE_WALLET_ISSUER_ID: optionalString.refine((v) => v === undefined || /^\d{6,25}$/.test(v), {
    message: 'muss die Aussteller-ID von Google Wallet sein (6 bis 25 Ziffern)',
  }),
  GOOGLE_WALLET_SERVICE_ACCOUNT: optionalString,
  CONTACT_EMAIL: z
    .string()
    .trim()
    .default('kontakt@trinkgeld.example')
    .refine((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), {
      message: 'muss eine E-Mail-Adresse sein',
    }),
  SIGNUP: z.enum(['open', 'closed']).optional(),
  LEGAL_OPERATOR: z.string().trim().min(1).max(200).optional(),
  LEGAL_ADDRESS: z.string().trim().min(1).max(300).optional(),
  LEGAL_REGISTER: z.string().trim().min(1).max(200).optional(),
  LEGAL_CONTACT: z.string().trim().min(1).max(200).optional(),
  VAT_ID: z
    .string()
    .trim()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .regex(/^[A-Z]{2}[A-Z0-9]{2,12}$/, { message: 'muss eine USt-IdNr. wie DE123456789 sein' }),
    )
    .optional(),
  LEGAL_PHONE: z.string().trim().min(3).max(40).optional(),
  SEED_DEMO: booleanFlag,
  WEBHOOK_ALLOW_PRIVATE: booleanFlag,
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || /^\S{32,}$/.test(v), {
    message: 'muss mindestens 32 Zeichen ohne Leerzeichen lang sein',
  }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RETENTION_MAIL_DAYS: retentionDays(30),
  RETENTION_ANALYTICS_DAYS: retentionDays(395),
  RETENTION_PROVIDER_PAYLOAD_DAYS: retentionDays(90),
  // Decision 0324: the card schemes' usual window for late disputes and time for exports.
  RETENTION_CLOSED_BUSINESS_DAYS: retentionDays(90),
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((v, context) => {
      if (v === undefined || v === '' || v === '0' || v === 'false') return false as const;
      const entries = v.split(',').map((entry) => entry.trim());
      if (!entries.every(isProxyAddress)) {
        context.addIssue({
          code: 'custom',
          message:
            'muss die Adressen oder CIDR-Bereiche der Proxys nennen, z. B. 127.0.0.1,10.0.0.0/8 (1 würde jedem Client glauben)',
        });
        return z.NEVER;
      }
      return entries;
    }),
});

/** An IP address, a CIDR range, or one of proxy-addr's names (loopback, linklocal, uniquelocal). */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Secrets: a start message names a wrong one by its length only, never by its value, not even
 * in part: the line ends up in logs and in screenshots of them.
 */
const SECRET_VARIABLES: ReadonlySet<string> = new Set([
  'SESSION_SECRET',
  'SESSION_SECRET_PREVIOUS',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'AIO_API_TOKEN',
  'AIO_SYNC_SECRET',
  'METRICS_TOKEN',
  'APPLE_WALLET_KEY_PASSPHRASE',
] satisfies (keyof typeof envSchema.shape)[]);

/**
 * `user:password@` in a value, with or without a scheme: the password runs from the first colon
 * after the user to the last `@`, so one with an unencoded `/`, `#`, `@` or blank is covered too.
 */
const USERINFO_PASSWORD = /^((?:[a-z][a-z0-9+.-]*:\/\/)?[^:/?#@\s]*:)(.*)(@[^@]*)$/is;
/** A query parameter that carries a credential (`?password=`, `sslkey=`, `token=`...). */
const CREDENTIAL_PARAMETER = /([?&][^=&#\s]*(?:pass|secret|token|key|auth)[^=&#\s]*=)[^&#\s]*/gi;

function maskPassword(value: string): string {
  return value.replace(USERINFO_PASSWORD, '$1***$3');
}

/**
 * A value or a message as a start message may show it: a URL's password and its credential
 * parameters masked, whether the URL is the whole text or a word in it.
 */
export function withoutPasswords(text: string): string {
  return maskPassword(text)
    .split(/(\s+)/)
    .map(maskPassword)
    .join('')
    .replace(CREDENTIAL_PARAMETER, '$1***');
}

function shownValue(variable: string, value: string | undefined): string {
  if (value === undefined) return 'fehlt';
  if (SECRET_VARIABLES.has(variable)) return `angegeben: ${value.length} Zeichen`;
  return `angegeben: "${withoutPasswords(value)}"`;
}

/** zod's own messages (an unknown enum value, an empty or too long text), in German. */
const germanIssue: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_value':
      return `muss einer dieser Werte sein: ${issue.values.filter((value) => value !== '').join(', ')}`;
    case 'too_small':
      return Number(issue.minimum) <= 1
        ? 'darf nicht leer sein'
        : `muss mindestens ${issue.minimum} Zeichen lang sein`;
    case 'too_big':
      return `darf höchstens ${issue.maximum} Zeichen lang sein`;
    default:
      return 'ist ungültig';
  }
};

/** Parses the environment; throws ConfigError naming every bad variable in one German line. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  /** A command that sends no e-mail (admin:create) needs no mail server, even in production. */
  options: { sendsMail?: boolean } = {},
): Config {
  const parsed = envSchema.safeParse(env, { error: germanIssue });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const variable = String(issue.path[0] ?? 'Umgebung');
      return `${variable} ${issue.message} (${shownValue(variable, env[variable])})`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const problems: string[] = [];

  const paymentProvider = e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'demo');
  if (paymentProvider === 'stripe') {
    if (!e.STRIPE_SECRET_KEY) {
      problems.push('STRIPE_SECRET_KEY fehlt: PAYMENT_PROVIDER=stripe braucht den API-Schlüssel');
    }
    if (!e.STRIPE_WEBHOOK_SECRET) {
      problems.push(
        'STRIPE_WEBHOOK_SECRET fehlt: PAYMENT_PROVIDER=stripe braucht das Webhook-Geheimnis',
      );
    }
  }
  // Production runs on PostgreSQL (decision 0523): backups while payments go on, several
  // instances, PgBouncer. The embedded database is the default for the demo, development and tests.
  if (e.NODE_ENV === 'production' && !e.DATABASE_URL) {
    problems.push(
      'DATABASE_URL fehlt: In der Produktion läuft Trinkgeld auf PostgreSQL (DATABASE_URL=postgres://…); die eingebettete Datenbank ist für Demo, Entwicklung und Tests',
    );
  }
  if (e.DATABASE_LISTEN_URL && !e.DATABASE_URL) {
    problems.push(
      'DATABASE_LISTEN_URL braucht DATABASE_URL (die eingebettete Datenbank lauscht selbst)',
    );
  }
  if (e.DATABASE_POOL_MODE === 'transaction' && !e.DATABASE_URL) {
    problems.push(
      'DATABASE_POOL_MODE=transaction braucht DATABASE_URL (die Adresse von PgBouncer)',
    );
  }
  if (e.SESSION_SECRET_PREVIOUS && !e.SESSION_SECRET) {
    problems.push('SESSION_SECRET_PREVIOUS braucht SESSION_SECRET (das neue Geheimnis)');
  }
  if (e.DATABASE_URL && !e.SESSION_SECRET && e.NODE_ENV === 'production') {
    problems.push('SESSION_SECRET fehlt: In der Produktion mit DATABASE_URL ist es Pflicht');
  }
  const mailTransport =
    options.sendsMail === false
      ? 'log'
      : chooseMailTransport(e.NODE_ENV, e.SMTP_URL, e.MAIL_TRANSPORT, problems);
  const appleWallet = appleWalletConfig(e, problems);
  const googleWallet = googleWalletConfig(
    e.GOOGLE_WALLET_ISSUER_ID,
    e.GOOGLE_WALLET_SERVICE_ACCOUNT,
    problems,
  );
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  const publicOrigin = (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT || 3000}`).replace(
    /\/+$/,
    '',
  );
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicOrigin,
    databaseUrl: e.DATABASE_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL,
    databasePoolMode: e.DATABASE_POOL_MODE,
    dataDir,
    sessionSecret: e.SESSION_SECRET ?? persistedSessionSecret(dataDir),
    sessionSecretPrevious: e.SESSION_SECRET_PREVIOUS ? splitList(e.SESSION_SECRET_PREVIOUS) : [],
    smtpUrl: e.SMTP_URL,
    mailTransport,
    mailFrom: e.MAIL_FROM,
    paymentProvider,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeApiUrl: e.STRIPE_API_URL,
    demoFailureRate: e.DEMO_FAILURE_RATE,
    aioApiUrl: e.AIO_API_URL,
    aioApiToken: e.AIO_API_TOKEN,
    aioSyncSecret: e.AIO_SYNC_SECRET,
    aioTenantId: e.AIO_TENANT_ID,
    appleWallet,
    googleWallet,
    contactEmail: e.CONTACT_EMAIL,
    signup: e.SIGNUP ?? (e.NODE_ENV === 'production' ? 'closed' : 'open'),
    legal: {
      operator: e.LEGAL_OPERATOR ?? null,
      address: e.LEGAL_ADDRESS ?? null,
      register: e.LEGAL_REGISTER ?? null,
      contact: e.LEGAL_CONTACT ?? null,
      vatId: e.VAT_ID ?? null,
      phone: e.LEGAL_PHONE ?? null,
    },
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    retention: {
      mailDays: e.RETENTION_MAIL_DAYS,
      analyticsDays: e.RETENTION_ANALYTICS_DAYS,
      providerPayloadDays: e.RETENTION_PROVIDER_PAYLOAD_DAYS,
      closedBusinessDays: e.RETENTION_CLOSED_BUSINESS_DAYS,
    },
    realtimeHeartbeatMs: REALTIME_HEARTBEAT_MS,
    metricsToken: e.METRICS_TOKEN,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
  };
}

export type MailTransport = 'smtp' | 'log' | 'console';

/** Paths, never the keys themselves: the files stay outside the repository (decision 0381). */
export interface AppleWalletConfig {
  passTypeId: string;
  teamId: string;
  certPath: string;
  keyPath: string;
  keyPassphrase: string | undefined;
  wwdrPath: string;
}

export interface GoogleWalletConfig {
  issuerId: string;
  serviceAccountPath: string;
}

const APPLE_WALLET_REQUIRED = [
  'APPLE_WALLET_PASS_TYPE_ID',
  'APPLE_WALLET_TEAM_ID',
  'APPLE_WALLET_CERT',
  'APPLE_WALLET_KEY',
  'APPLE_WALLET_WWDR',
] as const;

/** All of Apple's five settings or none; a half-configured wallet is a typo to report at start. */
function appleWalletConfig(
  e: Partial<
    Record<(typeof APPLE_WALLET_REQUIRED)[number] | 'APPLE_WALLET_KEY_PASSPHRASE', string>
  >,
  problems: string[],
): AppleWalletConfig | null {
  const missing = APPLE_WALLET_REQUIRED.filter((name) => !e[name]);
  if (missing.length === APPLE_WALLET_REQUIRED.length) {
    // A passphrase alone opens nothing: most likely the other settings went missing.
    if (e.APPLE_WALLET_KEY_PASSPHRASE) {
      problems.push(
        'APPLE_WALLET_KEY_PASSPHRASE ist gesetzt, APPLE_WALLET_KEY nicht: Apple Wallet braucht alle fünf APPLE_WALLET_-Angaben',
      );
    }
    return null;
  }
  if (missing.length > 0) {
    problems.push(
      `${missing.join(', ')} fehlt: Apple Wallet braucht alle fünf APPLE_WALLET_-Angaben`,
    );
    return null;
  }
  return {
    passTypeId: e.APPLE_WALLET_PASS_TYPE_ID!,
    teamId: e.APPLE_WALLET_TEAM_ID!,
    certPath: e.APPLE_WALLET_CERT!,
    keyPath: e.APPLE_WALLET_KEY!,
    keyPassphrase: e.APPLE_WALLET_KEY_PASSPHRASE,
    wwdrPath: e.APPLE_WALLET_WWDR!,
  };
}

function googleWalletConfig(
  issuerId: string | undefined,
  serviceAccountPath: string | undefined,
  problems: string[],
): GoogleWalletConfig | null {
  if (!issuerId && !serviceAccountPath) return null;
  if (!issuerId || !serviceAccountPath) {
    problems.push(
      `${issuerId ? 'GOOGLE_WALLET_SERVICE_ACCOUNT' : 'GOOGLE_WALLET_ISSUER_ID'} fehlt: Google Wallet braucht beide Angaben`,
    );
    return null;
  }
  return { issuerId, serviceAccountPath };
}

/**
 * Production never prints working sign-in links: without SMTP_URL it refuses
 * to start unless MAIL_TRANSPORT=log says on purpose that mails are only logged, redacted.
 */
function chooseMailTransport(
  nodeEnv: string,
  smtpUrl: string | undefined,
  asked: MailTransport | undefined,
  problems: string[],
): MailTransport {
  const production = nodeEnv === 'production';
  if (asked === 'smtp' && !smtpUrl) {
    problems.push('SMTP_URL fehlt: MAIL_TRANSPORT=smtp braucht einen Mailserver (smtp://…)');
  }
  if (asked === 'console' && production) {
    problems.push(
      'MAIL_TRANSPORT=console ist in der Produktion nicht erlaubt (es zeigt Anmeldelinks an)',
    );
  }
  if (asked) return asked;
  if (smtpUrl) return 'smtp';
  if (production) {
    problems.push(
      'SMTP_URL fehlt: In der Produktion braucht Trinkgeld einen Mailserver (SMTP_URL=smtp://…), sonst erreichen Anmeldelinks und Einladungen niemanden; nur Protokollieren ohne Versand: MAIL_TRANSPORT=log',
    );
  }
  return 'console';
}

/** The secret a server without SESSION_SECRET keeps in `DATA_DIR/session-secret`, if it is there. */
export function storedSessionSecret(dataDir: string): string | undefined {
  try {
    const existing = readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim();
    return existing.length >= 32 ? existing : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Without SESSION_SECRET the server makes one on first start and keeps it under the data
 * directory, so signed links and cookies survive a restart.
 */
function persistedSessionSecret(dataDir: string): string {
  const existing = storedSessionSecret(dataDir);
  if (existing) return existing;
  // The data directory is the server's user's alone (decision 0436).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(path.join(dataDir, 'session-secret'), `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Whether the demo shows: the demo pages (showcase, prototype overview, style guide, developer
 * handover) and the demo data tool exist in development and the demo, never in production
 * (decision 0520).
 */
export function showsDemo(config: Pick<Config, 'nodeEnv'>): boolean {
  return config.nodeEnv !== 'production';
}

/** A config for tests and tools: defaults plus overrides, never touching `./data`. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'silent',
      // Tests deliver webhooks to receivers on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE: '1',
    }),
    dataDir: path.resolve('data', 'test-unused'),
    ...overrides,
  };
}

/**
 * Every secret that may have signed, sealed or keyed a stored value: the current one first, then
 * those of a rotation still running (decision 0402). New values always use the first.
 */
export function acceptedSessionSecrets(
  config: Pick<Config, 'sessionSecret' | 'sessionSecretPrevious'>,
): string[] {
  return [config.sessionSecret, ...config.sessionSecretPrevious];
}
