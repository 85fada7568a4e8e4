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
import { screenshot, trackPageErrors } from './support/harness';
import { withoutPageBoot } from './support/page-checks';
import { useE2E } from './support/environment';

const e2e = useE2E({ seeded: false });

let owner: FactoryPerson;
let admin: FactoryPerson;
let anna: FactoryPerson;
let ben: FactoryPerson;
let clara: FactoryPerson;

beforeAll(async () => {
  const db = e2e.server.deps.database.db;
  const hotel = await createBusiness(db, {
    name: 'Hotel Seeblick',
    owner: { fullName: 'Thomas Berger' },
    employees: [
      { fullName: 'Anna Schneider', jobTitle: 'Rezeptionistin' },
      { fullName: 'Ben Müller', jobTitle: 'Kellner' },
      { fullName: 'Clara Fischer', jobTitle: 'Barkeeperin' },
    ],
  });
  owner = hotel.owner;
  anna = hotel.employees[0]!;
  ben = hotel.employees[1]!;
  clara = hotel.employees[2]!;
  // The platform admin keeps the hotel as its home business (decision 0100): it lands on the
  // hotel's dashboard, so its sign-in is followed by one admin page view as before.
  admin = await createPlatformAdmin(db, { fullName: 'Sabine Hoffmann', businessId: hotel.id });
});

let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeEach(async () => {
  context = await e2e.context();
  page = await context.newPage();
  pageErrors = trackPageErrors(page);
  // The browser's clock is fake from the first script on; the server's stays real.
  await page.clock.install();
});
afterEach(async () => {
  expect(pageErrors).toEqual([]);
  await context.close();
});

/**
 * Stops the page's clock at a fixed offset after the session timer started. `clock.install()`
 * lets fake time flow with real time as well, so a slow machine (screenshots, axe, a loaded CI
 * box) would otherwise add seconds between the steps and the countdown would not be exact.
 */
async function pauseClockAfterSessionStart(offset: string): Promise<void> {
  const startedAt = await page.waitForFunction(() =>
    Number(localStorage.getItem('trinkgeld:last-activity') ?? 0),
  );
  sessionStartedAt = Number(await startedAt.jsonValue());
  await pauseClockAt(offset);
}
let sessionStartedAt = 0;

/** Pauses at an offset (m:ss) from the session start; the fake clock must not have passed it. */
async function pauseClockAt(offset: string): Promise<void> {
  const [minutes = 0, seconds = 0] = offset.split(':').map(Number);
  await page.clock.pauseAt(sessionStartedAt + (minutes * 60 + seconds) * 1_000);
}

const dialog = () => page.getByRole('dialog', { name: 'Sitzung läuft ab' });
const countdown = () => page.getByTestId('session-countdown');

async function auditActions(email: string): Promise<string[]> {
  const rows = await e2e.server.deps.database.query<{ action: string }>(
    `SELECT a.action FROM admin_audit_log a JOIN profiles p ON p.id = a.admin_id
     WHERE p.email = $1 ORDER BY a.created_at`,
    [email],
  );
  return rows.map((row) => row.action);
}

