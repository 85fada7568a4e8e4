import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/database';
import { createBusiness, type FactoryBusiness } from '../../../test/support/factories';
import { buildApp } from '../../../test/support/app';
import { testConfig } from '../config';
import type { Database } from '../db/connect';
import { createMailer } from '../features/mail/mailer';
import { ManualClock } from '../lib/clock';
import { JobRuns } from '../lib/job-runs';

// Finding 6: magic-link and pay-later tokens appeared in the request log (URLs).
let app: FastifyInstance;
let database: Database;
let hotel: FactoryBusiness;
let log = '';
const TOKEN = 'Zq9xWv8uTs7rQp6oNm5lKj4iHg3fEd2cBa1_-Zq9xW';

beforeAll(async () => {
  database = await createTestDatabase();
  hotel = await createBusiness(database.db, { points: ['person'] });
  const clock = new ManualClock('2026-03-02T08:00:00Z');
  const config = testConfig({ logLevel: 'info' });
  const mailer = createMailer({ database, clock, smtpUrl: undefined, from: config.mailFrom });
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
  await database.close();
});

describe('request log redaction', () => {
  it('logs the request but not the token of a pay-later or magic link', async () => {
    await app.inject({ method: 'GET', url: `/api/guest/pay-later-links/${TOKEN}` });
    await app.inject({ method: 'GET', url: `/employee/login?magic_token=${TOKEN}` });
    await app.inject({
      method: 'GET',
      url: `/t/${hotel.points[0]!.uid}?amount=5.00&later=${TOKEN}`,
    });
    expect(log).toContain('/api/guest/pay-later-links/[redacted]');
    expect(log).toContain('magic_token=[redacted]');
    expect(log).not.toContain(TOKEN);
  });
});
