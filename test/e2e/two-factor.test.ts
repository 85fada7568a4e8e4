import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/server/lib/clock';
import {
  createBusiness,
  createTwoFactor,
  FACTORY_PASSWORD,
  type FactoryPerson,
} from '../support/factories';
import { magicLinkTokenFor } from '../support/two-factor';
import { seriousA11yViolations } from './support/axe';
import { useE2E } from './support/environment';
import { screenshot, trackPageErrors } from './support/harness';
import { horizontalOverflow, recordToasts } from './support/page-checks';

/**
 * Two-factor sign-in, as an owner meets it: the banner in the admin shell,
 * turning it on at 'Konto und Sicherheit' with an authenticator app (the code computed here
 * from the secret the page shows, as the app would), signing in again with password and code,
 * and once with a recovery code. The server's clock stands still unless the test moves it, so
 * each code belongs to a known 30-second step.
 */
const clock = new ManualClock(new Date());
const e2e = useE2E({ seeded: false, clock });

/**
 * Each test signs in as an owner of its own (a fresh business per attempt), so a retry or a
 * test run alone starts from an account without two-factor sign-in.
 */
async function freshHotel(): Promise<{ owner: FactoryPerson; ben: FactoryPerson }> {
  const hotel = await createBusiness(e2e.server.deps.database.db, {
    name: 'Hotel Seeblick',
    owner: {
      fullName: 'Thomas Berger',
      email: `thomas.berger.${randomUUID()}@hotel-seeblick.example`,
    },
    employees: [
      { fullName: 'Anna Schneider', jobTitle: 'Rezeptionistin' },
      { fullName: 'Ben Müller', jobTitle: 'Kellner' },
    ],
  });
  return { owner: hotel.owner, ben: hotel.employees[1]! };
}

/** An owner whose two-factor sign-in is on, with the app's secret and the recovery codes. */
async function ownerWithTwoFactor() {
  const hotel = await freshHotel();
  const factor = await createTwoFactor(e2e.server.deps.database.db, {
    serverSecret: e2e.server.deps.config.sessionSecret,
    userId: hotel.owner.id,
    now: clock.now(),
  });
  return { ...hotel, ...factor };
}

let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let consoleErrors: string[];

beforeEach(async () => {
  context = await e2e.context();
  page = await context.newPage();
  pageErrors = trackPageErrors(page);
  consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
});
afterEach(async () => {
  expect(pageErrors).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await context.close();
});

/** What the authenticator app shows now (the server's time), one step later each call. */
function appCode(secret: string): string {
  clock.advance(30_000);
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: clock.now().getTime() });
}

