import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createBusiness,
  createPlatformAdmin,
  FACTORY_PASSWORD,
  type FactoryPerson,
} from '../support/factories';
import { signInInBrowser } from './support/auth';
import { seriousA11yViolations } from './support/axe';
import { recordToasts, withoutPageBoot } from './support/page-checks';
import { screenshot, trackPageErrors } from './support/harness';
import { useE2E } from './support/environment';

const e2e = useE2E({ seeded: false });

/** The hotel's people by what they are; filled in beforeAll. */
const people = {} as Record<'admin' | 'owner' | 'anna' | 'ben' | 'clara' | 'david', FactoryPerson>;

beforeAll(async () => {
  const db = e2e.server.deps.database.db;
  const hotel = await createBusiness(db, {
    name: 'Hotel Seeblick',
    owner: { fullName: 'Thomas Berger' },
    employees: [
      { fullName: 'Anna Schneider', jobTitle: 'Rezeptionistin' },
      { fullName: 'Ben Müller', jobTitle: 'Kellner' },
      { fullName: 'Clara Fischer', jobTitle: 'Barkeeperin' },
      { fullName: 'David Wagner', jobTitle: 'Concierge' },
    ],
  });
  const [anna, ben, clara, david] = hotel.employees;
  Object.assign(people, { owner: hotel.owner, anna, ben, clara, david });
  // The platform admin keeps the hotel as its home business (decision 0100), so it has a
  // dashboard to land on.
  people.admin = await createPlatformAdmin(db, {
    fullName: 'Sabine Hoffmann',
    businessId: hotel.id,
  });
});

/** Signs one of the hotel's people in with the factories' password. */
const signInAs = (who: keyof typeof people) =>
  signInInBrowser(page, people[who].email, FACTORY_PASSWORD);

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

const toast = () => page.getByTestId('toast');

const path = () => new URL(page.url()).pathname;

