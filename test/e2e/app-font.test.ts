import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBusiness, FACTORY_PASSWORD, type FactoryPerson } from '../support/factories';
import { signInInBrowser } from './support/auth';
import { trackPageErrors } from './support/harness';
import { useE2E } from './support/environment';

const e2e = useE2E({ seeded: false });

let anna: FactoryPerson;

beforeAll(async () => {
  const hotel = await createBusiness(e2e.server.deps.database.db, {
    name: 'Hotel Lindenhof',
    employees: [{ fullName: 'Anna Lindner', jobTitle: 'Rezeptionistin' }],
  });
  anna = hotel.employees[0]!;
});

let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeEach(async () => {
  context = await e2e.context();
  page = await context.newPage();
  pageErrors = trackPageErrors(page);
});
afterEach(async () => {
  expect(pageErrors).toEqual([]);
  await context.close();
});

/** What the first screen shows: the <html> class and the body's font list. */
const fontState = () =>
  page.evaluate(() => ({
    appFont: document.documentElement.classList.contains('app-font'),
    bodyFont: getComputedStyle(document.body).fontFamily,
  }));

/** When each Fira Sans file was requested, against the end of the page's load event (ms). */
const fontRequestsAgainstLoad = () =>
  page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('fira-sans'))
      .map((entry) => ({ startTime: entry.startTime, loadEventEnd: navigation.loadEventEnd }));
  });

describe('the app font (issue 35, decision 0418)', () => {
  it('paints a first visit in the system font, fetches Fira Sans after the load event and shows it from the next page on', async () => {
    await page.goto('/employee/login');
    await page.getByRole('heading', { name: 'Willkommen' }).waitFor();
    const first = await fontState();
    expect(first.appFont).toBe(false);
    expect(first.bodyFont).not.toContain('Fira Sans');
    expect(first.bodyFont).toMatch(/^ui-sans-serif/);

    // The faces arrive in the background, after the first screen's requests.
    await page.waitForFunction(() => localStorage.getItem('trinkgeld-app-font') === '1');
    const requests = await fontRequestsAgainstLoad();
    expect(requests.length).toBe(3);
    for (const request of requests) {
      expect(request.startTime).toBeGreaterThanOrEqual(request.loadEventEnd);
    }
    // The login page on screen keeps its font while one types.
    expect((await fontState()).appFont).toBe(false);

    await signInInBrowser(page, anna.email, FACTORY_PASSWORD);
    await page.getByRole('heading', { name: /Anna/ }).first().waitFor();
    const next = await fontState();
    expect(next.appFont).toBe(true);
    expect(next.bodyFont).toMatch(/^"Fira Sans"/);

    // The next visit shows Fira Sans from its first screen on, the faces already loaded.
    await page.reload();
    await page.getByRole('heading', { name: /Anna/ }).first().waitFor();
    expect(await fontState()).toMatchObject({ appFont: true });
    expect(await page.evaluate(() => document.fonts.check('600 16px "Fira Sans"'))).toBe(true);
  });
});
