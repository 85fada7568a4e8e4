import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { DEMO_PAGE_PATHS } from '../../shared/app-pages';

/**
 * A production site shows no demo. The demo showcase, the prototype overview,
 * the style guide and the developer handover answer 404 there, the browser learns that it may not
 * link them, and the demo data tool is gone; development keeps all of it.
 */
let webDir: string;
let production: TestApp;
let development: TestApp;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'trinkgeld-demo-pages-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  production = await createTestApp({ webDir, config: { nodeEnv: 'production' } });
  development = await createTestApp({
    webDir,
    database: production.database,
    config: { nodeEnv: 'development' },
  });
});
afterAll(async () => {
  await development?.close();
  await production?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('demo pages', () => {
  it('are the four documentation and demo pages', () => {
    expect([...DEMO_PAGE_PATHS].sort()).toEqual([
      '/demo-showcase',
      '/developer-handover',
      '/prototype-demo',
      '/styleguide',
    ]);
  });

  it('answer 404 in production and 200 in development', async () => {
    for (const url of DEMO_PAGE_PATHS) {
      expect((await production.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      expect((await production.inject({ method: 'GET', url: `${url}/` })).statusCode, url).toBe(
        404,
      );
      expect((await development.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    // Pages that are not demo pages stay.
    expect((await production.inject({ method: 'GET', url: '/security' })).statusCode).toBe(200);
    expect((await production.inject({ method: 'GET', url: '/employee/login' })).statusCode).toBe(
      200,
    );
  });

  it('are announced to the browser only outside production', async () => {
    const inProduction = await production.inject({ method: 'GET', url: '/api/public-config' });
    expect(inProduction.json().demoPages).toBe(false);
    const inDevelopment = await development.inject({ method: 'GET', url: '/api/public-config' });
    expect(inDevelopment.json().demoPages).toBe(true);
  });

  it('leave no demo data tool in production', async () => {
    const inProduction = await production.inject({
      method: 'POST',
      url: '/api/admin/entrypoints/demo',
      payload: {},
    });
    expect(inProduction.statusCode).toBe(404);
    const inDevelopment = await development.inject({
      method: 'POST',
      url: '/api/admin/entrypoints/demo',
      payload: {},
    });
    expect(inDevelopment.statusCode).toBe(401);
  });
});