describe('idle session in the browser (spec §4, §9: 15 minutes, warning 2 minutes before)', () => {
  it('warns at 13:00 with an m:ss countdown and signs out at 15:00', async () => {
    await signInInBrowser(page, anna.email, FACTORY_PASSWORD);
    await page.waitForURL('**/employee/dashboard');

    await pauseClockAfterSessionStart('12:59');
    expect(await dialog().isVisible()).toBe(false);
    await page.clock.runFor(1_000);
    await dialog().waitFor();
    expect(await countdown().textContent()).toBe('2:00');
    const bar = dialog().getByRole('progressbar');
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');

    await page.clock.runFor(1_000);
    expect(await countdown().textContent()).toBe('1:59');
    await page.clock.runFor(59_000);
    expect(await countdown().textContent()).toBe('1:00');
    expect(await bar.getAttribute('aria-valuenow')).toBe('50');
    await screenshot(page, 'session-expiry-dialog');
    // axe waits on timers of its own, so it runs on a flowing clock; then hold again at 14:59.
    await page.clock.resume();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await pauseClockAt('14:59');
    expect(await countdown().textContent()).toBe('0:01');
    expect(new URL(page.url()).pathname).toBe('/employee/dashboard');
    await page.clock.runFor(1_000);
    await page.waitForURL('**/employee/login');
    await page.getByTestId('toast').getByText('Sitzung abgelaufen').waitFor();
    await page
      .getByTestId('toast')
      .getByText('Sie wurden aufgrund von Inaktivität automatisch abgemeldet.')
      .waitFor();
    // The login page keeps saying it until dismissed (decision 0505).
    await page
      .getByTestId('session-end-notice')
      .getByText('Sie wurden aufgrund von Inaktivität automatisch abgemeldet.')
      .waitFor();

    // The server session is gone too.
    const session = await context.request.get('/api/auth/session');
    expect((await session.json()).user).toBeNull();
  });

  it('focuses the safe choice and announces the countdown politely, not every second', async () => {
    await signInInBrowser(page, anna.email, FACTORY_PASSWORD);
    await page.waitForURL('**/employee/dashboard');
    await pauseClockAfterSessionStart('13:00');
    await dialog().waitFor();

    // A stray Enter or tap keeps the employee signed in instead of signing them out.
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(await focused()).toBe('Sitzung verlängern');
    const status = dialog().getByRole('status');
    expect(await status.getAttribute('aria-live')).toBe('polite');
    expect(await status.textContent()).toBe('Noch 2 Minuten bis zur automatischen Abmeldung.');
    // The visible m:ss digits are not read out on every tick.
    expect(await countdown().getAttribute('aria-live')).toBe('off');

    await page.clock.runFor(1_000);
    expect(await countdown().textContent()).toBe('1:59');
    expect(await status.textContent()).toBe('Noch 2 Minuten bis zur automatischen Abmeldung.');
    await page.clock.runFor(59_000);
    expect(await countdown().textContent()).toBe('1:00');
    expect(await status.textContent()).toBe('Noch 1 Minute bis zur automatischen Abmeldung.');
    await page.clock.runFor(30_000);
    expect(await countdown().textContent()).toBe('0:30');
    expect(await status.textContent()).toBe('Noch 30 Sekunden bis zur automatischen Abmeldung.');

    await page.keyboard.press('Enter');
    await page.getByTestId('toast').getByText('Sitzung verlängert').waitFor();
    expect(await dialog().isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/employee/dashboard');
  });

  it("extends with 'Sitzung verlängern' and logs it for an admin", async () => {
    await signInInBrowser(page, admin.email, FACTORY_PASSWORD);
    await page.waitForURL('**/admin/dashboard');

    await pauseClockAfterSessionStart('13:30');
    await dialog().waitFor();
    expect(await countdown().textContent()).toBe('1:30');
    await dialog().getByRole('button', { name: 'Sitzung verlängern' }).click();
    await page.getByTestId('toast').getByText('Sitzung verlängert').waitFor();
    await page.getByText('Ihre Sitzung wurde erfolgreich verlängert.').waitFor();
    expect(await dialog().isVisible()).toBe(false);

    // A new full period from the extension: no warning at 12:59, sign-out at 15:00.
    await page.clock.runFor('12:59');
    expect(await dialog().isVisible()).toBe(false);
    await page.clock.runFor('02:01');
    await page.waitForURL('**/employee/login');

    await expect
      .poll(() => auditActions(admin.email))
      .toEqual(['admin_login', 'admin_navigation', 'session_extended', 'session_timeout']);
  });

  it("keeps counting after 'Warnung schließen' without activity", async () => {
    await signInInBrowser(page, ben.email, FACTORY_PASSWORD);
    await pauseClockAfterSessionStart('13:00');
    await dialog().getByRole('button', { name: 'Warnung schließen' }).click();
    expect(await dialog().isVisible()).toBe(false);
    await page.clock.runFor('02:00');
    await page.waitForURL('**/employee/login');
    // Employees' sessions are not audit-logged.
    expect(await auditActions(ben.email)).toEqual([]);
  });

  it('treats activity (more than 30 s after the last reset) as a reset', async () => {
    await signInInBrowser(page, clara.email, FACTORY_PASSWORD);
    await pauseClockAfterSessionStart('10:00');
    await page.mouse.move(200, 200);
    await page.mouse.move(300, 250);
    await page.clock.runFor('12:59');
    expect(await dialog().isVisible()).toBe(false);
    await page.clock.runFor(1_000);
    await dialog().waitFor();
    expect(await countdown().textContent()).toBe('2:00');
  });

  it("signs out at once with 'Jetzt abmelden', logged as admin_logout", async () => {
    await signInInBrowser(page, owner.email, FACTORY_PASSWORD);
    await page.waitForURL('**/admin/dashboard');
    await pauseClockAfterSessionStart('13:05');
    await dialog().getByRole('button', { name: 'Jetzt abmelden' }).click();
    await page.waitForURL('**/employee/login');
    await expect.poll(() => auditActions(owner.email)).toContain('admin_logout');
  });

  it('ends auth loading after 10 s with the timeout message', async () => {
    // The session in the HTML spares the request; without it (the offline shell) it is asked for.
    await withoutPageBoot(page);
    await page.route('**/api/auth/session', () => {
      // Never answered: the server is unreachable.
    });
    await page.goto('/employee/dashboard');
    await page.getByText('Sicherheitsprüfung läuft...').waitFor();
    await page.clock.runFor(10_000);
    await page.getByText('Fehler beim Laden').waitFor();
    await page.getByText('Authentication timeout. Please try refreshing the page.').waitFor();
    await page.unroute('**/api/auth/session');
  });
});
