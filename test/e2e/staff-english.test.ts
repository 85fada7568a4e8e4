import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles } from '../../src/server/db/schema';
import { publishTipChangesInTransaction } from '../../src/server/features/tip-lifecycle/events';
import {
  createBusiness,
  createPerson,
  createTip,
  FACTORY_PASSWORD,
  type FactoryBusiness,
} from '../support/factories';
import { openSignedIn } from './support/auth';
import { useE2E } from './support/environment';
import { trackPageErrors } from './support/harness';

/**
 * Done when: an employee who picks English sees no German on any staff screen at
 * 360 px, and a German colleague's screens are unchanged (decision 0383).
 */
const e2e = useE2E({ seeded: false });

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true } as const;

/**
 * Words that only a German screen shows. The product name 'Trinkgeld' and the option 'Deutsch'
 * (each language is named in its own words) are no sign of a German screen.
 */
const GERMAN_MARKERS =
  /\b(und|oder|Sie|Ihr|Ihre|Ihren|nicht|Heute|Nachrichten?|Historie|Statistiken|Einstellungen|Abmelden|Zurück|Weiter|Auszahlung\w*|Trinkgelder|Gesamt|Anzahl|Zeitraum|Letzte[rn]?|Speichern|Abbrechen|Schließen|Sprache|Konto|Sicherheit|Passwort\w*|Lade|Fehler|Ausstehend|Ausgezahlt|Direkt|Referenz|Herunterladen|herunterladen|Guthaben|Gebühr|Profil\w*|Menü|Willkommen|Keine?|Aktualisieren|Seite|Vorschau)\b|[äöüßÄÖÜ„]/;

/** The lines of the visible page that contain a German word. */
async function germanLines(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && GERMAN_MARKERS.test(line));
}

/**
 * A hotel of its own for each test (and each retry): the first test saves Alice's language, so a
 * retry on a shared hotel would start in English.
 */
async function createHotel(): Promise<FactoryBusiness> {
  const db = e2e.server.deps.database.db;
  const hotel = await createBusiness(db, {
    name: 'Hotel Seeblick',
    employees: [
      { fullName: 'Alice Brown', jobTitle: 'Receptionist' },
      { fullName: 'Bernd Maier', jobTitle: 'Kellner' },
    ],
    teams: [{ name: 'Front desk', members: [0, 1] }],
    points: ['person', 'person'],
  });
  const [alice, bernd] = hotel.employees;
  // A paid tip with words for each, so today, messages, history and statistics show an amount.
  for (const person of [alice!, bernd!]) {
    await createTip(db, {
      businessId: hotel.id,
      employeeId: person.id,
      amountCents: 1250,
      guestMessage: 'Great stay, thanks!',
      feedbackEmoji: 'smile',
    });
  }
  return hotel;
}

