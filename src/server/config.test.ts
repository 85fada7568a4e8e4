import { describe, expect, it } from 'vitest';
import { acceptedSessionSecrets, ConfigError, loadConfig, withoutPasswords } from './config';

const base = { SESSION_SECRET: 'x'.repeat(40), NODE_ENV: 'test' } as const;

function problemsOf(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ ...base });
    expect(config.port).toBe(3000);
    expect(config.publicOrigin).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.paymentProvider).toBe('demo');
    expect(config.demoFailureRate).toBe(0);
    expect(config.contactEmail).toContain('@');
    // A live stream's heartbeat: every 25 s, under common proxies' idle limits (60 s).
    expect(config.realtimeHeartbeatMs).toBe(25_000);
    // Outgoing webhooks go to public addresses only unless the operator says otherwise.
    expect(config.webhookAllowPrivate).toBe(false);
    expect(loadConfig({ ...base, WEBHOOK_ALLOW_PRIVATE: '1' }).webhookAllowPrivate).toBe(true);
  });

  it('opens the sign-up outside production and closes it in production unless SIGNUP says', () => {
    expect(loadConfig({ ...base }).signup).toBe('open');
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).signup).toBe('open');
    const production = {
      ...base,
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/x',
      SMTP_URL: 'smtp://mail.example.com',
    };
    expect(loadConfig(production).signup).toBe('closed');
    expect(loadConfig({ ...production, SIGNUP: 'open' }).signup).toBe('open');
    expect(loadConfig({ ...base, SIGNUP: 'closed' }).signup).toBe('closed');
    expect(problemsOf({ ...base, SIGNUP: 'yes' })).toContain('SIGNUP');
  });

  it('takes METRICS_TOKEN of 32 characters or more and never echoes a bad one', () => {
    expect(loadConfig({ ...base }).metricsToken).toBeUndefined();
    const token = 'm'.repeat(32);
    expect(loadConfig({ ...base, METRICS_TOKEN: token }).metricsToken).toBe(token);
    const message = problemsOf({ ...base, METRICS_TOKEN: 'short-secret' });
    expect(message).toContain('METRICS_TOKEN muss mindestens 32 Zeichen');
    expect(message).toContain('(angegeben: 12 Zeichen)');
    expect(message).not.toContain('short-secret');
  });

  it('names a bad PORT in one line', () => {
    const message = problemsOf({ ...base, PORT: 'abc' });
    expect(message).toMatch(/^Ungültige Konfiguration: PORT /);
    expect(message).not.toContain('\n');
    expect(problemsOf({ ...base, PORT: '70000' })).toContain('PORT');
  });

  it('names a bad DATABASE_URL', () => {
    const message = problemsOf({ ...base, DATABASE_URL: 'mysql://localhost/db' });
    expect(message).toContain('DATABASE_URL muss eine URL wie postgres://');
    expect(problemsOf({ ...base, DATABASE_URL: 'not a url' })).toContain('DATABASE_URL');
  });

  it('lists every bad variable at once', () => {
    const message = problemsOf({
      ...base,
      PORT: '-1',
      SMTP_URL: 'http://x',
      DEMO_FAILURE_RATE: '2',
    });
    expect(message).toContain('PORT');
    expect(message).toContain('SMTP_URL');
    expect(message).toContain('DEMO_FAILURE_RATE');
  });

  it('chooses Stripe when a secret key is set and requires its webhook secret', () => {
    expect(problemsOf({ ...base, STRIPE_SECRET_KEY: 'sk_test_123' })).toContain(
      'STRIPE_WEBHOOK_SECRET fehlt',
    );
    const config = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    });
    expect(config.paymentProvider).toBe('stripe');
    expect(problemsOf({ ...base, PAYMENT_PROVIDER: 'paypal' })).toContain('PAYMENT_PROVIDER');
  });

  it('keeps a generated session secret under the data directory', async () => {
    const { mkdtempSync, readFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = mkdtempSync(path.join(tmpdir(), 'trinkgeld-config-'));
    const first = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir });
    const second = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir });
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first.sessionSecret);
  });

  it('trusts only the listed proxies (finding 3: no blind X-Forwarded-For)', () => {
    expect(loadConfig({ ...base }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(loadConfig({ ...base, TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(problemsOf({ ...base, TRUST_PROXY: '1' })).toContain('TRUST_PROXY muss die Adressen');
    expect(problemsOf({ ...base, TRUST_PROXY: 'true' })).toContain('TRUST_PROXY');
    expect(problemsOf({ ...base, TRUST_PROXY: '10.0.0.0/40' })).toContain('TRUST_PROXY');
    expect(problemsOf({ ...base, TRUST_PROXY: 'proxy.local' })).toContain('TRUST_PROXY');
  });

  it('refuses production without SMTP_URL, in one German line, unless MAIL_TRANSPORT=log', () => {
    const production = { ...base, NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' };
    const message = problemsOf(production);
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain('SMTP_URL');
    expect(message).toMatch(/Produktion/);
    expect(loadConfig({ ...production, MAIL_TRANSPORT: 'log' }).mailTransport).toBe('log');
    expect(
      loadConfig({ ...production, SMTP_URL: 'smtp://mail.example.com:587' }).mailTransport,
    ).toBe('smtp');
    // Outside production the console outbox stays the default.
    expect(loadConfig({ ...base }).mailTransport).toBe('console');
    expect(problemsOf({ ...base, MAIL_TRANSPORT: 'smtp' })).toContain('SMTP_URL');
  });

  it('refuses production without DATABASE_URL, in one German line saying why', () => {
    const production = { ...base, NODE_ENV: 'production', MAIL_TRANSPORT: 'log' };
    const message = problemsOf(production);
    expect(message).toBe(
      'Ungültige Konfiguration: DATABASE_URL fehlt: In der Produktion läuft Trinkgeld auf PostgreSQL (DATABASE_URL=postgres://…); die eingebettete Datenbank ist für Demo, Entwicklung und Tests',
    );
    expect(loadConfig({ ...production, DATABASE_URL: 'postgres://db/x' }).databaseUrl).toBe(
      'postgres://db/x',
    );
    // Demo, development and tests keep the embedded database as their default.
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).databaseUrl).toBeUndefined();
  });

  it('reads the PgBouncer settings: a direct LISTEN URL and the transaction pool mode', () => {
    const defaults = loadConfig({ ...base });
    expect(defaults.databaseListenUrl).toBeUndefined();
    expect(defaults.databasePoolMode).toBe('direct');
    const pooled = loadConfig({
      ...base,
      DATABASE_URL: 'postgres://app@pgbouncer:6432/trinkgeld',
      DATABASE_LISTEN_URL: 'postgres://app@db:5432/trinkgeld',
      DATABASE_POOL_MODE: 'transaction',
    });
    expect(pooled.databaseListenUrl).toBe('postgres://app@db:5432/trinkgeld');
    expect(pooled.databasePoolMode).toBe('transaction');
    expect(problemsOf({ ...base, DATABASE_POOL_MODE: 'session' })).toContain('DATABASE_POOL_MODE');
    expect(problemsOf({ ...base, DATABASE_LISTEN_URL: 'http://db' })).toContain(
      'DATABASE_LISTEN_URL',
    );
    // Both only mean something with DATABASE_URL.
    expect(problemsOf({ ...base, DATABASE_POOL_MODE: 'transaction' })).toContain('DATABASE_URL');
    expect(problemsOf({ ...base, DATABASE_LISTEN_URL: 'postgres://db/x' })).toContain(
      'DATABASE_LISTEN_URL braucht DATABASE_URL',
    );
  });

  it('reads previous session secrets and several webhook secrets, comma-separated', () => {
    expect(loadConfig({ ...base }).sessionSecretPrevious).toEqual([]);
    const old = 'o'.repeat(40);
    const older = 'p'.repeat(40);
    const rotated = loadConfig({ ...base, SESSION_SECRET_PREVIOUS: `${old}, ${older}` });
    expect(rotated.sessionSecretPrevious).toEqual([old, older]);
    expect(acceptedSessionSecrets(rotated)).toEqual([base.SESSION_SECRET, old, older]);
    expect(problemsOf({ ...base, SESSION_SECRET_PREVIOUS: 'short' })).toContain(
      'SESSION_SECRET_PREVIOUS',
    );
    expect(
      problemsOf({ NODE_ENV: 'test', SESSION_SECRET_PREVIOUS: old, DATA_DIR: '/tmp/x' }),
    ).toContain('SESSION_SECRET_PREVIOUS braucht SESSION_SECRET');

    const stripe = { ...base, STRIPE_SECRET_KEY: 'sk_test_x' };
    expect(
      loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: 'whsec_old,whsec_new' }).stripeWebhookSecret,
    ).toBe('whsec_old,whsec_new');
    expect(problemsOf({ ...stripe, STRIPE_WEBHOOK_SECRET: 'whsec_old,new' })).toContain(
      'STRIPE_WEBHOOK_SECRET',
    );
  });
});

