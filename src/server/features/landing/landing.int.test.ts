import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, errorLogStream } from '../../../../test/support/app';
import { createTestDatabase, seededAt } from '../../../../test/support/database';
import { createBusiness } from '../../../../test/support/factories';
import { testConfig } from '../../config';
import type { Database } from '../../db/connect';
import { ManualClock } from '../../lib/clock';
import { createMailer } from '../mail/mailer';
import { JobRuns } from '../../lib/job-runs';

/**
 * The server-rendered first views against a small stand-in build (decisions 0265, 0266): the
 * built page's stylesheet goes inline, the page is compressed when the browser accepts it, and
 * the guest page carries its branding font's faces with `font-display: optional`.
 */
let database: Database;
let app: FastifyInstance;
let webDir: string;
const STYLESHEET = 'body{color:#0f1b2a}';
const LANDING_FONTS =
  '@font-face{font-family:Fira Sans;font-style:normal;font-display:swap;font-weight:400;src:url(/assets/f.woff2)}';
const PAGE = (script: string) =>
  `<!doctype html><html lang="de"><head><meta name="description" content="x" /><title>T</title>` +
  `<script type="module" crossorigin src="/assets/${script}-a1b2c3d4.js"></script>` +
  `<link rel="stylesheet" crossorigin href="/assets/main-a1b2c3d4.css"></head>` +
  `<body><div id="root"></div></body></html>`;

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  webDir = mkdtempSync(path.join(tmpdir(), 'trinkgeld-first-views-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), PAGE('app'));
  writeFileSync(path.join(webDir, 'guest.html'), PAGE('guest'));
  writeFileSync(
    path.join(webDir, 'landing.html'),
    PAGE('landing').replace(
      '</head>',
      '<link rel="stylesheet" crossorigin href="/assets/landing-fonts-a1b2c3d4.css"></head>',
    ),
  );
  writeFileSync(path.join(webDir, 'assets/landing-fonts-a1b2c3d4.css'), LANDING_FONTS);
  writeFileSync(path.join(webDir, 'assets/main-a1b2c3d4.css'), STYLESHEET);
  writeFileSync(
    path.join(webDir, 'assets/fira-sans-Dt5ZZTlS.css'),
    '@font-face{font-family:Fira Sans;font-display:swap;src:url(/assets/f.woff2)}',
  );
  const clock = new ManualClock(seededAt());
  const config = testConfig({ logLevel: 'error' });
  const mailer = createMailer({ database, clock, smtpUrl: undefined, from: config.mailFrom });
  app = await buildApp(
    { config, database, clock, mailer, jobRuns: new JobRuns(clock) },
    { webDir, loggerStream: errorLogStream() },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('the landing page', () => {
  it('arrives rendered, with its stylesheet inline and the demo point in it', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Trinkgeld, das ankommt');
    expect(response.body).toContain('<title>Trinkgeld – digitales Trinkgeld ohne App</title>');
    expect(response.body).toContain(`<style>${STYLESHEET}</style>`);
    expect(response.body).not.toContain('rel="stylesheet"');
    expect(response.body).toContain('/t/aio-anna-schneider-4k7p');
    expect(response.body).toContain('<script type="application/json" id="landing-initial">');
  });

  it('keeps the system font where Fira Sans is not there in time, so no text moves (CLS)', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.body).toContain(
      '<style>@font-face{font-family:Fira Sans;font-style:normal;font-display:optional;',
    );
    expect(response.body).not.toContain('font-display:swap');
  });

  it('is compressed for a browser that accepts brotli, and revalidates by ETag', async () => {
    const plain = await app.inject({ url: '/' });
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(plain.body);
    expect(response.headers.etag).not.toBe(plain.headers.etag);
    const again = await app.inject({
      url: '/',
      headers: { 'accept-encoding': 'gzip, br', 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const refused = await app.inject({ url: '/', headers: { 'accept-encoding': 'br;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });
});

describe('the tip page', () => {
  it("carries the stylesheet inline and the branding font's faces, switched off on a first visit", async () => {
    const cafe = await createBusiness(database.db, { points: ['person'] });
    const url = `/t/${cafe.points[0]!.uid}`;
    const first = await app.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(`<style>${STYLESHEET}</style>`);
    // A browser new to the page: the faces are there for the app to switch on (decision 0412).
    expect(first.body).toMatch(
      /<style data-brand-font-later="Fira Sans" media="not all">@font-face\{[^}]*font-display:optional[^}]*\}<\/style>/,
    );
    expect(first.body).not.toContain('<style data-brand-font=');
    // Held to the platform's font until then: one font lookup per size and weight, not five.
    expect(first.body).toContain(
      '<style data-system-font>body,[data-brand]{font-family:sans-serif!important}</style>',
    );
    expect(first.body).not.toContain('font-display:swap');

    // One that revalidates (it has been here, and fetched the files), or comes back from the
    // checkout, gets them in use from the first paint, and its own tag for that page.
    const returning = await app.inject({
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(returning.statusCode).toBe(200);
    expect(returning.body).toMatch(
      /<style data-brand-font="Fira Sans">@font-face\{[^}]*font-display:optional[^}]*\}<\/style>/,
    );
    expect(returning.body).not.toContain('data-brand-font-later');
    expect(returning.body).not.toContain('data-system-font');
    expect(returning.headers.etag).not.toBe(first.headers.etag);
    const unchanged = await app.inject({
      url,
      headers: { 'if-none-match': String(returning.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
    const back = await app.inject({ url: `${url}?checkout=cancel` });
    expect(back.body).toContain('<style data-brand-font="Fira Sans">');
  });
});
