import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentEntrypoints } from '../../src/server/db/schema';
import { createBusiness, createTip, FACTORY_PASSWORD } from '../support/factories';
import { openSignedIn, signInInBrowser } from './support/auth';
import { horizontalOverflow, recordToasts } from './support/page-checks';
import { useE2E } from './support/environment';
import { consoleProblems } from './support/console';

const e2e = useE2E({ seeded: false });

/**
 * The staff screens on a phone (360 and 390 px), the guest's feedback, 'Heute' after
 * midnight, wording, a clean console and the error screens. Every test makes its own business.
 */
const contexts: BrowserContext[] = [];

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

const db = () => e2e.server.deps.database.db;

/** YYYY-MM-DD of a moment in Berlin. */
const berlinDate = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(at);

/** The UTC offset Berlin has at a moment, as "+01:00". */
const berlinOffset = (at: Date) =>
  new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', timeZoneName: 'longOffset' })
    .format(at)
    .match(/GMT([+-]\d{2}:\d{2})/)![1]!;

/**
 * A moment a minute before `now`, but never before midnight of `now`'s Berlin day: a tip made
 * then belongs to that day's 'Heute' even when the test runs just after midnight.
 */
const earlierToday = (now: Date) =>
  new Date(
    Math.max(
      now.getTime() - 60_000,
      new Date(`${berlinDate(now)}T00:00:00${berlinOffset(now)}`).getTime(),
    ),
  );

async function openPage(width = 1280, height = 800): Promise<Page> {
  const context = await e2e.context({
    viewport: { width, height },
    ...(width < 640 ? { isMobile: true } : {}),
  });
  contexts.push(context);
  return context.newPage();
}

/** Pairs of visible header elements whose boxes overlap (leaf elements and controls only). */
async function headerOverlaps(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((headerSelector) => {
    const header = document.querySelector(headerSelector);
    if (!header) return ['no header'];
    const boxes = Array.from(
      header.querySelectorAll<HTMLElement>(
        'h1, p, img, button, a, [data-testid="avatar-initials"]',
      ),
    )
      .filter((element) => {
        const style = getComputedStyle(element);
        const rect = element.getBoundingClientRect();
        return style.visibility !== 'hidden' && rect.width > 0 && rect.height > 0;
      })
      .filter(
        (element) => element.textContent?.trim() !== '' || element.matches('img, [data-testid]'),
      );
    const found: string[] = [];
    for (let i = 0; i < boxes.length; i += 1) {
      for (let j = i + 1; j < boxes.length; j += 1) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.contains(b) || b.contains(a)) continue;
        const ra = a.getBoundingClientRect();
        const rb = b.getBoundingClientRect();
        const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (x > 1 && y > 1) found.push(`${a.textContent?.trim()} × ${b.textContent?.trim()}`);
      }
    }
    return found;
  }, selector);
}

