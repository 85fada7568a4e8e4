import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type FactoryBusiness } from '../support/factories';
import { useE2E } from './support/environment';
import { trackPageErrors } from './support/harness';

/** Defect 14 (e, f): the guest's pay button and share button at 360 px, in German. */
const e2e = useE2E({ seeded: false });
let hotel: FactoryBusiness;

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true };

beforeAll(async () => {
  hotel = await createBusiness(e2e.server.deps.database.db, {
    name: 'Hotel Seeblick',
    employees: [{ fullName: 'Anna Schneider', jobTitle: 'Rezeptionistin' }],
    points: ['person'],
  });
});

/** How far the button's text reaches past the button's own box, in pixels, on any side. */
async function textOverflow(page: Page, name: string): Promise<number> {
  const button = page.getByRole('button', { name });
  await button.waitFor();
  return button.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return Math.max(
      0,
      box.left - text.left,
      text.right - box.right,
      box.top - text.top,
      text.bottom - box.bottom,
    );
  });
}

async function toPayment(page: Page) {
  await page.goto(`/t/${hotel.points[0]!.uid}`);
  await page.getByRole('button', { name: '10 €', exact: true }).click();
  await page.getByRole('button', { name: 'Weiter zur Zahlung · 10,00 €' }).click();
  await page.getByRole('heading', { name: 'Zahlungsmethode' }).waitFor();
}

describe('the pay button while the payment starts (defect 14e)', () => {
  it('keeps ‘Zahlung wird vorbereitet...’ inside the button at 360 px', async () => {
    const context = await e2e.context(PHONE);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    // The payment start is held, so the button shows its waiting text as long as the test looks.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/guest/tips', async (route) => {
      await released;
      await route.continue();
    });
    await toPayment(page);
    await page.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
    expect(await textOverflow(page, 'Zahlung wird vorbereitet...')).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    release();
    await page.waitForURL('**/checkout/demo/**');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('recommending Trinkgeld on /thank-you (defect 14f)', () => {
  it('copies the link, says so in a toast, and does not call the product an app', async () => {
    const context = await e2e.context(PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: e2e.server.url,
    });
    // No share sheet, as in most desktop browsers: the link goes to the clipboard.
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined });
    });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await toPayment(page);
    await page.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
    await page.waitForURL('**/checkout/demo/**');
    await page.getByRole('button', { name: 'Bezahlen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Möchtest du noch etwas sagen?' });
    await dialog.getByRole('button', { name: 'Überspringen' }).click();
    await page.waitForURL('**/thank-you?tipId=**');

    expect(await page.getByRole('button', { name: /App/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Trinkgeld weiterempfehlen' }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: 'Link in die Zwischenablage kopiert!' })
      .waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(e2e.server.url);
    expect(alerts).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