/** The ConfigError's problems for `env`, one per bad variable. */
function problemListOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return [...(error as ConfigError).problems];
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

const LONG_SECRET = 'l'.repeat(40);

/**
 * Wrong values of secrets and of URLs that may carry a password. `secrets` are
 * the strings that must never appear in a start message, whatever else it says.
 */
const SECRET_CASES: { env: NodeJS.ProcessEnv; secrets: string[] }[] = [
  { env: { SESSION_SECRET: 'abcdefghijklmnopqrstuvwxyz01234' }, secrets: ['abcdefghijklmn'] },
  {
    env: { SESSION_SECRET_PREVIOUS: `${LONG_SECRET},kurzesgeheimnis` },
    secrets: ['kurzesgeheimnis', LONG_SECRET],
  },
  {
    env: { SESSION_SECRET: undefined, SESSION_SECRET_PREVIOUS: 'q'.repeat(40), DATA_DIR: '/tmp/x' },
    secrets: ['q'.repeat(40)],
  },
  {
    env: { SMTP_URL: 'http://user:geheimespasswort@mail.example.com:587' },
    secrets: ['geheimespasswort'],
  },
  // A password with a slash makes the URL unreadable: nothing of it may be echoed either.
  {
    env: { SMTP_URL: 'smtp://user:geheimes/passwort@mail.example.com:587' },
    secrets: ['geheimes', 'passwort'],
  },
  { env: { SMTP_URL: 'http://user:geheim wort@mail.example.com' }, secrets: ['geheim', 'wort'] },
  { env: { DATABASE_URL: 'mysql://app:datenbankpasswort@db/x' }, secrets: ['datenbankpasswort'] },
  {
    env: { DATABASE_URL: 'postgres://app:daten#bankpasswort@db:5432/x' },
    secrets: ['daten', 'bankpasswort'],
  },
  {
    env: { DATABASE_URL: 'mysql://db/x?password=querypasswort' },
    secrets: ['querypasswort'],
  },
  {
    env: { DATABASE_LISTEN_URL: 'http://app:lauschpasswort@db/x' },
    secrets: ['lauschpasswort'],
  },
  {
    env: { DATABASE_LISTEN_URL: 'postgres://app:lauschpasswort@db/x' },
    secrets: ['lauschpasswort'],
  },
  { env: { PUBLIC_ORIGIN: 'ftp://user:ursprungspasswort@x' }, secrets: ['ursprungspasswort'] },
  { env: { STRIPE_API_URL: 'ftp://u:stripepasswort@x' }, secrets: ['stripepasswort'] },
  { env: { AIO_API_URL: 'ftp://u:aiopasswort@x' }, secrets: ['aiopasswort'] },
  { env: { STRIPE_SECRET_KEY: 'whsec_falscherplatz123' }, secrets: ['falscherplatz123'] },
  { env: { STRIPE_SECRET_KEY: 'sk_live_nurschluessel' }, secrets: ['nurschluessel'] },
  {
    env: { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'sk_live_vertauscht123' },
    secrets: ['vertauscht123'],
  },
  {
    env: { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_gut,schlecht123' },
    secrets: ['schlecht123', 'whsec_gut'],
  },
  { env: { AIO_API_TOKEN: 'geheimes token mit leerzeichen' }, secrets: ['geheimes token'] },
  { env: { AIO_SYNC_SECRET: 'kurzgeheim' }, secrets: ['kurzgeheim'] },
  { env: { METRICS_TOKEN: 'metrikgeheim' }, secrets: ['metrikgeheim'] },
  { env: { METRICS_TOKEN: `${'m'.repeat(20)} ${'n'.repeat(20)}` }, secrets: ['mmmmmmmmmm'] },
  {
    env: { APPLE_WALLET_KEY_PASSPHRASE: 'passphrasegeheim' },
    secrets: ['passphrasegeheim'],
  },
];

/** An English word of zod's default messages or of the old ones ("must be at least ..."). */
const ENGLISH =
  /\b(must|invalid|expected|required|needs|should|too small|too big|at least|characters|got|option|input|string|number|when|like|the|is|be|of|or|and)\b/i;
/** Every message says something in German: what is wrong, missing or needed. */
const GERMAN = /\b(muss|müssen|fehlt|fehlen|braucht|brauchen|darf|nicht|ist|sind|nur)\b/;

function expectGerman(problem: string): void {
  // Quoted values are the operator's own input, not the message's language.
  const words = problem.replace(/"[^"]*"/g, '""');
  expect(words, problem).not.toMatch(ENGLISH);
  expect(words, problem).toMatch(GERMAN);
}

/**
 * At least one wrong value (or a wrong combination) for every variable the server reads; a
 * variable that takes any text (a file path) is wrong only without its companions.
 */
const INVALID: Record<string, NodeJS.ProcessEnv[]> = {
  NODE_ENV: [{ NODE_ENV: 'staging' }],
  HOST: [{ HOST: ' ' }],
  PORT: [{ PORT: 'achtzig' }, { PORT: '70000' }],
  PUBLIC_ORIGIN: [{ PUBLIC_ORIGIN: 'trinkgeld.example' }],
  DATABASE_URL: [{ DATABASE_URL: 'mysql://db/x' }, { DATABASE_URL: 'keine url' }],
  DATABASE_LISTEN_URL: [
    { DATABASE_LISTEN_URL: 'http://db' },
    { DATABASE_LISTEN_URL: 'postgres://db/x' },
  ],
  DATABASE_POOL_MODE: [{ DATABASE_POOL_MODE: 'session' }, { DATABASE_POOL_MODE: 'transaction' }],
  DATA_DIR: [{ DATA_DIR: ' ' }],
  SESSION_SECRET: [
    { SESSION_SECRET: 'kurz' },
    {
      SESSION_SECRET: undefined,
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/x',
      SMTP_URL: 'smtp://mail.example.com',
    },
  ],
  SESSION_SECRET_PREVIOUS: [
    { SESSION_SECRET_PREVIOUS: 'kurz' },
    { SESSION_SECRET: undefined, SESSION_SECRET_PREVIOUS: 'p'.repeat(40), DATA_DIR: '/tmp/x' },
  ],
  SMTP_URL: [
    { SMTP_URL: 'http://mail.example.com' },
    { MAIL_TRANSPORT: 'smtp' },
    { NODE_ENV: 'production', DATA_DIR: '/tmp/x' },
  ],
  MAIL_TRANSPORT: [
    { MAIL_TRANSPORT: 'sendmail' },
    { MAIL_TRANSPORT: 'console', NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com' },
  ],
  MAIL_FROM: [{ MAIL_FROM: 'x' }],
  PAYMENT_PROVIDER: [{ PAYMENT_PROVIDER: 'paypal' }, { PAYMENT_PROVIDER: 'stripe' }],
  STRIPE_SECRET_KEY: [{ STRIPE_SECRET_KEY: 'pk_live_x' }],
  STRIPE_WEBHOOK_SECRET: [
    { STRIPE_SECRET_KEY: 'sk_live_x' },
    { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'abc' },
  ],
  STRIPE_API_URL: [{ STRIPE_API_URL: 'stripe' }],
  DEMO_FAILURE_RATE: [{ DEMO_FAILURE_RATE: '2' }],
  AIO_API_URL: [{ AIO_API_URL: 'ftp://aio' }],
  AIO_API_TOKEN: [{ AIO_API_TOKEN: 'mit leerzeichen' }],
  AIO_SYNC_SECRET: [{ AIO_SYNC_SECRET: 'kurz' }],
  AIO_TENANT_ID: [{ AIO_TENANT_ID: ' ' }],
  APPLE_WALLET_PASS_TYPE_ID: [{ APPLE_WALLET_PASS_TYPE_ID: 'com.example' }],
  APPLE_WALLET_TEAM_ID: [{ APPLE_WALLET_TEAM_ID: 'abc' }],
  APPLE_WALLET_CERT: [{ APPLE_WALLET_CERT: '/keys/cert.pem' }],
  APPLE_WALLET_KEY: [{ APPLE_WALLET_KEY: '/keys/key.pem' }],
  APPLE_WALLET_KEY_PASSPHRASE: [{ APPLE_WALLET_KEY_PASSPHRASE: 'geheim' }],
  APPLE_WALLET_WWDR: [{ APPLE_WALLET_WWDR: '/keys/wwdr.pem' }],
  GOOGLE_WALLET_ISSUER_ID: [
    { GOOGLE_WALLET_ISSUER_ID: 'abc' },
    { GOOGLE_WALLET_ISSUER_ID: '1234567' },
  ],
  GOOGLE_WALLET_SERVICE_ACCOUNT: [{ GOOGLE_WALLET_SERVICE_ACCOUNT: '/keys/google.json' }],
  CONTACT_EMAIL: [{ CONTACT_EMAIL: 'kontakt' }],
  SIGNUP: [{ SIGNUP: 'yes' }],
  LEGAL_OPERATOR: [{ LEGAL_OPERATOR: ' ' }, { LEGAL_OPERATOR: 'x'.repeat(201) }],
  LEGAL_ADDRESS: [{ LEGAL_ADDRESS: 'x'.repeat(301) }],
  LEGAL_REGISTER: [{ LEGAL_REGISTER: 'x'.repeat(201) }],
  LEGAL_CONTACT: [{ LEGAL_CONTACT: 'x'.repeat(201) }],
  SEED_DEMO: [{ SEED_DEMO: 'yes' }],
  WEBHOOK_ALLOW_PRIVATE: [{ WEBHOOK_ALLOW_PRIVATE: 'ja' }],
  METRICS_TOKEN: [{ METRICS_TOKEN: 'kurz' }],
  LOG_LEVEL: [{ LOG_LEVEL: 'verbose' }],
  RETENTION_MAIL_DAYS: [{ RETENTION_MAIL_DAYS: '0' }],
  RETENTION_ANALYTICS_DAYS: [{ RETENTION_ANALYTICS_DAYS: 'ein Jahr' }],
  RETENTION_PROVIDER_PAYLOAD_DAYS: [{ RETENTION_PROVIDER_PAYLOAD_DAYS: '100000' }],
  RETENTION_CLOSED_BUSINESS_DAYS: [{ RETENTION_CLOSED_BUSINESS_DAYS: '-1' }],
  TRUST_PROXY: [{ TRUST_PROXY: '1' }],
};

describe('configuration messages', () => {
  it.each(SECRET_CASES)('never echoes a secret or a password: $env', ({ env, secrets }) => {
    const message = problemsOf({ ...base, ...env });
    for (const secret of secrets) expect(message).not.toContain(secret);
  });

  it('names a wrong secret by its length only, and a URL without its password', () => {
    expect(problemsOf({ ...base, SESSION_SECRET: 'abcdefghijklmnopqrstuvwxyz01234' })).toContain(
      '(angegeben: 31 Zeichen)',
    );
    expect(
      problemsOf({ ...base, SMTP_URL: 'http://user:geheimespasswort@mail.example.com:587' }),
    ).toContain('(angegeben: "http://user:***@mail.example.com:587")');
    // The same masking serves a database driver's message at start (server.ts).
    expect(withoutPasswords('could not reach postgres://app:p@ss#1@db:5432/x?sslkey=k1')).toBe(
      'could not reach postgres://app:***@db:5432/x?sslkey=***',
    );
  });

  it.each(Object.entries(INVALID))('says in German what is wrong with %s', (variable, cases) => {
    for (const env of cases) {
      const problems = problemListOf({ ...base, ...env });
      // A wallet setting without its companions is named by the companions that are missing.
      const named = /^(APPLE|GOOGLE)_WALLET_/.exec(variable)?.[0] ?? variable;
      expect(problems.join('; ')).toContain(named);
      for (const problem of problems) expectGerman(problem);
    }
  });
});
