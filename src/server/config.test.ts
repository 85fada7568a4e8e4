import { describe, expect, it } from 'vitest';
import { acceptedSessionSecrets, ConfigError, loadConfig } from './config';

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
  });

  it('opens the sign-up outside production and closes it in production unless SIGNUP says', () => {
    expect(loadConfig({ ...base }).signup).toBe('open');
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).signup).toBe('open');
    const production = { ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com' };
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
    expect(message).toContain('METRICS_TOKEN must be at least 32 characters');
    expect(message).toContain('(got 12 characters)');
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
    expect(message).toContain('DATABASE_URL must be a URL like postgres://');
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
      'STRIPE_WEBHOOK_SECRET is required',
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
    expect(problemsOf({ ...base, TRUST_PROXY: '1' })).toContain('TRUST_PROXY must list the proxy');
    expect(problemsOf({ ...base, TRUST_PROXY: 'true' })).toContain('TRUST_PROXY');
    expect(problemsOf({ ...base, TRUST_PROXY: '10.0.0.0/40' })).toContain('TRUST_PROXY');
    expect(problemsOf({ ...base, TRUST_PROXY: 'proxy.local' })).toContain('TRUST_PROXY');
  });

  it('refuses production without SMTP_URL, in one German line, unless MAIL_TRANSPORT=log', () => {
    const production = { ...base, NODE_ENV: 'production', DATA_DIR: '/tmp/trinkgeld-config-test' };
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
      'DATABASE_LISTEN_URL needs DATABASE_URL',
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
    ).toContain('SESSION_SECRET_PREVIOUS needs SESSION_SECRET');

    const stripe = { ...base, STRIPE_SECRET_KEY: 'sk_test_x' };
    expect(
      loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: 'whsec_old,whsec_new' }).stripeWebhookSecret,
    ).toBe('whsec_old,whsec_new');
    expect(problemsOf({ ...stripe, STRIPE_WEBHOOK_SECRET: 'whsec_old,new' })).toContain(
      'STRIPE_WEBHOOK_SECRET',
    );
  });
});