/** Whether an element lies fully inside the viewport horizontally. */
async function inViewport(page: Page, name: string): Promise<boolean> {
  const box = await page.getByRole('tab', { name, exact: true }).boundingBox();
  const width = page.viewportSize()!.width;
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

const TABS = ['Heute', 'Nachrichten', 'Historie', 'Statistiken', 'Team', 'QR-Code'];

describe.each([360, 390])('employee dashboard at %i px', (width) => {
  it('keeps the header compact, never scrolls sideways and reaches every tab by touch and keyboard', async () => {
    const hotel = await createBusiness(db(), { employees: 1, points: ['person'] });
    const page = await openPage(width, 780);
    const problems = consoleProblems(page);
    await openSignedIn(page, e2e.server, hotel.employees[0]!.email);
    await page.getByRole('heading', { name: /^Willkommen, / }).waitFor();
    await page.getByTestId('today-total').waitFor();

    const header = page.getByTestId('dashboard-header');
    expect(await headerOverlaps(page, '[data-testid="dashboard-header"]')).toEqual([]);
    // One compact row: the actions sit in 'Menü', not on a line of their own.
    const menu = header.getByRole('button', { name: 'Menü' });
    const heading = await header.getByRole('heading').boundingBox();
    const menuBox = await menu.boundingBox();
    expect(menuBox!.y).toBeLessThan(heading!.y + heading!.height);
    expect(await horizontalOverflow(page)).toBe(0);

    // Touch: every tab is visible and opens its panel.
    for (const name of TABS) {
      expect(await inViewport(page, name)).toBe(true);
      await page.getByRole('tab', { name, exact: true }).tap();
      expect(await page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected')).toBe(
        'true',
      );
      expect(await horizontalOverflow(page)).toBe(0);
    }
    // Keyboard: arrows walk the tabs, the focused one stays in view.
    await page.getByRole('tab', { name: 'Heute', exact: true }).click();
    for (const name of TABS.slice(1)) {
      await page.keyboard.press('ArrowRight');
      const focused = await page.evaluate(() => document.activeElement?.textContent);
      expect(focused).toBe(name);
      expect(await inViewport(page, name)).toBe(true);
    }

    // The menu holds 'Einstellungen' and 'Abmelden'.
    await menu.click();
    await page.getByRole('menuitem', { name: 'Einstellungen' }).waitFor();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await page.waitForURL('**/employee/login');
    expect(problems).toEqual([]);

    // An unknown path answers 404 with the app's not-found page; the browser logs that
    // status for the document, and nothing else.
    const missing = await page.goto('/gibt-es-nicht');
    expect(missing?.status()).toBe(404);
    await page.locator('main').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.title()).toContain('Seite nicht gefunden');
    expect(problems).toEqual([
      expect.stringMatching(/^error: Failed to load resource: .*404.*\/gibt-es-nicht\)$/),
    ]);
  });
});

describe.each([360, 390])('admin shell at %i px', (width) => {
  it('shows every admin page without header overlap or sideways scrolling', async () => {
    const hotel = await createBusiness(db(), { employees: 2, points: ['person'] });
    const page = await openPage(width, 780);
    const problems = consoleProblems(page);
    await openSignedIn(page, e2e.server, hotel.owner.email);
    await page.waitForURL('**/admin/dashboard');
    for (const path of [
      '/admin/dashboard',
      '/admin/uid-management',
      '/admin/qr-codes',
      '/admin/qr-code-view',
      '/admin/aio-settings',
      '/admin/branding',
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await headerOverlaps(page, 'header'), path).toEqual([]);
      expect(await horizontalOverflow(page), path).toBe(0);
    }
    // Every page is reachable from the menu by keyboard.
    const menu = page.getByRole('button', { name: 'Menü' });
    await menu.focus();
    await page.keyboard.press('Enter');
    const links = page
      .getByRole('navigation', { name: 'Admin-Navigation' })
      .last()
      .getByRole('link');
    expect(await links.count()).toBeGreaterThanOrEqual(6);
    expect(problems).toEqual([]);
  });
});

describe("guest feedback in 'Heute' and 'Nachrichten'", () => {
  it('shows an emoji on its own and with a message', async () => {
    const hotel = await createBusiness(db(), { employees: 1 });
    const employee = hotel.employees[0]!;
    const now = new Date();
    const at = earlierToday(now);
    await createTip(db(), {
      businessId: hotel.id,
      employeeId: employee.id,
      amountCents: 700,
      feedbackEmoji: 'clap',
      createdAt: at,
    });
    await createTip(db(), {
      businessId: hotel.id,
      employeeId: employee.id,
      amountCents: 900,
      feedbackEmoji: 'pray',
      feedbackMessage: 'Danke für den Tipp mit dem Wein',
      createdAt: at,
    });
    const page = await openPage(390, 844);
    const problems = consoleProblems(page);
    // The browser's day is the tips' day, even if the real one ends while the test runs.
    await page.clock.setFixedTime(now);
    await openSignedIn(page, e2e.server, employee.email);

    const todayList = page.getByTestId('today-tip');
    await todayList.first().waitFor();
    await page.getByRole('img', { name: 'Rückmeldung des Gastes: Applaus' }).first().waitFor();
    const todayTexts = await todayList.allTextContents();
    expect(todayTexts.some((text) => text.includes('👏'))).toBe(true);
    expect(todayTexts.some((text) => text.includes('🙏 „Danke für den Tipp mit dem Wein“'))).toBe(
      true,
    );

    await page.getByRole('tab', { name: 'Nachrichten', exact: true }).tap();
    const messages = page.getByTestId('thank-you-item');
    await expect.poll(() => messages.count()).toBe(2);
    const texts = await messages.allTextContents();
    expect(texts.some((text) => text.includes('👏') && text.includes('7,00'))).toBe(true);
    const history = page.getByTestId('tip-row');
    await expect.poll(() => history.count()).toBe(2);
    expect(problems).toEqual([]);
  });
});

