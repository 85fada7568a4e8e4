import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';

/** Tests reach the app's composition root through this module only (decision 0365). */
export { buildApp, DEFAULT_WEB_DIR } from '../../src/server/app';
import { type Config, testConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/connect';
import type { HeldAfterAnswer } from '../../src/server/http/after-answer';
import { createMailer } from '../../src/server/features/mail/mailer';
import { JobRuns } from '../../src/server/lib/job-runs';
import { ManualClock } from '../../src/server/lib/clock';
import { createTestDatabase, seededAt } from './database';

/** Error-level log lines become console.error, which fails the test unless it was expected. */
export function errorLogStream(): Writable {
  return new Writable({
    write(chunk, _encoding, callback) {
      const line = chunk.toString();
      try {
        const level = JSON.parse(line).level as number;
        if (level >= 50) console.error(line);
      } catch {
        console.error(line);
      }
      callback();
    },
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  config: Config;
  /** Mails printed in console mode (no SMTP configured). */
  printedMails: string[];
  /**
   * Work the app left for after its answers (mails, the lookup of 'Passwort vergessen?'):
   * `await t.afterAnswer.settled()` before checking what it did. Held with `holdAfterAnswer`,
   * until `release()`.
   */
  afterAnswer: HeldAfterAnswer;
  /**
   * `app.inject` that passes the CSRF origin check: POST, PUT, PATCH and DELETE get an `origin`
   * header equal to the public origin unless the test sets its own `origin` (or `referer`)
   * header. To send a request without any origin, use `t.app.inject` directly.
   */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  seeded?: boolean;
  config?: Partial<Config>;
  clock?: ManualClock;
  database?: Database;
  /** A built web app to serve (default: none, so pages answer 503 "not built"). */
  webDir?: string;
  /** Extra routes a test needs, registered before the app is ready. */
  register?: (app: FastifyInstance) => Promise<void>;
  /** Work left for after an answer waits for `t.afterAnswer.release()` (answer-first proofs). */
  holdAfterAnswer?: boolean;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Adds the `origin` header a browser would send from our own pages (see TestApp.inject). */
export function withSameOrigin(options: InjectOptions, publicOrigin: string): InjectOptions {
  const method = String(options.method ?? 'GET').toUpperCase();
  const headers = { ...(options.headers ?? {}) };
  if (!STATE_CHANGING.has(method) || 'origin' in headers || 'referer' in headers) return options;
  return { ...options, headers: { ...headers, origin: publicOrigin } };
}

/** The whole app in-process on a fresh database, driven with `inject` (no network). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database =
    options.database ?? (await createTestDatabase({ seeded: options.seeded ?? false }));
  const clock = options.clock ?? new ManualClock(seededAt());
  const config = testConfig({ logLevel: 'error', ...options.config });
  const printedMails: string[] = [];
  const mailer = createMailer({
    database,
    clock,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    transport: config.mailTransport,
    print: (text) => printedMails.push(text),
  });
  const app = await buildApp(
    { config, database, clock, mailer, jobRuns: new JobRuns(clock) },
    {
      loggerStream: errorLogStream(),
      webDir: options.webDir ?? '/nonexistent-web-dir',
      holdAfterAnswer: options.holdAfterAnswer ?? false,
    },
  );
  if (options.register) await options.register(app);
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    printedMails,
    afterAnswer: app.afterAnswer,
    inject: (injectOptions) => app.inject(withSameOrigin(injectOptions, config.publicOrigin)),
    async close() {
      await app.close();
      mailer.close();
      if (!options.database) await database.close();
    },
  };
}
