import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../bench/support/port';
import { buildApp } from '../../../test/support/app';
import { testConfig } from '../config';
import { type Database, openDatabase } from '../db/connect';
import { createMailer } from '../features/mail/mailer';
import { ManualClock } from '../lib/clock';
import { JobRuns } from '../lib/job-runs';

// Finding 4: a database outage answered 500 with 'unhandled error' logs. Here the database is a
// PostgreSQL address where nothing listens: every query fails to connect, like during a restart.
let app: FastifyInstance;
let database: Database;
const logs: { level: number; msg: string; [key: string]: unknown }[] = [];

beforeAll(async () => {
  const port = await freePort();
  const unreachable = await openDatabase({ url: `postgres://nobody@127.0.0.1:${port}/none` });
  // The live-update listener connects at start; this test is about requests during an outage.
  database = { ...unreachable, listen: async () => async () => {} };
  const clock = new ManualClock('2026-03-02T08:00:00Z');
  const config = testConfig({ logLevel: 'info' });
  const mailer = createMailer({ database, clock, smtpUrl: undefined, from: config.mailFrom });
  app = await buildApp(
    { config, database, clock, mailer, jobRuns: new JobRuns(clock) },
    {
      webDir: '/nonexistent-web-dir',
      loggerStream: new Writable({
        write(chunk, _encoding, callback) {
          for (const line of chunk.toString().split('\n').filter(Boolean))
            logs.push(JSON.parse(line));
          callback();
        },
      }),
    },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('database outage (finding 4)', () => {
  it('answers 503 with Retry-After and a German message, logs one warning, no error', async () => {
    const requests = [
      { method: 'GET' as const, url: '/api/guest/codes/aio-anna-schneider-4k7p' },
      { method: 'GET' as const, url: '/api/showcase' },
      {
        method: 'POST' as const,
        url: '/api/auth/sign-in',
        headers: { origin: 'http://localhost:3000' },
        payload: { email: 'anna@demo.local', password: 'geheim123' },
      },
    ];
    for (const request of requests) {
      const response = await app.inject(request);
      expect(response.statusCode, request.url).toBe(503);
      expect(Number(response.headers['retry-after']), request.url).toBeGreaterThan(0);
      expect(response.json().error).toMatchObject({
        code: 'service_unavailable',
        title: 'Service nicht verfügbar',
        message:
          'Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es später erneut.',
      });
      expect(response.body).not.toMatch(/ECONNREFUSED|select|stack/i);
    }
    expect(logs.filter((line) => line.level >= 50)).toEqual([]);
    expect(logs.filter((line) => line.msg === 'database unavailable')).toHaveLength(1);
  });

  it('reports not ready meanwhile', async () => {
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBeDefined();
  });
});