describe("'Heute' at midnight", () => {
  it('rolls over to the new Berlin day by itself', async () => {
    const hotel = await createBusiness(db(), { employees: 1 });
    const employee = hotel.employees[0]!;
    const now = new Date();
    await createTip(db(), {
      businessId: hotel.id,
      employeeId: employee.id,
      amountCents: 1200,
      createdAt: earlierToday(now),
    });
    const page = await openPage(390, 844);
    const problems = consoleProblems(page);
    // The browser's clock: 23:59:30 Berlin on the day of the tip (the server keeps real time).
    const today = berlinDate(now);
    const offset = berlinOffset(now);
    await page.clock.install({ time: new Date(`${today}T23:59:30${offset}`) });
    await openSignedIn(page, e2e.server, employee.email);
    await page.getByTestId('today-tip').first().waitFor();
    expect(await page.getByTestId('today-total').textContent()).toContain('12,00');
    await page.clock.pauseAt(new Date(`${today}T23:59:50${offset}`));

    // Midnight passes with the page open: 'Heute' starts again without a reload.
    await page.clock.runFor(15_000);
    // The new day's request runs on timers of its own (the API call's time limit): let time flow.
    await page.clock.resume();
    await page.getByText('Heute noch keine Trinkgelder.').waitFor();
    expect(await page.getByTestId('today-total').textContent()).toContain('0,00');
    expect(problems).toEqual([]);
  });
});

describe('shared phone', () => {
  it('leaves no staff data in the app after sign-out on a shared phone', async () => {
    const hotel = await createBusiness(db(), { employees: 2 });
    const [first, second] = hotel.employees;
    const now = new Date();
    await createTip(db(), {
      businessId: hotel.id,
      employeeId: first!.id,
      amountCents: 4321,
      createdAt: earlierToday(now),
    });
    const page = await openPage(390, 844);
    await page.clock.setFixedTime(now);
    await openSignedIn(page, e2e.server, first!.email);
    await page.getByTestId('today-tip').first().waitFor();
    expect(await page.getByTestId('today-total').textContent()).toContain('43,21');
    await page.getByRole('button', { name: 'Menü' }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await page.waitForURL('**/employee/login');

    // The next person's figures are held back: nothing of the first person may show meanwhile.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/employee/today?**', async (route) => {
      await held;
      await route.continue();
    });
    await signInInBrowser(page, second!.email, FACTORY_PASSWORD);
    await page.getByRole('heading', { name: `Willkommen, ${second!.fullName}!` }).waitFor();
    expect(await page.getByTestId('today-total').count()).toBe(0);
    expect(await page.getByText('43,21').count()).toBe(0);
    release();
    await page.getByText('Heute noch keine Trinkgelder.').waitFor();
    expect(await page.getByText('43,21').count()).toBe(0);
  });
});

describe('wording', () => {
  it("greets a first sign-in with 'Willkommen bei Trinkgeld!' and a later one with 'Willkommen zurück!'", async () => {
    const hotel = await createBusiness(db(), { employees: 1 });
    const email = hotel.employees[0]!.email;
    const first = await openPage();
    const firstToasts = await recordToasts(first);
    await signInInBrowser(first, email, FACTORY_PASSWORD);
    await expect
      .poll(async () => (await firstToasts()).join('\n'))
      .toContain('Willkommen bei Trinkgeld!');

    const later = await openPage();
    const laterToasts = await recordToasts(later);
    await signInInBrowser(later, email, FACTORY_PASSWORD);
    await expect.poll(async () => (await laterToasts()).join('\n')).toContain('Willkommen zurück!');
    expect((await laterToasts()).join('\n')).not.toContain('Willkommen bei Trinkgeld!');
  });
  // The SVG download's confirmation is checked in the component tier (QrTab.test.tsx;
  // decision 0590); employee-dashboard.test.ts downloads both files in the browser.
});