describe('password sign-in (spec §2 login screen)', () => {
  it('signs an employee in and lands on the employee dashboard', async () => {
    const toastsSeen = await recordToasts(page);
    await page.goto('/employee/login');
    await page.getByRole('heading', { name: 'Willkommen' }).waitFor();
    expect(await page.title()).toContain('Anmeldung');
    expect(await page.getByRole('tab', { name: 'Passwort' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const submit = page.getByRole('button', { name: 'Anmelden', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('E-Mail', { exact: true }).fill(people.anna.email);
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(FACTORY_PASSWORD);
    expect(await submit.isDisabled()).toBe(false);
    await screenshot(page, 'login-password');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await submit.click();

    await page.waitForURL('**/employee/dashboard');
    // 'Willkommen bei Trinkgeld!' on a first sign-in (test/e2e/staff-phone.test.ts checks both).
    await expect
      .poll(async () => (await toastsSeen()).join('\n'))
      .toMatch(/Erfolgreich angemeldet![\s\S]*(Willkommen zurück!|Willkommen bei Trinkgeld!)/);
    await page.getByRole('heading', { name: /^Willkommen, .+!$/ }).waitFor();
  });

  it.each([
    ['admin', '/admin/dashboard'],
    ['owner', '/admin/dashboard'],
    ['ben', '/employee/dashboard'],
  ] as const)('sends %s to %s', async (who, home) => {
    await signInAs(who);
    await page.waitForURL(`**${home}`);
    expect(path()).toBe(home);
  });

  it('shows "Anmeldung fehlgeschlagen" for a wrong password', async () => {
    await page.goto('/employee/login');
    await page.getByLabel('E-Mail', { exact: true }).fill(people.clara.email);
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('falsches-passwort');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await toast().getByText('Anmeldung fehlgeschlagen').waitFor();
    await toast()
      .getByText('E-Mail oder Passwort sind falsch. Überprüfen Sie Ihre Eingaben.')
      .waitFor();
    expect(path()).toBe('/employee/login');
  });

  it('checks the request limit first and shows "Zu viele Anfragen" with minutes', async () => {
    // Five wrong passwords for one account from one address use up that budget for 15 minutes
    // (docs/decisions/0200-sign-in-throttling.md); the server counts them.
    for (let i = 0; i < 5; i += 1) {
      const response = await context.request.post('/api/auth/sign-in', {
        headers: { origin: e2e.server.url },
        data: { email: people.david.email, password: 'falsches-passwort' },
      });
      expect(response.status()).toBe(401);
    }
    await context.clearCookies();
    await page.goto('/employee/login');
    await page.getByLabel('E-Mail', { exact: true }).fill(people.david.email);
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(FACTORY_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await toast().getByText('Zu viele Anfragen').waitFor();
    await toast().getByText('Bitte warten Sie 15 Minute(n) und versuchen Sie es erneut.').waitFor();
    expect(path()).toBe('/employee/login');
  });
});

describe('form states (spec §4)', () => {
  // The forms' busy labels and validation messages are checked in the component tier
  // (PasswordForm.test.tsx, MagicLinkForm.test.tsx; decision 0590).
  it('retries the profile twice, 1 s apart, before showing the error', async () => {
    await signInAs('clara');
    // The profile in the HTML spares the request; without it (the offline shell) these rules hold.
    await withoutPageBoot(page);
    let failures = 0;
    let failFirst = 2;
    await page.route('**/api/profiles/me', async (route) => {
      failures += 1;
      if (failures <= failFirst) await route.abort();
      else await route.continue();
    });
    await page.reload();
    await page.getByRole('heading', { name: /^Willkommen, .+!$/ }).waitFor();
    expect(failures).toBe(3);

    failures = 0;
    failFirst = Number.POSITIVE_INFINITY;
    await page.reload();
    await page.getByText('Fehler beim Laden').waitFor();
    await page
      .getByText(
        'Failed to load profile: Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Internetverbindung.',
      )
      .waitFor();
    expect(failures).toBe(3);
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await page.getByText('Retry failed. Please refresh the page.').waitFor();
  });
});

describe('route guards (spec §2, §6)', () => {
  it('shows the denied screen to an employee on /admin/dashboard', async () => {
    await signInAs('anna');
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { name: 'Zugriff verweigert' }).waitFor();
    await page.getByText('Sie haben keine Berechtigung für diesen Bereich.').waitFor();
    await page.getByText('Administrator, Geschäftsinhaber').waitFor();
    await page.getByText('Mitarbeiter', { exact: true }).waitFor();
    await screenshot(page, 'access-denied');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Zum Dashboard' }).click();
    await page.waitForURL('**/employee/dashboard');
  });

  it('sends an employee from /admin/branding to the dashboard with a toast', async () => {
    await signInAs('ben');
    await page.goto('/admin/branding');
    await page.waitForURL('**/employee/dashboard');
    await toast().getByText('Zugriff verweigert').waitFor();
  });

  it('remembers where a signed-out person wanted to go', async () => {
    await page.goto('/admin/qr-codes');
    await page.waitForURL('**/employee/login');
    await signInAs('owner');
    await page.waitForURL('**/admin/qr-codes');
  });

  it('redirects a signed-in person away from the login page, and signs out', async () => {
    await signInAs('admin');
    await page.goto('/employee/login');
    await page.waitForURL('**/admin/dashboard');

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL('**/employee/login');
    await page.goto('/employee/dashboard');
    await page.waitForURL('**/employee/login');
  });

  it('writes admin_navigation rows for the admin pages an owner opens', async () => {
    // The row is written after the page has rendered; leaving earlier would cancel its request.
    const dashboardLogged = page.waitForResponse(
      (response) =>
        response.url().includes('/api/audit/navigation') &&
        response.request().postDataJSON()?.destination === '/admin/dashboard',
    );
    await signInAs('owner');
    await page.waitForURL('**/admin/dashboard');
    expect((await dashboardLogged).status()).toBe(204);
    await page.goto('/admin/uid-management');
    await page.getByRole('heading', { name: /UID/ }).first().waitFor();
    await expect
      .poll(async () =>
        (
          await e2e.server.deps.database.query<{ target_id: string }>(
            `SELECT a.target_id FROM admin_audit_log a JOIN profiles p ON p.id = a.admin_id
             WHERE p.email = $1 AND a.action = 'admin_navigation'`,
            [people.owner.email],
          )
        ).map((row) => row.target_id),
      )
      .toEqual(expect.arrayContaining(['/admin/dashboard', '/admin/uid-management']));
  });

  it("shows 'Sicherheitsprüfung läuft...' while loading and 'Fehler beim Laden' on failure", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await withoutPageBoot(page);
    await page.route('**/api/auth/session', async (route) => {
      await held;
      await route.abort();
    });
    await page.goto('/employee/dashboard');
    await page.getByText('Sicherheitsprüfung läuft...').waitFor();
    release();
    await page.getByText('Fehler beim Laden').waitFor();
    await page.getByText('Failed to initialize authentication').waitFor();

    await page.unroute('**/api/auth/session');
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await page.waitForURL('**/employee/login');
  });
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

describe('the app font (decision 0418)', () => {
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

    await signInAs('clara');
    await page.getByRole('heading', { name: /Clara/ }).first().waitFor();
    const next = await fontState();
    expect(next.appFont).toBe(true);
    expect(next.bodyFont).toMatch(/^"Fira Sans"/);

    // The next visit shows Fira Sans from its first screen on, the faces already loaded.
    await page.reload();
    await page.getByRole('heading', { name: /Clara/ }).first().waitFor();
    expect(await fontState()).toMatchObject({ appFont: true });
    expect(await page.evaluate(() => document.fonts.check('600 16px "Fira Sans"'))).toBe(true);
  });
});
