import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type FactoryBusiness } from '../support/factories';
import { openSignedIn } from './support/auth';
import { useE2E } from './support/environment';
import { trackPageErrors } from './support/harness';
import { axeViolations } from './support/page-checks';

/**
 * Guest items 1–9 and 19: the guest screens at 360 px and 1280 px on their own data,
 * with a clean console and no axe violations.
 */
const e2e = useE2E({ seeded: false });
let hotel: FactoryBusiness;

const LONG = 'Dankeschön'.repeat(20); // 200 characters without a space
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

beforeAll(async () => {
  hotel = await createBusiness(e2e.server.deps.database.db, {
    name: 'Hotel Seeblick',
    employees: [{ fullName: 'Lena Langwort' }],
    points: ['person', 'object'],
  });
});

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('long words (item 1)', () => {
  it('a 200-character message keeps the success step, /thank-you and the dashboard at 360 px', async () => {
    const context = await e2e.context(PHONE);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const code = hotel.points[0]!.uid;
    await page.goto(`/t/${code}`);
    await page.getByRole('button', { name: '5 €', exact: true }).click();
    await page.getByRole('button', { name: 'Weiter zur Zahlung · 5,00 €' }).click();
    await page.getByLabel('Persönliche Nachricht (optional)').fill(LONG);
    await page.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
    await page.waitForURL('**/checkout/demo/**');
    await page.getByRole('button', { name: 'Bezahlen' }).click();
    await page.getByRole('heading', { name: 'Vielen Dank für Ihre Wertschätzung!' }).waitFor();
    await page.getByText(LONG).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);

    const dialog = page.getByRole('dialog', { name: 'Möchtest du noch etwas sagen?' });
    await dialog.getByRole('button', { name: 'Überspringen' }).click();
    await page.waitForURL('**/thank-you?tipId=**');
    await page.getByText(LONG).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
    // Item 4: no button that cannot close the tab; the hint says what works.
    expect(await page.getByRole('button', { name: 'Seite schließen' }).count()).toBe(0);
    await page.getByText('Sie können dieses Fenster jetzt schließen.').waitFor();
    expect(errors).toEqual([]);

    const staff = await e2e.context(PHONE);
    const dashboard = await staff.newPage();
    await openSignedIn(dashboard, e2e.server, hotel.employees[0]!.email, '/employee/dashboard');
    await dashboard.getByText(LONG).first().waitFor();
    expect(await scrollWidth(dashboard)).toBeLessThanOrEqual(360);
  });
});

describe('the tip page (items 3, 5, 7)', () => {
  it.each([
    ['360 px', PHONE],
    ['1280 px', DESKTOP],
  ])('says why a link amount is refused and where the money goes (%s)', async (_w, options) => {
    const context = await e2e.context(options);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const table = hotel.points[1]!.uid;
    await page.goto(`/t/${table}?amount=9999`);
    await page
      .getByTestId('link-amount-problem')
      .filter({ hasText: 'Der Betrag „9999“ aus dem Link kann nicht übernommen werden.' })
      .waitFor();
    await page.getByRole('heading', { name: 'Trinkgeld geben' }).waitFor();
    // Nobody on shift at the table: the money waits in the pool, and the page says so.
    expect(await page.getByTestId('receiver-note').textContent()).toBe(
      'Gerade ist hier niemand eingeteilt: Ihr Trinkgeld geht an Hotel Seeblick, das es an sein Team verteilt.',
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`/t/${table}?amount=abc`);
    await page.getByText('Bitte geben Sie den Betrag als Zahl ein', { exact: false }).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(options.viewport.width);
    expect(errors).toEqual([]);
  });

  it("'Zurück' on the error step gives the guest all attempts again", async () => {
    const context = await e2e.context(PHONE);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const table = hotel.points[1]!.uid;
    const payAndFail = async () => {
      await page.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
      await page.waitForURL('**/checkout/demo/**');
      await page.locator('button[value="fail"]').click();
      await page.getByRole('heading', { name: /Die Zahlung konnte leider nicht/ }).waitFor();
    };
    await page.goto(`/t/${table}`);
    await page.getByRole('button', { name: '5 €', exact: true }).click();
    await page.getByRole('button', { name: 'Weiter zur Zahlung · 5,00 €' }).click();
    await payAndFail();
    const left = await page.getByText(/Noch \d Versuche? möglich\./).textContent();
    await page.getByRole('button', { name: 'Zurück', exact: true }).click();
    await payAndFail();
    expect(await page.getByText(/Noch \d Versuche? möglich\./).textContent()).toBe(left);
    expect(errors).toEqual([]);
  });
});

describe('pages around the tip page (items 2, 9, 19)', () => {
  it.each([
    ['360 px', PHONE],
    ['1280 px', DESKTOP],
  ])('the legal page follows the chosen language and switches it (%s)', async (_w, options) => {
    const context = await e2e.context(options);
    await context.addCookies([{ name: 'trinkgeld_lang', value: 'it', url: e2e.server.url }]);
    const page = await context.newPage();
    await page.goto('/impressum');
    await page.getByRole('heading', { name: 'Note legali' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { name: 'Impressum', level: 1 }).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(options.viewport.width);
  });

  it.each([
    ['360 px', PHONE],
    ['1280 px', DESKTOP],
  ])(
    "'Ungültige UID' and the not-found page speak plainly and lead back (%s)",
    async (_w, options) => {
      const context = await e2e.context(options);
      const page = await context.newPage();
      const errors = trackPageErrors(page);
      await page.goto('/t/t-gibt-es-wirklich-nicht');
      await page.getByRole('heading', { name: 'Ungültige UID' }).waitFor();
      await page.getByText('Dieser Trinkgeld-Link funktioniert nicht.', { exact: false }).waitFor();
      await page
        .getByText('Scannen Sie den QR-Code vor Ort noch einmal', { exact: false })
        .waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await page.goto('/gibt-es-nicht');
      await page.getByRole('heading', { name: 'Seite nicht gefunden' }).waitFor();
      await page.getByText('Oops! Page not found').waitFor();
      await page.getByRole('button', { name: 'Zurück' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Zur Startseite' }).click();
      await page.waitForURL(`${e2e.server.url}/`);
      expect(errors).toEqual([]);
    },
  );
});