async function passwordStep(email: string) {
  await page.goto('/employee/login');
  await page.getByLabel('E-Mail', { exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(FACTORY_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.getByRole('heading', { name: 'Bestätigungscode' }).waitFor();
}

async function signOut() {
  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: 'Abmelden' }).first().click();
  await page.waitForURL('**/employee/login');
}

describe('Zwei-Faktor-Anmeldung', () => {
  it('an owner turns it on from the banner, signs out and in again with password and code', async () => {
    const owner = (await freshHotel()).owner.email;
    const toasts = await recordToasts(page);
    await page.goto('/employee/login');
    await page.getByLabel('E-Mail', { exact: true }).fill(owner);
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(FACTORY_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL('**/admin/dashboard');

    const banner = page.getByTestId('two-factor-banner');
    await banner.getByText('Schützen Sie Ihr Konto mit der Zwei-Faktor-Anmeldung.').waitFor();
    await banner.getByRole('link', { name: 'Jetzt einrichten' }).click();
    await page.waitForURL('**/employee/account');
    await page.getByRole('heading', { name: 'Konto und Sicherheit' }).waitFor();
    await page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung' }).waitFor();

    await page.getByRole('button', { name: 'Einrichten' }).click();
    const qr = page.getByRole('img', { name: 'QR-Code für die Authenticator-App' });
    await qr.waitFor();
    const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(
      /\s/g,
      '',
    );
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = await qr.getAttribute('data-qr-value');
    expect(uri).toBe(
      `otpauth://totp/Trinkgeld:${encodeURIComponent(owner)}?issuer=Trinkgeld&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    const codeField = page.getByRole('textbox', { name: 'Bestätigungscode' });
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'two-factor-setup');

    await codeField.fill(appCode(secret));
    await page.getByRole('button', { name: 'Bestätigen und einschalten' }).click();
    await page.getByText('Zwei-Faktor-Anmeldung eingeschaltet').waitFor();
    const list = page.getByTestId('recovery-codes').getByRole('listitem');
    await list.first().waitFor();
    const recoveryCodes = await list.allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    await page.getByRole('button', { name: 'Kopieren' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Herunterladen' }).click();
    expect((await download).suggestedFilename()).toBe('trinkgeld-wiederherstellungscodes.txt');
    await page.getByRole('button', { name: 'Fertig' }).click();
    await page.getByText('Eingeschaltet', { exact: true }).waitFor();
    await page.getByText('Noch 10 Wiederherstellungscodes übrig.').waitFor();

    // Once on, the banner is gone.
    await page.goto('/admin/dashboard');
    await page.getByTestId('admin-business-name').waitFor();
    expect(await page.getByTestId('two-factor-banner').count()).toBe(0);

    await signOut();
    await passwordStep(owner);
    const stepField = page.getByRole('textbox', { name: 'Bestätigungscode' });
    expect(await stepField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await stepField.getAttribute('inputmode')).toBe('numeric');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'two-factor-sign-in-step');
    await stepField.fill(appCode(secret));
    await page.getByRole('button', { name: 'Bestätigen', exact: true }).click();
    await page.waitForURL('**/admin/dashboard');
    await expect.poll(async () => (await toasts()).join('\n')).toMatch(/Erfolgreich angemeldet!/);
  });

  it('signs in with a recovery code once, and says how many are left', async () => {
    const { owner, recoveryCodes } = await ownerWithTwoFactor();
    const toasts = await recordToasts(page);
    await passwordStep(owner.email);
    await page
      .getByRole('button', { name: 'Stattdessen einen Wiederherstellungscode verwenden' })
      .click();
    await page.getByRole('textbox', { name: 'Wiederherstellungscode' }).fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Bestätigen', exact: true }).click();
    await page.waitForURL('**/admin/dashboard');
    await expect
      .poll(async () => (await toasts()).join('\n'))
      .toMatch(/Wiederherstellungscode verwendet[\s\S]*Noch 9 Wiederherstellungscodes übrig\./);
    await page.goto('/employee/account');
    await page.getByText('Noch 9 Wiederherstellungscodes übrig.').waitFor();
  });

  it('asks for the code after a sign-in link too, before any session exists', async () => {
    const { owner, secret } = await ownerWithTwoFactor();
    const token = await magicLinkTokenFor(e2e.server.deps, owner.email);
    await page.goto(`/employee/login?magic_token=${token}`);
    await page.getByRole('heading', { name: 'Bestätigungscode' }).waitFor();
    // The link is spent and gone from the address bar; nothing signed in yet.
    expect(new URL(page.url()).search).toBe('');
    const session = await page.request.get('/api/auth/session');
    expect((await session.json()).user).toBeNull();
    await page.getByRole('textbox', { name: 'Bestätigungscode' }).fill(appCode(secret));
    await page.getByRole('button', { name: 'Bestätigen', exact: true }).click();
    await page.waitForURL('**/admin/dashboard');
  });

  it('fits a 360 px phone and lets an owner reset an employee who lost the phone', async () => {
    const { owner, ben, secret } = await ownerWithTwoFactor();
    await context.close();
    context = await e2e.context({ viewport: { width: 360, height: 780 }, isMobile: true });
    page = await context.newPage();
    pageErrors = trackPageErrors(page);
    await createTwoFactor(e2e.server.deps.database.db, {
      serverSecret: e2e.server.deps.config.sessionSecret,
      userId: ben.id,
      now: clock.now(),
    });

    // The owner's own sign-in on the phone, with the app.
    await passwordStep(owner.email);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.getByRole('textbox', { name: 'Bestätigungscode' }).fill(appCode(secret));
    await page.getByRole('button', { name: 'Bestätigen', exact: true }).click();
    await page.waitForURL('**/admin/dashboard');

    await page.goto('/employee/account');
    await page.getByText('Noch 10 Wiederherstellungscodes übrig.').waitFor();
    expect(await horizontalOverflow(page)).toBe(0);

    await page.goto('/admin/users');
    // At 360 px the users are cards.
    const row = page.getByTestId(`user-card-${ben.email}`);
    await row.getByText('Zwei-Faktor an').waitFor();
    await row.getByRole('button', { name: /Aktionen für/ }).click();
    await page.getByRole('menuitem', { name: 'Zwei-Faktor zurücksetzen' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(/Zwei-Faktor-Anmeldung von .+ zurücksetzen\?/).waitFor();
    await dialog.getByRole('button', { name: 'Zurücksetzen' }).click();
    await page.getByTestId('toast').getByText('Zwei-Faktor-Anmeldung zurückgesetzt.').waitFor();
    await row.getByText('Zwei-Faktor an').waitFor({ state: 'detached' });
    await screenshot(page, 'two-factor-reset-360');
  });
});
