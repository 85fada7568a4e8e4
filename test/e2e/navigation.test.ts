import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/server';
import { launchBrowser, newContext, startE2EServer, trackPageErrors } from './support/harness';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2EServer(), launchBrowser()]);
  context = await newContext(browser, server.url);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe('navigation', () => {
  it('opens the start page, follows a link and shows the not-found page for an unknown route', async () => {
    const page = await context.newPage();
    const errors = trackPageErrors(page);

    await page.goto('/');
    await expect.poll(() => page.title()).toContain('Trinkgeld');
    await page.getByRole('link', { name: 'Login' }).first().click();
    await page.waitForURL('**/employee/login');
    expect(await page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);

    await page.goto('/gibt-es-nicht');
    await page.getByText('Oops! Page not found').waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${server.url}/`);

    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves deep links through the history fallback and the guest entry for /t/', async () => {
    const page = await context.newPage();
    const response = await page.goto('/admin/reports');
    expect(response?.status()).toBe(200);
    // An admin page: an anonymous visitor lands on the sign-in page.
    await page.waitForURL('**/employee/login');

    const guest = await page.goto('/t/aio-anna-schneider-4k7p');
    expect(guest?.status()).toBe(200);
    const scripts = await page
      .locator('script[type="module"]')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLScriptElement).src));
    expect(scripts.some((src) => src.includes('/assets/guest-'))).toBe(true);
    await page.close();
  });

  it('answers an unknown API path with JSON, not the app', async () => {
    const response = await context.request.get('/api/unbekannt');
    expect(response.status()).toBe(404);
    expect((await response.json()).error.code).toBe('not_found');
  });
});
