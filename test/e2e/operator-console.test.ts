import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createBusiness,
  createPlatformAdmin,
  FACTORY_PASSWORD,
  type FactoryBusiness,
  type FactoryPerson,
} from '../support/factories';
import { openSignedIn, signInInBrowser } from './support/auth';
import { useE2E } from './support/environment';
import { screenshot } from './support/harness';
import { horizontalOverflow, seriousAxeViolations } from './support/page-checks';
import { consoleProblems } from './support/console';

const e2e = useE2E({ seeded: false, smtp: true });

let seeblick: FactoryBusiness;
let morgenrot: FactoryBusiness;
let lenaHoffmann: FactoryPerson;
/** The platform operator, with the hotel as its home business. */
let operator: FactoryPerson;

beforeAll(async () => {
  const db = e2e.server.deps.database.db;
  seeblick = await createBusiness(db, {
    name: 'Hotel Seeblick',
    owner: { email: 'thomas.berger@hotel-seeblick.example', fullName: 'Thomas Berger' },
    employees: [{ fullName: 'Anna Schneider', jobTitle: 'Rezeptionistin' }],
  });
  morgenrot = await createBusiness(db, {
    name: 'Café Morgenrot',
    owner: { email: 'miriam.keller@cafe-morgenrot.example', fullName: 'Miriam Keller' },
    employees: [
      {
        email: 'lena.hoffmann@cafe-morgenrot.example',
        fullName: 'Lena Hoffmann',
        jobTitle: 'Barista',
      },
    ],
    points: ['person'],
  });
  lenaHoffmann = morgenrot.employees[0]!;
  operator = await createPlatformAdmin(db, {
    businessId: seeblick.id,
    email: 'sabine.hoffmann@plattform.example',
    fullName: 'Sabine Hoffmann',
  });
});

/**
 * Chromium logs each refused request as a console error; only the refusals a test causes on
 * purpose are allowed: 401 and 403 of a suspension (and 400 of a mistyped confirmation, given
 * where it happens).
 */
const REFUSALS = [401, 403];

function invitationLinkIn(text: string): string {
  const match = /(http:\/\/127\.0\.0\.1:\d+\/employee\/login\?magic_token=[A-Za-z0-9_-]{43})/.exec(
    text,
  );
  if (!match) throw new Error(`no invitation link in the e-mail:\n${text.slice(0, 2000)}`);
  return match[1]!;
}

async function openConsole(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Admin-Navigation' })
    .getByRole('link', { name: 'Betriebe' })
    .click();
  await page.waitForURL('**/admin/businesses');
  await page.getByRole('heading', { name: 'Betriebe', level: 1 }).waitFor();
}

/** A browser at a width: a phone below 1024 px, a desktop from there. */
function contextAt(width: number) {
  return e2e.context(
    width < 1024
      ? { viewport: { width, height: 844 }, isMobile: true }
      : { viewport: { width, height: 900 } },
  );
}

/** The names of the admin navigation's links (the phone menu is opened first). */
async function navLinks(page: Page): Promise<string[]> {
  const menu = page.getByRole('button', { name: 'Menü', exact: true });
  if (await menu.isVisible()) await menu.click();
  const links = page
    .getByRole('navigation', { name: 'Admin-Navigation' })
    .filter({ visible: true })
    .getByRole('link');
  await links.first().waitFor();
  const names = (await links.allTextContents()).map((name) => name.trim());
  const close = page.getByRole('button', { name: 'Menü schließen' });
  if (await close.isVisible()) await close.click();
  return names;
}

