import type { BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { publishTipChangesInTransaction } from '../../src/server/features/tip-lifecycle/events';
import { createBusiness, createTip, type FactoryBusiness } from '../support/factories';
import { openSignedIn } from './support/auth';
import { newPersistentContext } from './support/harness';
import { useE2E } from './support/environment';

const e2e = useE2E({ seeded: false });

/**
 * Beyond the prototype: the staff dashboard as an installable web app (manifest, icons,
 * a service worker scoped to /employee/ that keeps no staff data, the offline notice), and the
 * notice for a tip that arrives while the dashboard is open. Every test makes its own business.
 */
const contexts: BrowserContext[] = [];

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

const db = () => e2e.server.deps.database.db;
const text = (value: string | null) => (value ?? '').replace(/\u00a0/g, ' ').trim();

async function phoneContext(serviceWorkers: 'allow' | 'block'): Promise<BrowserContext> {
  const context = await e2e.context({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    serviceWorkers,
  });
  contexts.push(context);
  return context;
}

/** Signs the business's first employee in and waits for the dashboard. */
async function openDashboard(page: Page, business: FactoryBusiness): Promise<void> {
  await openSignedIn(page, e2e.server, business.employees[0]!.email);
  await page.waitForURL('**/employee/dashboard');
  await page.getByText('Live-Aktualisierung aktiv').waitFor();
}

/** Waits until the staff app's service worker is active and controls this page. */
async function controlledByWorker(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

/** Every URL stored in the page's Cache Storage. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

describe('the staff dashboard as an installable web app', () => {
  it('has a manifest, real PNG icons and a worker, and Chromium reports no installability errors', async () => {
    const business = await createBusiness(db(), { employees: 1, points: ['person'] });
    const context = await newPersistentContext(e2e.server.url, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      serviceWorkers: 'allow',
    });
    contexts.push(context);
    const page = context.pages()[0] ?? (await context.newPage());
    await openDashboard(page, business);
    expect(await controlledByWorker(page)).toBe(`${e2e.server.url}/employee/sw.js`);

    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest', {})) as {
      url: string;
      errors: { message: string }[];
      data?: string;
    };
    expect(manifest.url).toBe(`${e2e.server.url}/employee/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data ?? '{}') as Record<string, unknown> & {
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(data).toMatchObject({
      name: 'Trinkgeld – Mitarbeiter-Dashboard',
      lang: 'de',
      start_url: '/employee/dashboard',
      scope: '/employee/',
      display: 'standalone',
      theme_color: '#003057',
    });

    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string; errorArguments: unknown[] }[];
    };
    console.info(
      `Page.getInstallabilityErrors for /employee/dashboard: ${JSON.stringify(installabilityErrors)}`,
    );
    expect(installabilityErrors).toEqual([]);

    // The icons are real PNGs of the named sizes; the maskable one fills its square to the edge,
    // the others keep the rounded tile (a transparent corner).
    for (const icon of data.icons) {
      const response = await context.request.get(icon.src);
      expect(response.headers()['content-type']).toBe('image/png');
      const png = PNG.sync.read(await response.body());
      expect(`${png.width}x${png.height}`).toBe(icon.sizes);
      const cornerAlpha = png.data[3];
      expect(cornerAlpha).toBe(icon.purpose === 'maskable' ? 255 : 0);
    }

    // The worker's scope is the staff app: a guest page in the same browser is not controlled.
    const guestPage = await context.newPage();
    await guestPage.goto(`/t/${business.points[0]!.uid}`);
    await guestPage.getByRole('heading', { level: 1 }).first().waitFor();
    expect(
      await guestPage.evaluate(async () => ({
        controlled: navigator.serviceWorker.controller !== null,
        registration: (await navigator.serviceWorker.getRegistration()) !== undefined,
        manifest: document.querySelector('link[rel="manifest"]') !== null,
      })),
    ).toEqual({ controlled: false, registration: false, manifest: false });
  });

  it('shows the last loaded tips with an offline notice, starts offline, and keeps no staff data in Cache Storage', async () => {
    const business = await createBusiness(db(), { employees: 1 });
    const employee = business.employees[0]!;
    await createTip(db(), {
      businessId: business.id,
      employeeId: employee.id,
      amountCents: 1_234,
      guestMessage: 'Danke für den Fensterplatz',
    });
    const context = await phoneContext('allow');
    const page = await context.newPage();
    await openDashboard(page, business);
    await controlledByWorker(page);
    const tip = page.getByText('Danke für den Fensterplatz').first();
    await tip.waitFor();
    const notice = page.getByTestId('offline-notice');
    expect(await notice.count()).toBe(0);

    await context.setOffline(true);
    await notice.waitFor();
    expect(text(await notice.textContent())).toBe(
      'Keine InternetverbindungSie sehen die zuletzt geladenen Trinkgelder. Neue erscheinen, sobald Sie wieder online sind.',
    );
    expect(await notice.getAttribute('role')).toBe('status');
    expect(await tip.isVisible()).toBe(true);
    await page.getByTestId('live-state').getByText('Offline').waitFor();

    await context.setOffline(false);
    await notice.waitFor({ state: 'detached' });
    await page.getByText('Live-Aktualisierung aktiv').waitFor();

    // The app opens without a connection (the worker answers with the stored shell) and says so,
    // instead of the browser's error page.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Keine Internetverbindung' }).waitFor();
    // Back online, it loads by itself.
    await context.setOffline(false);
    await page.getByText('Live-Aktualisierung aktiv').waitFor();
    await tip.waitFor();

    // Only the shell and the hashed app files are stored, never an API answer.
    const stored = await cachedUrls(page);
    expect(stored).toContain('/employee/dashboard');
    expect(
      stored.filter((path) => path !== '/employee/dashboard' && !path.startsWith('/assets/')),
    ).toEqual([]);
  });

  it('leaves nothing of the staff member in Cache Storage after sign-out', async () => {
    const business = await createBusiness(db(), { employees: 1 });
    await createTip(db(), {
      businessId: business.id,
      employeeId: business.employees[0]!.id,
      guestMessage: 'Bis bald',
    });
    const context = await phoneContext('allow');
    const page = await context.newPage();
    await openDashboard(page, business);
    await controlledByWorker(page);
    await page.getByText('Bis bald').first().waitFor();
    await page.getByRole('tab', { name: 'Historie' }).click();
    await page.getByRole('heading', { name: 'Historie' }).waitFor();

    await page.getByRole('button', { name: 'Menü' }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await page.waitForURL('**/employee/login');
    const stored = await cachedUrls(page);
    expect(stored.filter((path) => path.startsWith('/api/'))).toEqual([]);
    expect(
      stored.every((path) => path === '/employee/dashboard' || path.startsWith('/assets/')),
    ).toBe(true);
  });
});

