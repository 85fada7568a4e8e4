import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createBusiness } from '../support/factories';
import { openSignedIn } from './support/auth';
import { useE2E } from './support/environment';
import { horizontalOverflow, seriousAxeViolations } from './support/page-checks';

const e2e = useE2E({ seeded: false });

/**
 * Staff and owner items 10–13, 16–18: at 360/390 px and 1280 px, with a clean console
 * and no serious axe findings. Every test makes its own business.
 */
const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

const db = () => e2e.server.deps.database.db;

async function openPage(width: number, height = 800): Promise<{ page: Page; problems: string[] }> {
  const context = await e2e.context({
    viewport: { width, height },
    ...(width < 640 ? { isMobile: true } : {}),
  });
  contexts.push(context);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()} (${page.url()})`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { page, problems };
}

async function checkPage(page: Page, problems: string[]) {
  expect(await horizontalOverflow(page)).toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
}

describe('employee dashboard (items 10, 11, 13)', () => {
  it.each([360, 1280])(
    'at %i px: the primary QR code with the other points under it, 14 bars, the way back',
    async (width) => {
      const business = await createBusiness(db(), { employees: 1, points: ['person', 'person'] });
      const [first, second] = business.points;
      const anna = business.employees[0]!;
      const { page, problems } = await openPage(width);
      await openSignedIn(page, e2e.server, anna.email);
      await page.waitForURL('**/employee/dashboard');
      // The page at its full height: the day's tips, then the thank-you panel below them.
      await page.getByTestId('today-total').waitFor();
      await page.getByRole('heading', { name: 'Dankesnachrichten' }).first().waitFor();

      // Item 13: the sign-in toast leaves room: the page can scroll its end above the toast.
      const toast = page.getByTestId('toast').first();
      if (await toast.isVisible()) {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const toastTop = (await toast.boundingBox())!.y;
        const contentBottom = await page.evaluate(
          () => document.querySelector('main')!.getBoundingClientRect().bottom,
        );
        expect(contentBottom).toBeLessThanOrEqual(toastTop + 1);
        await page.keyboard.press('Escape');
        await expect.poll(() => page.getByTestId('toast').count()).toBe(0);
      }

      // Item 10: the first point is 'Mein QR-Code'; the second is listed under it.
      await page.getByRole('tab', { name: 'QR-Code' }).click();
      await expect.poll(() => page.getByTestId('qr-uid').textContent()).toBe(first!.uid);
      expect(await page.getByTestId('qr-others').textContent()).toContain(second!.uid);

      // Item 13: 'Letzte 2 Wochen' (the default) has 14 bars.
      await page.getByRole('tab', { name: 'Statistiken' }).click();
      const chart = page.getByRole('img', { name: /Tage, insgesamt/ });
      await chart.waitFor();
      expect(await chart.locator('rect').count()).toBe(14);
      await checkPage(page, problems);

      // Item 11: an employee has no link to the console.
      expect(await page.getByRole('link', { name: 'Zur Admin-Konsole' }).count()).toBe(0);
    },
  );

  it.each([360, 1280])(
    'at %i px: an owner on the employee view gets back to the console; the menu opens at its button',
    async (width) => {
      const business = await createBusiness(db(), { employees: 1 });
      const { page, problems } = await openPage(width);
      await openSignedIn(page, e2e.server, business.owner.email, '/employee/dashboard');
      if (width < 640) {
        const button = page.getByRole('button', { name: 'Menü' });
        await button.click();
        const menu = page.getByRole('menu');
        await menu.waitFor();
        const buttonBox = (await button.boundingBox())!;
        const menuBox = (await menu.boundingBox())!;
        // Anchored: right below the button, its right edge at the button's right edge.
        expect(Math.abs(menuBox.y - (buttonBox.y + buttonBox.height))).toBeLessThanOrEqual(8);
        expect(Math.abs(menuBox.x + menuBox.width - (buttonBox.x + buttonBox.width))).toBeLessThan(
          9,
        );
        await page.getByRole('menuitem', { name: 'Zur Admin-Konsole' }).click();
      } else {
        await page.getByRole('link', { name: 'Zur Admin-Konsole' }).click();
      }
      await page.waitForURL('**/admin/dashboard');
      expect(problems).toEqual([]);
    },
  );
});

describe('owner screens (items 16, 17, 18)', () => {
  it('at 390 px: users as cards with their actions on screen; Escape closes the menu', async () => {
    const business = await createBusiness(db(), { employees: 2 });
    const { page, problems } = await openPage(390);
    await openSignedIn(page, e2e.server, business.owner.email, '/admin/users');
    const card = page.getByTestId(`user-card-${business.employees[0]!.email}`);
    await card.waitFor();
    const actions = card.getByRole('button', { name: /Aktionen/ });
    const box = (await actions.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.getByTestId('users-table').isVisible()).toBe(false);
    await checkPage(page, problems);

    // Item 17: Escape closes the phone admin menu, with the focus on its button.
    const menuButton = page.getByRole('button', { name: 'Menü' });
    await menuButton.click();
    await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('false');
  });

  it('at 1280 px: Dienstplan in the navigation, the payout weekday, a wrong uid, the CSV', async () => {
    const business = await createBusiness(db(), { employees: 1 });
    const { page, problems } = await openPage(1280);
    await openSignedIn(page, e2e.server, business.owner.email);

    // Item 18: 'Dienstplan' is in the navigation.
    await page.goto('/admin/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Dienstplan' }).click();
    await page.waitForURL('**/admin/shifts');

    // Item 18: the payout schedule says when it runs.
    await page.goto('/admin/payouts');
    const text = page.getByTestId('payout-schedule-text');
    await text.waitFor();
    expect(await text.textContent()).toMatch(/Täglich|Wöchentlich/);
    await checkPage(page, problems);

    // Item 17: a custom uid with a space says what is wrong.
    await page.goto('/admin/uid-management');
    await page.getByRole('button', { name: 'Neuer Bezahlpunkt' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).first().fill('Tisch 4');
    await dialog.getByRole('combobox', { name: /^Typ/ }).selectOption('object');
    await dialog.getByLabel('Eigene UID (optional)').fill('tisch 4');
    await dialog.getByRole('button', { name: 'Bezahlpunkt erstellen' }).click();
    const toast = page.getByTestId('toast').first();
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Die UID muss 3 bis 80 Zeichen lang sein');
    expect(await toast.textContent()).not.toContain('Bitte füllen Sie alle Pflichtfelder aus.');
    await page.keyboard.press('Escape');

    // Item 17: after a refused reversed period the CSV export is off.
    await page.goto('/admin/reports');
    await page.getByTestId('report').waitFor();
    expect(await page.getByRole('link', { name: 'CSV exportieren' }).count()).toBe(1);
    await page.getByLabel(/^Von/).fill('2026-03-20');
    await page.getByLabel(/^Bis/).fill('2026-03-10');
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    expect(await page.getByRole('link', { name: 'CSV exportieren' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'CSV exportieren' }).isDisabled()).toBe(true);
    expect(problems).toEqual([]);
  });
});