describe('staff screens in English', () => {
  it('an employee picks English in the settings; every staff screen then speaks English', async () => {
    const hotel = await createHotel();
    const context = await e2e.context(PHONE);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const alice = hotel.employees[0]!;
    await openSignedIn(page, e2e.server, alice.email);
    await page.waitForURL('**/employee/dashboard');

    // German until she chooses: the phone's header folds the actions into 'Menü'.
    await page.getByRole('button', { name: 'Menü' }).click();
    await page.getByRole('menuitem', { name: 'Einstellungen' }).click();
    const settings = page.getByRole('dialog');
    await settings.getByLabel('Sprache').selectOption('en');
    // The language is saved with the rest of the profile.
    await settings.getByRole('button', { name: 'Speichern' }).click();
    await settings.waitFor({ state: 'hidden' });
    const saved = page.getByTestId('toast').filter({ hasText: 'Profile saved' });
    await saved.waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    // Closed, so the check below reads the screen, not the toast ('Profile' looks German to it).
    await saved.getByRole('button').click();
    await saved.waitFor({ state: 'detached' });
    expect(await germanLines(page)).toEqual([]);
    // The installed staff app is named in English too.
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href;
      return (await fetch(href)).json() as Promise<{ name: string; lang: string }>;
    });
    expect(manifest).toMatchObject({ name: 'Trinkgeld – Staff dashboard', lang: 'en' });

    // Every tab of the dashboard.
    await page.getByRole('heading', { name: 'Welcome, Alice Brown!' }).waitFor();
    const tabs = ['Today', 'Messages', 'History', 'Statistics', 'Team', 'QR code'];
    for (const name of tabs) {
      await page.getByRole('tab', { name, exact: true }).click();
      await page.getByRole('tabpanel').waitFor();
      // Wait for the tab's data, not a spinner.
      await page.waitForFunction(
        () => !document.querySelector('[role="tabpanel"] [role="status"] .animate-spin'),
      );
      expect(await germanLines(page), name).toEqual([]);
    }
    // A tip paid while the dashboard is open: the notice says it in English.
    const tip = await createTip(e2e.server.deps.database.db, {
      businessId: hotel.id,
      employeeId: alice.id,
      amountCents: 750,
      guestMessage: 'Lovely breakfast',
    });
    const database = e2e.server.deps.database;
    await database.db.transaction((tx) =>
      publishTipChangesInTransaction(tx, database, [
        {
          tipId: tip.id,
          status: 'pending',
          employeeIds: [alice.id],
          teamId: null,
          businessId: hotel.id,
        },
      ]),
    );
    const notice = page.getByTestId('new-tip-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('New tip: €7.50');
    expect(await notice.innerText()).toContain('“Lovely breakfast”');
    expect(await germanLines(page)).toEqual([]);

    // The reply to a guest opens in English too.
    await page.getByRole('tab', { name: 'Messages', exact: true }).click();
    await page.getByRole('button', { name: 'Reply', exact: true }).first().click();
    await page.getByLabel('Your reply to the guest').first().waitFor();
    expect(await germanLines(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel', exact: true }).first().click();

    // Amounts the English way.
    await page.getByRole('tab', { name: 'History', exact: true }).click();
    await page.getByTestId('tip-row').filter({ hasText: '€12.50' }).waitFor();
    await page.getByTestId('tip-row').filter({ hasText: '€7.50' }).waitFor();
    await page.getByRole('tab', { name: 'Statistics', exact: true }).click();
    await page.getByText('Instant payout', { exact: true }).first().waitFor();
    expect(await germanLines(page)).toEqual([]);

    // The settings dialog and the account page.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('dialog').getByText('Payout to your bank account').waitFor();
    expect(await germanLines(page)).toEqual([]);
    await page.getByRole('link', { name: 'Account and security' }).click();
    await page.waitForURL('**/employee/account');
    await page.getByRole('heading', { name: 'Account and security' }).waitFor();
    await page.getByText('Change password').first().waitFor();
    expect(await germanLines(page)).toEqual([]);

    // Signed out, the sign-in page keeps her language on this phone.
    await page.goto('/employee/dashboard');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/employee/login');
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    expect(await germanLines(page)).toEqual([]);
    // The server answers a wrong password in German; the English screen says it in English.
    await page.getByLabel('E-mail', { exact: true }).fill(alice.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-her-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('E-mail or password is wrong. Please check your input.').waitFor();
    expect(await germanLines(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('her German colleague still sees German, with German amounts', async () => {
    const hotel = await createHotel();
    const context = await e2e.context(PHONE);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, e2e.server, hotel.employees[1]!.email);
    await page.waitForURL('**/employee/dashboard');
    await page.getByRole('heading', { name: 'Willkommen, Bernd Maier!' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    // The check above would see this screen: it is German through and through.
    expect((await germanLines(page)).length).toBeGreaterThan(5);
    expect(
      await page.evaluate(() =>
        document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
      ),
    ).toBe('/employee/manifest.webmanifest');
    await page.getByRole('tab', { name: 'Historie', exact: true }).click();
    const row = page.getByTestId('tip-row').first();
    await row.waitFor();
    expect((await row.innerText()).replace(/\s/g, ' ')).toContain('12,50 €');
    await page.getByRole('button', { name: 'Menü' }).click();
    await page.getByRole('menuitem', { name: 'Einstellungen' }).click();
    await page.getByRole('dialog').getByLabel('Sprache').waitFor();
    expect(await page.getByRole('dialog').getByLabel('Sprache').inputValue()).toBe('de');
    expect(errors).toEqual([]);
  });
});

describe('first sign-in from an English browser', () => {
  it('suggests English on the sign-in page and in onboarding, and keeps it on the profile', async () => {
    const db = e2e.server.deps.database.db;
    const hotel = await createHotel();
    // Never signed in, no profile yet: onboarding follows the sign-in.
    const newcomer = await createPerson(db, { businessId: hotel.id, withProfile: false });
    const context = await e2e.context({ ...PHONE, locale: 'en-GB' });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto('/employee/login');
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    expect(await germanLines(page)).toEqual([]);
    await page.getByLabel('E-mail', { exact: true }).fill(newcomer.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(FACTORY_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/employee/onboarding');
    await page.getByRole('heading', { name: 'Welcome! Complete your profile' }).waitFor();
    expect(await page.getByLabel('Language').inputValue()).toBe('en');
    expect(await germanLines(page)).toEqual([]);
    await page.getByLabel('Full name').fill('Nora Quinn');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.waitForURL('**/employee/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Nora Quinn!' }).waitFor();
    const [row] = await db
      .select({ staffLanguage: profiles.staffLanguage })
      .from(profiles)
      .where(eq(profiles.id, newcomer.id));
    expect(row?.staffLanguage).toBe('en');
    expect(errors).toEqual([]);
  });
});