describe('a tip arriving while the dashboard is open', () => {
  for (const motion of ['reduce', 'no-preference'] as const) {
    it(`shows a polite notice with amount and message (motion: ${motion})`, async () => {
      const business = await createBusiness(db(), { employees: 1 });
      const employee = business.employees[0]!;
      const context = await phoneContext('block');
      const page = await context.newPage();
      await page.emulateMedia({ reducedMotion: motion });
      await openDashboard(page, business);
      const focused = () =>
        page.evaluate(() => {
          const element = document.activeElement;
          return element ? `${element.tagName}#${element.id}` : null;
        });
      const focusedBefore = await focused();

      const tip = await createTip(db(), {
        businessId: business.id,
        employeeId: employee.id,
        amountCents: 1_250,
        guestMessage: 'Der beste Espresso der Stadt',
      });
      const database = e2e.server.deps.database;
      await database.db.transaction((tx) =>
        publishTipChangesInTransaction(tx, database, [
          {
            tipId: tip.id,
            status: 'pending',
            employeeIds: [employee.id],
            teamId: null,
            businessId: business.id,
          },
        ]),
      );

      const notice = page.getByTestId('new-tip-notice');
      await notice.waitFor();
      expect(text(await notice.textContent())).toContain('Neues Trinkgeld: 12,50 €');
      expect(text(await notice.textContent())).toContain('„Der beste Espresso der Stadt“');
      const region = page.getByRole('status').filter({ has: notice });
      expect(await region.getAttribute('aria-live')).toBe('polite');
      // Non-blocking: focus stays where it was, and the page behind still takes taps.
      expect(await focused()).toBe(focusedBefore);
      const animation = await notice.evaluate((element) => getComputedStyle(element).animationName);
      expect(animation).toBe(motion === 'reduce' ? 'none' : 'fade-in');
      await page.getByRole('tab', { name: 'Historie' }).click();
      await page.getByRole('tab', { name: 'Historie', selected: true }).waitFor();

      await notice.getByRole('button', { name: 'Hinweis schließen' }).click();
      await notice.waitFor({ state: 'detached' });
    });
  }
});
