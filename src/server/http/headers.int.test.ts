import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/database';
import {
  createBusiness,
  FACTORY_PASSWORD,
  type FactoryBusiness,
} from '../../../test/support/factories';
import { buildApp, errorLogStream } from '../../../test/support/app';
import { type Config, testConfig } from '../config';
import type { Database } from '../db/connect';
import { createMailer } from '../features/mail/mailer';
import { ManualClock } from '../lib/clock';
import { GUEST_BOOT_LOADER_CSP } from './guest-boot-loader';
import { JobRuns } from '../lib/job-runs';

// The security headers on HTML and API answers, over http and https.
let database: Database;
let hotel: FactoryBusiness;
let webDir: string;
const apps: FastifyInstance[] = [];

async function appFor(overrides: Partial<Config>): Promise<FastifyInstance> {
  const clock = new ManualClock('2026-03-02T08:00:00Z');
  const config = testConfig({ logLevel: 'error', ...overrides });
  const mailer = createMailer({ database, clock, smtpUrl: undefined, from: config.mailFrom });
  const app = await buildApp(
    { config, database, clock, mailer, jobRuns: new JobRuns(clock) },
    { webDir, loggerStream: errorLogStream() },
  );
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  hotel = await createBusiness(database.db, { points: ['person'] });
  webDir = mkdtempSync(path.join(tmpdir(), 'trinkgeld-headers-'));
  const html = '<!doctype html><html lang="de"><head><title>T</title></head><body></body></html>';
  writeFileSync(path.join(webDir, 'index.html'), html);
  writeFileSync(path.join(webDir, 'guest.html'), html);
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'assets', 'app-Ab12Cd34.js'), 'export const a = 1;');
  writeFileSync(path.join(webDir, 'assets', 'main-Ab12Cd34.css'), 'body{margin:0}');
  writeFileSync(
    path.join(webDir, 'assets', 'logo-Ab12Cd34.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
  rmSync(webDir, { recursive: true, force: true });
});

function expectCommonHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  // Our own scripts, and the tip page's inline loader by its hash (decision 0267).
  expect(scriptSrc).toBe(`'self' ${GUEST_BOOT_LOADER_CSP}`);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('security headers', () => {
  it('over http: CSP, framing, sniffing, referrer on HTML and API; no HSTS', async () => {
    const app = await appFor({});
    for (const url of ['/employee/login', `/t/${hotel.points[0]!.uid}`, '/api/public-config']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expectCommonHeaders(response.headers);
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('over https: HSTS too, and the session and device cookies are Secure, httpOnly, SameSite', async () => {
    const app = await appFor({ publicOrigin: 'https://trinkgeld.example' });
    for (const url of ['/employee/login', '/api/public-config']) {
      const response = await app.inject({ method: 'GET', url });
      expectCommonHeaders(response.headers);
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{8}/);
    }
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: 'https://trinkgeld.example' },
      payload: { email: hotel.employees[0]!.email, password: FACTORY_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expectCommonHeaders(signIn.headers);
    expect(signIn.headers['cache-control']).toBe('no-store');
    expect(signIn.cookies.length).toBeGreaterThanOrEqual(2);
    for (const cookie of signIn.cookies) {
      expect(cookie, cookie.name).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax' });
      expect(cookie.name).toMatch(/^__Host-/);
    }
  });
});

describe('security headers behind a proxy and on refusals', () => {
  it('sends HSTS when a trusted proxy says the request came over https, never for an untrusted one', async () => {
    const app = await appFor({ trustProxy: ['10.0.0.1'] });
    const viaProxy = await app.inject({
      method: 'GET',
      url: '/api/public-config',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' },
    });
    expectCommonHeaders(viaProxy.headers);
    expect(viaProxy.headers['strict-transport-security']).toMatch(/max-age=\d{8}/);
    const forged = await app.inject({
      method: 'GET',
      url: '/api/public-config',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps every header on refusals and errors, and cookies are httpOnly and SameSite over http too', async () => {
    const app = await appFor({});
    for (const [url, status] of [
      ['/api/employee/today', 401],
      ['/api/nichts-da', 404],
      ['/api/guest/tips/keine-uuid', 400],
    ] as const) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expectCommonHeaders(response.headers);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: 'http://localhost:3000' },
      remoteAddress: '10.3.3.3',
      payload: { email: hotel.employees[1]!.email, password: FACTORY_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.cookies.length).toBeGreaterThanOrEqual(2);
    for (const cookie of signIn.cookies) {
      expect(cookie, cookie.name).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.secure, cookie.name).toBeFalsy();
    }
  });
});

describe('security headers on the hashed scripts, styles and fonts', () => {
  // A page's first load fetches about twenty of them over hotel Wi-Fi: the document-only headers
  // (CSP, framing, referrer, opener) do nothing on a script or style, and cost about 700 bytes
  // each. Anything else under /assets (an SVG is a document too) keeps them all.
  it('carries only the headers that apply to a script or style', async () => {
    const app = await appFor({ publicOrigin: 'https://trinkgeld.example' });
    for (const url of ['/assets/app-Ab12Cd34.js', '/assets/main-Ab12Cd34.css']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['strict-transport-security'], url).toMatch(/max-age=\d{8}/);
      for (const documentOnly of [
        'content-security-policy',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-xss-protection',
      ]) {
        expect(response.headers[documentOnly], `${url} ${documentOnly}`).toBeUndefined();
      }
    }
    const svg = await app.inject({ method: 'GET', url: '/assets/logo-Ab12Cd34.svg' });
    expect(svg.statusCode).toBe(200);
    expectCommonHeaders(svg.headers);
    const missing = await app.inject({ method: 'GET', url: '/assets/nothing-Ab12Cd34.js' });
    expect(missing.statusCode).toBe(404);
    expectCommonHeaders(missing.headers);
  });
});