describe('the operator inside a business', () => {
  it.each([1280, 390])(
    'shows the banner on every page at %i px; the way back leaves for the platform view',
    async (width) => {
      const admin = await createPlatformAdmin(e2e.server.deps.database.db, {
        businessId: seeblick.id,
        // Unique per attempt: a retry makes its own operator.
        email: `betreiber-${width}-${Date.now().toString(36)}@plattform.example`,
        fullName: 'Jonas Betreiber',
      });
      const context = await contextAt(width);
      const page = await context.newPage();
      const problems = consoleProblems(page, REFUSALS);
      await openSignedIn(page, e2e.server, admin.email);
      await page.waitForURL('**/admin/dashboard');
      // The first sign-in ever: a first-time greeting, nobody is welcomed back yet.
      await page.getByText('Willkommen bei Trinkgeld, Jonas Betreiber!').waitFor();
      expect(await page.getByText(/Willkommen zurück/).count()).toBe(0);
      const banner = page.getByRole('region', { name: 'Arbeit in einem Betrieb' });
      await banner
        .getByText('Sie arbeiten als Plattform-Betreiber im Betrieb „Hotel Seeblick“.')
        .waitFor();

      // 'Betrieb wählen': the picker of the header (in the menu on a phone).
      const menu = page.getByRole('button', { name: 'Menü', exact: true });
      if (await menu.isVisible()) await menu.click();
      await page
        .getByLabel('Betrieb', { exact: true })
        .filter({ visible: true })
        .selectOption({ label: 'Café Morgenrot' });
      await banner
        .getByText('Sie arbeiten als Plattform-Betreiber im Betrieb „Café Morgenrot“.')
        .waitFor();
      await page
        .getByRole('navigation', { name: 'Admin-Navigation' })
        .filter({ visible: true })
        .getByRole('link', { name: 'UID-Verwaltung' })
        .click();
      await page.waitForURL('**/admin/uid-management');
      await banner
        .getByText('Sie arbeiten als Plattform-Betreiber im Betrieb „Café Morgenrot“.')
        .waitFor();
      // The page settled (its list loaded, no placeholder mid-fade) before colours are checked.
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `operator-acting-in-business-${width}`);

      // The way back by keyboard.
      await banner.getByRole('link', { name: 'Zur Plattform-Ansicht' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/admin/businesses');
      await page.getByRole('heading', { name: 'Betriebe', level: 1 }).waitFor();
      expect(await banner.count()).toBe(0);
      expect(await navLinks(page)).toEqual(['Betriebe', 'System']);
      expect(await page.getByRole('link', { name: 'Mitarbeiter-Ansicht' }).count()).toBe(0);
      // Not even the operator's own business counts: the dashboard asks for a business, no cards.
      await page.goto('/admin/dashboard');
      await page.getByRole('heading', { name: 'Betrieb wählen' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Verwaltung' }).count()).toBe(0);
      expect(await banner.count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});

describe("a new owner's first day", () => {
  it.each([1280, 390])(
    'the owner invitation says who invites as what; onboarding asks an owner; the dashboard leads to the set-up (%i px)',
    async (width) => {
      // Names of its own for each attempt: a retry creates its business afresh.
      const tag = randomUUID().slice(0, 6);
      const business = `Pension Ahorn ${width} ${tag}`;
      const ownerEmail = `inhaberin-${width}-${tag}@pension-ahorn.example`;
      const operatorContext = await e2e.context();
      const operatorPage = await operatorContext.newPage();
      await openSignedIn(operatorPage, e2e.server, operator.email);
      await operatorPage.close();
      const created = await operatorContext.request.post('/api/admin/businesses', {
        headers: { origin: e2e.server.url },
        data: {
          name: business,
          address: 'Ahornweg 5, 79100 Freiburg',
          contactEmail: `hallo-${width}-${tag}@pension-ahorn.example`,
          ownerEmail,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      await operatorContext.close();

      const mail = await e2e.smtp.waitForMail(ownerEmail);
      expect(mail.text).toContain(
        `Sabine Hoffmann (Betreiber der Trinkgeld-Plattform) hat Sie als Geschäftsinhaber von ${business} zu Trinkgeld eingeladen.`,
      );
      expect(mail.text).toContain('So geht es weiter:');
      expect(mail.text).toContain('Checkliste „Einrichtung“ in der Admin-Konsole');
      expect(mail.text).toContain('7 Tage gültig');

      const context = await contextAt(width);
      const owner = await context.newPage();
      const problems = consoleProblems(owner, REFUSALS);
      await owner.goto(invitationLinkIn(mail.text));
      await owner.waitForURL('**/employee/onboarding');
      await owner
        .getByRole('heading', { name: 'Willkommen! Vervollständigen Sie Ihr Profil' })
        .waitFor();
      // An owner is not asked for a position; their own payout account is optional, and says so.
      expect(await owner.getByLabel('Position').count()).toBe(0);
      expect(await owner.getByPlaceholder('z. B. Kellner, Rezeptionistin').count()).toBe(0);
      await owner
        .getByRole('heading', { name: 'Eigene Auszahlung einrichten (optional)' })
        .waitFor();
      await owner
        .getByText('Nur nötig, wenn Sie selbst Trinkgeld erhalten.', { exact: false })
        .waitFor();
      expect(await horizontalOverflow(owner)).toBe(0);
      await owner.getByLabel(/Vollständiger Name/).fill('Hanna Ahorn');
      await owner.getByRole('button', { name: 'Profil speichern' }).click();
      await owner.waitForURL('**/employee/dashboard');

      // The set-up's next step and the way to the console come before the tabs.
      const setup = owner.getByRole('region', { name: 'Einrichtung Ihres Betriebs' });
      await setup.getByText('Nächster Schritt: Branding speichern').waitFor();
      const consoleLink = setup.getByRole('link', { name: 'Weiter in der Admin-Konsole' });
      await consoleLink.waitFor();
      const setupFirst = await setup.evaluate((section) => {
        const tabs = document.querySelector('[role="tablist"]');
        return (
          tabs !== null &&
          !!(section.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING)
        );
      });
      expect(setupFirst).toBe(true);
      expect(await horizontalOverflow(owner)).toBe(0);
      expect(await seriousAxeViolations(owner)).toEqual([]);
      await screenshot(owner, `owner-first-day-${width}`);
      await consoleLink.click();
      await owner.waitForURL('**/admin/dashboard');
      await owner.getByTestId('admin-business-name').getByText(business).waitFor();
      // Nobody is welcomed back on their first day.
      await owner.getByText('Willkommen bei Trinkgeld, Hanna Ahorn!').waitFor();
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});

describe('Betriebe (operator console)', () => {
  it('lands a platform admin without a business on the console; the other pages ask for a business first', async () => {
    const admin = await createPlatformAdmin(e2e.server.deps.database.db, {
      email: `betreiberin-${randomUUID().slice(0, 6)}@plattform.example`,
      fullName: 'Bea Betreiberin',
    });
    const context = await e2e.context();
    const page = await context.newPage();
    const problems = consoleProblems(page, REFUSALS);
    await openSignedIn(page, e2e.server, admin.email);
    expect(new URL(page.url()).pathname).toBe('/admin/businesses');
    await page.getByRole('heading', { name: 'Betriebe', level: 1 }).waitFor();
    await page.getByTestId('business-Café Morgenrot').waitFor();

    // Without a business only the platform's pages are in the navigation (decision 0511).
    expect(await navLinks(page)).toEqual(['Betriebe', 'System']);
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { name: 'Betrieb wählen' }).waitFor();
    await page.getByRole('link', { name: 'Zu den Betrieben' }).click();
    await page.waitForURL('**/admin/businesses');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('creates a business and invites its owner, who onboards; closes it after its exports', async () => {
    // Names of its own for each attempt: a retry creates its business afresh.
    const tag = randomUUID().slice(0, 6);
    const linde = `Gasthof Linde ${tag}`;
    const ownerEmail = `wirtin-${tag}@gasthof-linde.example`;
    const context = await e2e.context();
    const page = await context.newPage();
    // The mistyped confirmation below is refused on purpose (400).
    const problems = consoleProblems(page, [400]);
    await openSignedIn(page, e2e.server, operator.email);
    await openConsole(page);
    const hotel = page.getByTestId('business-Hotel Seeblick');
    await hotel.getByText('Aktiv', { exact: true }).waitFor();
    await hotel.getByText(seeblick.owner.email).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Betrieb anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Betrieb anlegen' });
    // Required fields say so in German.
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await dialog.getByText('Name: Bitte geben Sie den Namen des Betriebs an.').waitFor();
    await dialog.getByText('Adresse: Bitte geben Sie die Anschrift des Betriebs an.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByLabel(/^Name/).fill(linde);
    await dialog.getByLabel(/^Adresse/).fill('Lindenweg 3, 79098 Freiburg');
    await dialog.getByLabel(/^Kontakt-E-Mail/).fill(`hallo-${tag}@gasthof-linde.example`);
    await dialog.getByLabel(/^Rechtsform/).fill('GmbH');
    await dialog.getByLabel(/^USt-IdNr\./).fill('DE987654321');
    await dialog.getByLabel(/^E-Mail des Inhabers/).fill(ownerEmail);
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await page
      .getByTestId('toast')
      .getByText(`Betrieb „${linde}“ angelegt, Einladung an ${ownerEmail} gesendet.`)
      .waitFor();
    const lindeRow = page.getByTestId(`business-${linde}`);
    await lindeRow.getByText(`${ownerEmail} (eingeladen)`).waitFor();
    await screenshot(page, 'operator-console');

    // The invitation: the staff invitation's 7-day link; the owner onboards into the new business.
    const mail = await e2e.smtp.waitForMail(ownerEmail);
    expect(mail.text).toContain(linde);
    expect(mail.text).toContain('7 Tage gültig');
    const ownerContext = await e2e.context();
    const owner = await ownerContext.newPage();
    const ownerProblems = consoleProblems(owner, REFUSALS);
    await owner.goto(invitationLinkIn(mail.text));
    await owner.waitForURL('**/employee/onboarding');
    await owner.getByLabel(/Vollständiger Name/).fill('Greta Linde');
    await owner.getByRole('button', { name: 'Profil speichern' }).click();
    await owner.waitForURL('**/employee/dashboard');
    await owner.goto('/admin/dashboard');
    await owner.getByTestId('admin-business-name').getByText(linde).waitFor();
    // Owners never see the console: not in their navigation, and the page refuses them.
    expect(
      await owner
        .getByRole('navigation', { name: 'Admin-Navigation' })
        .getByRole('link', { name: 'Betriebe' })
        .count(),
    ).toBe(0);
    await owner.goto('/admin/businesses');
    await owner.getByRole('heading', { name: 'Zugriff verweigert' }).waitFor();
    expect(ownerProblems).toEqual([]);
    await ownerContext.close();

    await page.reload();
    await lindeRow.getByText('Greta Linde').waitFor();

    // Closing: the exports first, then the typed name.
    await lindeRow.getByRole('button', { name: `Schließen: ${linde}` }).click();
    const closing = page.getByRole('dialog', { name: `„${linde}“ schließen` });
    await closing.getByText('Schritt 1 von 2: Daten exportieren').waitFor();
    await screenshot(page, 'operator-close-exports');
    const auditLink = closing.getByRole('link', { name: 'Audit-Log (CSV)' });
    const auditCsv = await context.request.get((await auditLink.getAttribute('href'))!);
    expect(auditCsv.status()).toBe(200);
    expect(await auditCsv.text()).toContain('Betrieb angelegt');
    const reportLink = closing.getByRole('link', { name: /^Trinkgelder .* \(CSV\)$/ });
    expect((await context.request.get((await reportLink.getAttribute('href'))!)).status()).toBe(
      200,
    );
    await closing.getByRole('button', { name: 'Weiter zum Schließen' }).click();
    const confirm = page.getByRole('alertdialog', { name: `„${linde}“ schließen` });
    await confirm.getByLabel(/^Name des Betriebs zur Bestätigung/).fill(`${linde}n`);
    await confirm.getByRole('button', { name: 'Endgültig schließen' }).click();
    await confirm
      .getByText(
        'Bestätigung: Der eingegebene Name stimmt nicht mit dem Namen des Betriebs überein.',
      )
      .waitFor();
    await confirm.getByLabel(/^Name des Betriebs zur Bestätigung/).fill(linde);
    await confirm.getByRole('button', { name: 'Endgültig schließen' }).click();
    await page.getByTestId('toast').getByText(`„${linde}“ ist geschlossen.`).waitFor();
    await lindeRow.getByText('Geschlossen', { exact: true }).waitFor();
    await lindeRow.getByText(/^Personendaten werden am .* gelöscht$/).waitFor();

    // At 360 px the page does not scroll sideways (the table scrolls in its own box).
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('button', { name: 'Menü', exact: true }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'operator-console-360');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('suspends a business with an employee’s dashboard open: she is told why and signed out, guests see “Service nicht verfügbar”; reactivation restores both', async () => {
    // Lena (Café Morgenrot) has her dashboard open with its live stream.
    const staffContext = await e2e.context();
    const lena = await staffContext.newPage();
    const lenaProblems = consoleProblems(lena, REFUSALS);
    const stream = lena.waitForResponse(
      (response) => response.url().includes('/api/employee/stream') && response.status() === 200,
    );
    await openSignedIn(lena, e2e.server, lenaHoffmann.email);
    await lena.getByRole('heading', { name: 'Willkommen, Lena Hoffmann!' }).waitFor();
    await stream;

    const adminContext = await e2e.context();
    const admin = await adminContext.newPage();
    const adminProblems = consoleProblems(admin, REFUSALS);
    await openSignedIn(admin, e2e.server, operator.email);
    await openConsole(admin);
    const cafe = admin.getByTestId('business-Café Morgenrot');
    await cafe.getByRole('button', { name: 'Sperren: Café Morgenrot' }).click();
    const suspend = admin.getByRole('alertdialog', { name: '„Café Morgenrot“ sperren?' });
    await suspend.getByLabel(/^Grund/).fill('Vertrag wird geprüft');
    await suspend.getByRole('button', { name: 'Sperren' }).click();
    await admin.getByTestId('toast').getByText('„Café Morgenrot“ ist gesperrt.').waitFor();
    await cafe.getByText('Gesperrt', { exact: true }).waitFor();
    await cafe.getByText('Grund: Vertrag wird geprüft').waitFor();

    // She is signed out, and the login page explains why (decision 0505).
    await lena.waitForURL('**/employee/login**');
    await lena
      .getByTestId('session-end-notice')
      .getByText('Ihr Betrieb ist derzeit gesperrt. Bitte wenden Sie sich an den Betreiber')
      .waitFor();
    expect((await staffContext.request.get('/api/profiles/me')).status()).toBe(401);

    // Guests of the business see 'Service nicht verfügbar'.
    const guestContext = await e2e.context({
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    const guest = await guestContext.newPage();
    const guestProblems = consoleProblems(guest, REFUSALS);
    await guest.goto(`/t/${morgenrot.points[0]!.uid}`);
    await guest.getByRole('heading', { name: 'Service nicht verfügbar' }).waitFor();
    await screenshot(guest, 'operator-suspended-guest');

    // She cannot sign in while it lasts, and hears why.
    await lena.getByLabel('E-Mail', { exact: true }).fill(lenaHoffmann.email);
    await lena.getByRole('textbox', { name: 'Passwort', exact: true }).fill(FACTORY_PASSWORD);
    await lena.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await lena.getByTestId('toast').getByText('Anmeldung fehlgeschlagen').waitFor();
    // The refusal names how to reach the operator.
    await lena
      .getByTestId('toast')
      .getByText(
        `Ihr Betrieb ist derzeit gesperrt. Bitte wenden Sie sich an den Betreiber: ${e2e.server.deps.config.contactEmail}`,
      )
      .waitFor();
    expect(new URL(lena.url()).pathname).toBe('/employee/login');

    // Reactivation: the guest page works again and Lena signs in anew.
    await cafe.getByRole('button', { name: 'Reaktivieren: Café Morgenrot' }).click();
    const reactivate = admin.getByRole('alertdialog', { name: '„Café Morgenrot“ reaktivieren?' });
    await reactivate.getByRole('button', { name: 'Reaktivieren' }).click();
    await admin.getByTestId('toast').getByText('„Café Morgenrot“ ist wieder aktiv.').waitFor();
    await cafe.getByText('Aktiv', { exact: true }).waitFor();

    await guest.reload();
    await guest.getByRole('heading', { name: 'Lena Hoffmann' }).waitFor();
    await guest.getByRole('button', { name: '5 €', exact: true }).waitFor();
    await signInInBrowser(lena, lenaHoffmann.email, FACTORY_PASSWORD);
    expect(new URL(lena.url()).pathname).toBe('/employee/dashboard');
    await lena.getByRole('heading', { name: 'Willkommen, Lena Hoffmann!' }).waitFor();

    expect(adminProblems).toEqual([]);
    expect(lenaProblems).toEqual([]);
    expect(guestProblems).toEqual([]);
    await guestContext.close();
    await adminContext.close();
    await staffContext.close();
  });
});
