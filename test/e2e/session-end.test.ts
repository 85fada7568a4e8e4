import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { authTokens } from '../../src/server/db/schema';
import { hashToken, newToken } from '../../src/server/features/auth/tokens';
import {
  createBusiness,
  createPlatformAdmin,
  FACTORY_PASSWORD,
  type FactoryBusiness,
  type FactoryPerson,
} from '../support/factories';
import { signInInBrowser } from './support/auth';
import { screenshot, trackPageErrors } from './support/harness';
import { horizontalOverflow } from './support/page-checks';
import { useE2E } from './support/environment';

/**
 * Decision 0505: the login page says why a session ended, until the person
 * dismisses it, also after a reload; not 'Inaktivität' for a session someone else ended.
 */

const e2e = useE2E({ seeded: false });

let linde: FactoryBusiness;
let morgenrot: FactoryBusiness;
let operator: FactoryPerson;

beforeAll(async () => {
  const db = e2e.server.deps.database.db;
  linde = await createBusiness(db, {
    name: 'Gasthaus Linde',
    owner: { fullName: 'Petra Lindner' },
    employees: [{ fullName: 'Jonas Weber', jobTitle: 'Kellner' }],
  });
  morgenrot = await createBusiness(db, {
    name: 'Café Morgenrot',
    owner: { fullName: 'Lena Hoffmann' },
    employees: [{ fullName: 'Mia Schulz', jobTitle: 'Kellnerin' }],
  });
  operator = await createPlatformAdmin(db, { fullName: 'Sabine Hoffmann' });
});

const notice = (page: Page) => page.getByRole('alert').filter({ hasText: 'Hinweis schließen' });

/** Dismisses the notice with the keyboard, as someone without a mouse would. */
async function dismissWithKeyboard(page: Page): Promise<void> {
  const close = notice(page).getByRole('button', { name: 'Hinweis schließen' });
  await close.focus();
  await page.keyboard.press('Enter');
  await notice(page).waitFor({ state: 'detached' });
}

describe('the login page says why the session ended', () => {
  it('a suspension while the owner’s console and a waiter’s dashboard are open: both login pages say so until dismissed, also after a reload', async () => {
    const waiterContext = await e2e.context({
      viewport: { width: 360, height: 740 },
      isMobile: true,
    });
    const waiter = await waiterContext.newPage();
    const waiterErrors = trackPageErrors(waiter);
    const stream = waiter.waitForResponse(
      (response) => response.url().includes('/api/employee/stream') && response.status() === 200,
    );
    await signInInBrowser(waiter, linde.employees[0]!.email, FACTORY_PASSWORD);
    await waiter.getByRole('heading', { name: 'Willkommen, Jonas Weber!' }).waitFor();
    await stream;

    const ownerContext = await e2e.context();
    const owner = await ownerContext.newPage();
    const ownerErrors = trackPageErrors(owner);
    await signInInBrowser(owner, linde.owner.email, FACTORY_PASSWORD);
    await owner.getByRole('navigation', { name: 'Admin-Navigation' }).waitFor();

    // The other business's owner stays signed in throughout.
    const otherContext = await e2e.context();
    const other = await otherContext.newPage();
    await signInInBrowser(other, morgenrot.owner.email, FACTORY_PASSWORD);

    const operatorContext = await e2e.context();
    const operatorPage = await operatorContext.newPage();
    await signInInBrowser(operatorPage, operator.email, FACTORY_PASSWORD);
    const suspended = await operatorContext.request.post(
      `/api/admin/businesses/${linde.id}/suspend`,
      { data: { reason: 'Vertrag wird geprüft' }, headers: { origin: e2e.server.url } },
    );
    expect(suspended.status()).toBe(200);

    const reason = 'Ihr Betrieb ist derzeit gesperrt. Bitte wenden Sie sich an den Betreiber';
    // The waiter's live stream ends with the reason: the login page says it.
    await waiter.waitForURL('**/employee/login**');
    await notice(waiter).getByText(reason).waitFor();
    await notice(waiter).getByText('Betrieb gesperrt').waitFor();
    expect(await horizontalOverflow(waiter)).toBe(0);
    await screenshot(waiter, 'session-end-suspended-360');
    await waiter.reload();
    await notice(waiter).getByText(reason).waitFor();
    expect(await waiter.getByText('Inaktivität').count()).toBe(0);

    // The owner's console hears it at its next request.
    await owner
      .getByRole('navigation', { name: 'Admin-Navigation' })
      .getByRole('link', { name: 'Benutzer' })
      .click();
    await owner.waitForURL('**/employee/login**');
    await notice(owner).getByText(reason).waitFor();
    await owner.reload();
    await notice(owner).getByText(reason).waitFor();

    // Dismissed, it stays away, also after a reload.
    await dismissWithKeyboard(owner);
    await owner.reload();
    await owner.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
    expect(await notice(owner).count()).toBe(0);
    await dismissWithKeyboard(waiter);

    // The other business goes on.
    expect((await otherContext.request.get('/api/profiles/me')).status()).toBe(200);

    expect(waiterErrors).toEqual([]);
    expect(ownerErrors).toEqual([]);
    await Promise.all(
      [waiterContext, ownerContext, otherContext, operatorContext].map((c) => c.close()),
    );
  });

  it('a password reset in another browser: this browser’s login page says so, not “Inaktivität”', async () => {
    const mia = morgenrot.employees[0]!;
    const phoneContext = await e2e.context({
      viewport: { width: 360, height: 740 },
      isMobile: true,
    });
    const phone = await phoneContext.newPage();
    const phoneErrors = trackPageErrors(phone);
    await signInInBrowser(phone, mia.email, FACTORY_PASSWORD);
    await phone.getByRole('heading', { name: 'Willkommen, Mia Schulz!' }).waitFor();

    // Elsewhere, Mia sets a new password with a reset link.
    const token = newToken();
    await e2e.server.deps.database.db.insert(authTokens).values({
      tokenHash: hashToken(token),
      purpose: 'password_reset',
      userId: mia.id,
      email: mia.email,
      expiresAt: new Date(Date.now() + 30 * 60_000),
      createdAt: new Date(),
    });
    const laptopContext = await e2e.context();
    const laptop = await laptopContext.newPage();
    await laptop.goto(`/employee/password?token=${token}`);
    await laptop.getByRole('heading', { name: 'Passwort festlegen' }).waitFor();
    await laptop.getByLabel(/^Neues Passwort( \*)?$/).fill('Leuchtturm am Morgen 7');
    await laptop.getByLabel(/^Neues Passwort wiederholen/).fill('Leuchtturm am Morgen 7');
    await laptop.getByRole('button', { name: 'Passwort speichern' }).click();
    await laptop.waitForURL((url) => !url.pathname.startsWith('/employee/password'));

    // The phone comes back to the app: the login page says why.
    await phone.reload();
    await phone.waitForURL('**/employee/login**');
    await notice(phone)
      .getByText('Das Passwort Ihres Kontos wurde an anderer Stelle geändert.', { exact: false })
      .waitFor();
    expect(await phone.getByText('Inaktivität', { exact: false }).count()).toBe(0);
    await phone.reload();
    await notice(phone).getByText('an anderer Stelle geändert', { exact: false }).waitFor();
    await dismissWithKeyboard(phone);
    await signInInBrowser(phone, mia.email, 'Leuchtturm am Morgen 7');
    await phone.getByRole('heading', { name: 'Willkommen, Mia Schulz!' }).waitFor();

    expect(phoneErrors).toEqual([]);
    await Promise.all([phoneContext, laptopContext].map((c) => c.close()));
  });
});