describe('console', () => {
  it('stays clean on every public page, the guest pages and the staff screens', async () => {
    const hotel = await createBusiness(db(), { employees: 1, points: ['person'] });
    // The showcase (and the landing page's demo section) lists only the product's demo points:
    // make the person point one, so those pages draw an entry with its QR code, not an empty list.
    const demoPoint = { uid: `aio-${hotel.points[0]!.uid}`, label: hotel.points[0]!.label };
    await db()
      .update(paymentEntrypoints)
      .set({ uid: demoPoint.uid, metadata: { name: demoPoint.label, demo: true } })
      .where(eq(paymentEntrypoints.id, hotel.points[0]!.id));
    const page = await openPage();
    const problems = consoleProblems(page);
    const visits: [string, string][] = [
      ['/', 'main'],
      ['/security', 'main'],
      ['/styleguide', 'main'],
      ['/demo-showcase', 'main'],
      ['/developer-handover', 'main'],
      ['/prototype-demo', 'main'],
      [`/t/${demoPoint.uid}`, 'main'],
      ['/qr-error', 'main'],
      ['/error/invalid-uid', 'main'],
      ['/employee/login', 'form'],
    ];
    for (const [path, selector] of visits) {
      await page.goto(path);
      await page.locator(selector).first().waitFor();
      if (path === '/demo-showcase') {
        await page.getByRole('heading', { name: demoPoint.label, level: 3 }).waitFor();
      }
      await page.waitForLoadState('networkidle');
    }
    await signInInBrowser(page, hotel.employees[0]!.email, FACTORY_PASSWORD);
    for (const name of TABS) {
      await page.getByRole('tab', { name, exact: true }).click();
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
  });
});

describe('error screens', () => {
  it("staff app: a chunk that fails to load shows 'Erneut versuchen', which recovers", async () => {
    const page = await openPage(390, 844);
    await page.route('**/assets/LoginPage-*.js', (route) => route.abort());
    await page.goto('/employee/login');
    const screen = page.getByTestId('error-screen');
    await screen.getByRole('heading', { name: 'Etwas ist schiefgelaufen' }).waitFor();
    expect(await screen.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe(
      '/',
    );
    await page.unroute('**/assets/LoginPage-*.js');
    await screen.getByRole('button', { name: 'Erneut versuchen' }).click();
    await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
  });

  it('staff app: a render error shows the error screen instead of a white page', async () => {
    const hotel = await createBusiness(db(), { employees: 1 });
    const page = await openPage(390, 844);
    // A broken answer makes the 'Heute' card throw while rendering.
    await page.route('**/api/employee/today?**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"paid":null}' }),
    );
    await openSignedIn(page, e2e.server, hotel.employees[0]!.email);
    await page.getByTestId('error-screen').getByText('Etwas ist schiefgelaufen').waitFor();
    await page.getByRole('button', { name: 'Erneut versuchen' }).waitFor();
  });

  it('guest app: a chunk that fails to load shows the error screen, which recovers', async () => {
    const page = await openPage(390, 844);
    await page.route('**/assets/ThankYouPage-*.js', (route) => route.abort());
    // With a reference: /thank-you without one sends the guest to /.
    await page.goto(`/thank-you?tipId=${randomUUID()}`);
    const screen = page.getByTestId('error-screen');
    await screen.getByRole('heading', { name: 'Etwas ist schiefgelaufen' }).waitFor();
    await screen.getByRole('link', { name: 'Zur Startseite' }).waitFor();
    await page.unroute('**/assets/ThankYouPage-*.js');
    await screen.getByRole('button', { name: 'Erneut versuchen' }).click();
    await page.locator('main').first().waitFor();
    expect(await page.getByTestId('error-screen').count()).toBe(0);
  });
});
