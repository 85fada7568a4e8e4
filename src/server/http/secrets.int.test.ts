import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../test/support/database';
import { createBusiness, FACTORY_PASSWORD } from '../../../test/support/factories';
import { newGuestSessionId } from '../../../test/support/guest';
import { buildApp } from '../../../test/support/app';
import { testConfig } from '../config';
import type { Database } from '../db/connect';
import { createMailer, type Mailer } from '../features/mail/mailer';
import { ManualClock } from '../lib/clock';
import { JobRuns } from '../lib/job-runs';

/**
 * The configured secrets appear neither in the web bundle (built here with
 * them in its environment) nor in the server's log at its most talkative level while requests
 * exercise sign-in, mail, payments, the webhook and the AiO sync.
 */
const SECRETS = {
  SESSION_SECRET: 'geheim-session-3f9c1a7e5b2d4c6a8e0f1b3d5a7c9e1f',
  STRIPE_SECRET_KEY: 'sk_test_geheimStripeKey4b8c2d6e0f1a3b5c',
  STRIPE_WEBHOOK_SECRET: 'whsec_geheimWebhook7d1e5f9a3b7c1d5e',
  AIO_API_TOKEN: 'aio-token-geheim-9e8d7c6b5a4f3e2d',
  AIO_SYNC_SECRET: 'aio-sync-geheim-1a2b3c4d5e6f7a8b',
  SMTP_PASSWORD: 'smtp-pass-geheim-0f9e8d7c',
};
const secretValues = Object.values(SECRETS);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

// The bundle does not depend on the database: built once, in the PGlite run only.
describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')('the web bundle', () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = mkdtempSync(path.join(tmpdir(), 'trinkgeld-secrets-build-'));
    await promisify(execFile)(
      process.execPath,
      [
        path.resolve('node_modules/vite/bin/vite.js'),
        'build',
        '--logLevel',
        'error',
        '--outDir',
        outDir,
        '--emptyOutDir',
      ],
      {
        env: {
          ...process.env,
          ...SECRETS,
          SMTP_URL: `smtp://user:${SECRETS.SMTP_PASSWORD}@127.0.0.1:1`,
          // Even a VITE_-looking name for a server secret must not be read by the web app.
          VITE_STRIPE_SECRET_KEY: SECRETS.STRIPE_SECRET_KEY,
        },
      },
    );
  }, 180_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('contains none of the configured secrets, nor anything shaped like a server key', () => {
    const files = filesUnder(outDir).filter((file) => !/\.(br|gz|png|woff2?)$/.test(file));
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const secret of secretValues) expect(text, file).not.toContain(secret);
      expect(text, file).not.toMatch(/\b(sk|rk)_(test|live)_[A-Za-z0-9]{8,}|whsec_[A-Za-z0-9]{8,}/);
    }
  });
});

describe('the server log', () => {
  let app: FastifyInstance;
  let database: Database;
  let mailer: Mailer;
  let log = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    const clock = new ManualClock('2026-03-02T08:00:00Z');
    const config = testConfig({
      logLevel: 'trace',
      sessionSecret: SECRETS.SESSION_SECRET,
      paymentProvider: 'stripe',
      stripeSecretKey: SECRETS.STRIPE_SECRET_KEY,
      stripeWebhookSecret: SECRETS.STRIPE_WEBHOOK_SECRET,
      // Nothing listens there: every call fails, and failures are what get logged.
      stripeApiUrl: 'http://127.0.0.1:1',
      aioApiUrl: 'http://127.0.0.1:1/graphql',
      aioApiToken: SECRETS.AIO_API_TOKEN,
      aioSyncSecret: SECRETS.AIO_SYNC_SECRET,
      smtpUrl: `smtp://user:${SECRETS.SMTP_PASSWORD}@127.0.0.1:1`,
    });
    mailer = createMailer({ database, clock, smtpUrl: config.smtpUrl, from: config.mailFrom });
    app = await buildApp(
      { config, database, clock, mailer, jobRuns: new JobRuns(clock) },
      {
        webDir: '/nonexistent-web-dir',
        loggerStream: new Writable({
          write(chunk, _encoding, callback) {
            log += chunk.toString();
            callback();
          },
        }),
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    mailer.close();
    await database.close();
  });

  it('never shows a configured secret, a password or a session cookie', async () => {
    const hotel = await createBusiness(database.db, { points: ['person'] });
    const origin = { origin: 'http://localhost:3000' };
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: origin,
      payload: { email: hotel.owner.email, password: FACTORY_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const sessionValue = signIn.cookies[0]!.value;

    const calls = [
      app.inject({ method: 'GET', url: '/api/profiles/me', headers: { cookie } }),
      app.inject({
        method: 'POST',
        url: '/api/admin/integration/test',
        headers: { ...origin, cookie },
        payload: {},
      }),
      app.inject({
        method: 'POST',
        url: '/api/auth/magic-link',
        headers: origin,
        payload: { email: hotel.employees[0]!.email },
      }),
      app.inject({
        method: 'POST',
        url: '/api/guest/tips',
        headers: origin,
        payload: {
          code: hotel.points[0]!.uid,
          amountCents: 500,
          platformFee: false,
          paymentMethod: 'stripe',
          guestSessionId: newGuestSessionId(),
        },
      }),
      app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
        payload: '{"id":"evt_1","type":"checkout.session.completed"}',
      }),
      app.inject({
        method: 'POST',
        url: '/api/aio/sync-entrypoint',
        headers: { authorization: `Bearer ${SECRETS.AIO_SYNC_SECRET}` },
        payload: { garbage: true },
      }),
      app.inject({
        method: 'POST',
        url: '/api/aio/sync-entrypoint',
        headers: { authorization: 'Bearer falsch-falsch-falsch' },
        payload: {},
      }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBeLessThan(600);
    }
    // Background work (mail delivery, AiO registration) has failed and logged.
    await vi.waitFor(
      async () => {
        const [mail] = await database.query<{ status: string }>(
          'SELECT status FROM outbox_emails WHERE to_address = $1',
          [hotel.employees[0]!.email],
        );
        expect(mail?.status).toBe('failed');
      },
      { timeout: 15_000 },
    );
    await app.integrationSync.idle();

    expect(log.length).toBeGreaterThan(1000);
    for (const secret of [...secretValues, FACTORY_PASSWORD, sessionValue]) {
      expect(log).not.toContain(secret);
    }
  });
});
