import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type FactoryBusiness } from '../support/factories';
import { trackPageErrors } from './support/harness';
import { useE2E } from './support/environment';

const e2e = useE2E({ seeded: false });

let context: BrowserContext;
// One business with a person point, so /t/ opens a real guest page.
let hotel: FactoryBusiness;

beforeAll(async () => {
  hotel = await createBusiness(e2e.server.deps.database.db, {
    name: 'Hotel Seeblick',
    employees: [{ fullName: 'Anna Schneider', jobTitle: 'Rezeptionistin' }],
    points: ['person'],
  });
  context = await e2e.context();
});
afterAll(async () => {
  await context?.close();
});

describe('navigation', () => {
  it('reaches nothing but this machine: other hosts fail before leaving the browser', async () => {
    // Each check on a page of its own: the browser's error page would interrupt a next goto.
    const outsidePage = await context.newPage();
    const outside = await outsidePage.goto('http://example.com/').catch((error: Error) => error);
    expect(outside).toBeInstanceOf(Error);
    expect((outside as Error).message).toContain('ERR_PROXY_CONNECTION_FAILED');
    await outsidePage.close();
    const insidePage = await context.newPage();
    const inside = await insidePage.goto(`${e2e.server.url}/healthz`);
    expect(inside?.status()).toBe(200);
    await insidePage.close();
  });

  it('opens the start page, follows a link and shows the not-found page for an unknown route', async () => {
    const page = await context.newPage();
    const errors = trackPageErrors(page);

    await page.goto('/');
    await expect.poll(() => page.title()).toContain('Trinkgeld');
    await page.getByRole('link', { name: 'Login' }).first().click();
    await page.waitForURL('**/employee/login');
    // The landing page's links load the next page whole (decision 0266): wait for it to render.
    const heading = page.getByRole('heading', { level: 1 }).first();
    await heading.waitFor();
    expect(await heading.isVisible()).toBe(true);

    await page.goto('/gibt-es-nicht');
    await page.getByText('Oops! Page not found').waitFor();
    await page.getByRole('heading', { name: 'Seite nicht gefunden' }).waitFor();
    await page.getByRole('link', { name: 'Zur Startseite' }).click();
    await page.waitForURL(`${e2e.server.url}/`);

    expect(errors).toEqual([]);
    await page.close();
  });

  // The app's own router (decision 0414): pages change in place, a new page starts at the top,
  // back and forward return to where one had scrolled, and the navigation marks the current page.
  it('changes pages in place, starts them at the top and restores the scroll on back', async () => {
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto('/developer-handover');
    const nav = page.getByRole('navigation', { name: 'Dokumentation' });
    await nav.getByRole('link', { name: 'Entwickler' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Entwickler' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);
    // Marks the document: a full page load would lose it.
    await page.evaluate(() => ((window as { inPlace?: boolean }).inPlace = true));

    // Clicked where it is: a pointer click would first scroll the link (at the top) into view.
    await nav
      .getByRole('link', { name: 'Sicherheit' })
      .evaluate((link) => (link as HTMLAnchorElement).click());
    await page.waitForURL('**/security');
    // The URL changes before the new page's chunk has rendered (and the old page's heading is
    // still there): wait for the new page itself, then for the scroll reset.
    await expect
      .poll(() => nav.getByRole('link', { name: 'Sicherheit' }).getAttribute('aria-current'))
      .toBe('page');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await nav.getByRole('link', { name: 'Entwickler' }).getAttribute('aria-current')).toBe(
      null,
    );

    await page.goBack();
    await page.waitForURL('**/developer-handover');
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);
    await page.goForward();
    await page.waitForURL('**/security');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => (window as { inPlace?: boolean }).inPlace)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves deep links through the history fallback and the guest entry for /t/', async () => {
    const page = await context.newPage();
    const response = await page.goto('/admin/reports');
    expect(response?.status()).toBe(200);
    // An admin page: an anonymous visitor lands on the sign-in page.
    await page.waitForURL('**/employee/login');

    const guest = await page.goto(`/t/${hotel.points[0]!.uid}`);
    expect(guest?.status()).toBe(200);
    // The guest entry names its boot script in a meta tag; the script element itself is added only
    // after the first paint (decision 0267), which a busy machine may show after the load event,
    // so the served document is what tells the entries apart.
    const html = await guest!.text();
    expect(html).toMatch(/<meta name="trinkgeld-boot" content="\/assets\/guest-[^"]+\.js"/);
    expect(html).not.toContain('/assets/app-');
    await page.close();
  });

  it('answers an unknown API path with JSON, not the app', async () => {
    const response = await context.request.get('/api/unbekannt');
    expect(response.status()).toBe(404);
    expect((await response.json()).error.code).toBe('not_found');
  });
});
