import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { profiles } from '../../src/server/db/schema';
import { createBusiness, createTip, type FactoryBusiness } from '../support/factories';
import { openSignedIn } from './support/auth';
import { useE2E } from './support/environment';
import { screenshot } from './support/harness';
import { horizontalOverflow, seriousAxeViolations } from './support/page-checks';
import { consoleProblems } from './support/console';

/**
 * At 360 px and 1280 px: the branding preview is the guest tip page
 * (its components, a real person of this business, the unsaved branding, the tonality's words),
 * and the pool confirms, undoes, pages with 'Mehr laden' and follows the audit log on phones.
 */
const e2e = useE2E({ seeded: false });

const VIEWPORTS = [
  { name: '360', options: { viewport: { width: 360, height: 740 }, isMobile: true } },
  { name: '1280', options: { viewport: { width: 1280, height: 900 } } },
] as const;

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});

async function contextFor(options: (typeof VIEWPORTS)[number]['options']) {
  const context = await e2e.context(options);
  contexts.push(context);
  return context;
}

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

async function brandedBusinesses(tag: string) {
  const db = e2e.server.deps.database.db;
  const hotel = await createBusiness(db, {
    name: `Hotel Lindenhof ${tag}`,
    employees: [{ fullName: `Lena Vogt ${tag}`, jobTitle: 'Rezeptionistin' }],
    points: ['person'],
  });
  await db
    .update(profiles)
    .set({ thankYouMessage: 'Danke, bis bald in der Lobby!' })
    .where(eq(profiles.id, hotel.employees[0]!.id));
  const other = await createBusiness(db, {
    name: `Café Fremd ${tag}`,
    employees: [{ fullName: `Bruno Fremd ${tag}` }],
    points: ['person'],
  });
  return { hotel, other };
}

/** The computed look of the '5 €' preset in a part of the page. */
const presetLook = (page: Page, scope: string) =>
  page
    .locator(scope)
    .getByRole('button', { name: '5 €', exact: true })
    .first()
    .evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, color: style.color, border: style.borderColor };
    });

describe.each(VIEWPORTS)('branding preview and pool at $name px', ({ name, options }) => {
  it('previews the guest tip page itself, with a person of this business and the tonality', async () => {
    const { hotel, other } = await brandedBusinesses(name);
    const context = await contextFor(options);
    const page = await context.newPage();
    const consoleMessages = consoleProblems(page);
    await openSignedIn(page, e2e.server, hotel.owner.email, '/admin/branding');
    await page.getByRole('heading', { name: 'Branding Verwaltung' }).waitFor();
    const preview = page.getByTestId('branding-preview');
    await preview.getByText(`Lena Vogt ${name}`).waitFor();
    await preview.getByText('Rezeptionistin', { exact: true }).waitFor();
    await preview.getByText('„Danke, bis bald in der Lobby!“').waitFor();
    // The friendly default greets as the guest page does; nobody of another business appears.
    await preview.getByText('Schön, dass Sie da waren!').waitFor();
    expect(await preview.textContent()).not.toContain('Bruno Fremd');

    // The preset buttons look exactly as on the guest page (not in the secondary colour).
    const guest = await context.newPage();
    const guestConsole = consoleProblems(guest);
    await guest.goto(`/t/${hotel.points[0]!.uid}`);
    await guest.getByRole('heading', { name: 'Trinkgeld geben' }).waitFor();
    await guest.getByText('Schön, dass Sie da waren!').waitFor();
    expect(await presetLook(page, '[data-testid="branding-preview"]')).toEqual(
      await presetLook(guest, 'main'),
    );

    // Unsaved changes show at once: the formal tonality's words and a new primary colour.
    await page.getByRole('tab', { name: 'Text' }).click();
    await page.getByLabel('Förmlich').check();
    await preview.getByText('Wir danken Ihnen für Ihren Besuch.').waitFor();
    expect(await preview.textContent()).not.toContain('Schön, dass Sie da waren!');
    await page.getByRole('tab', { name: 'Farben' }).click();
    await page.getByRole('textbox', { name: 'Primärfarbe', exact: true }).fill('#1B4332');
    await expect
      .poll(() =>
        preview
          .locator('div[style*="background-color"]')
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundColor),
      )
      .toBe('rgb(27, 67, 50)');
    expect(await horizontalOverflow(page)).toBe(0);
    await settled(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, `branding-preview-${name}`);

    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByTestId('toast').getByText('Branding gespeichert').waitFor();

    // Guests now read the formal words (the other languages: render-tonality.test.tsx).
    await guest.reload();
    await guest.getByText('Wir danken Ihnen für Ihren Besuch.').waitFor();
    await guest.getByText('„Danke, bis bald in der Lobby!“').waitFor();
    await settled(guest);
    expect(await horizontalOverflow(guest)).toBe(0);
    expect(await seriousAxeViolations(guest)).toEqual([]);
    // The other business keeps its friendly default.
    await guest.goto(`/t/${other.points[0]!.uid}`);
    await guest.getByText('Schön, dass Sie da waren!').waitFor();
    expect(consoleMessages).toEqual([]);
    expect(guestConsole).toEqual([]);
  });

  it('pages the pool, confirms and undoes an assignment, after the audit log on a phone', async () => {
    const db = e2e.server.deps.database.db;
    const bar: FactoryBusiness = await createBusiness(db, {
      name: `Bar Pool ${name}`,
      employees: [{ fullName: `Mia Sommer ${name}` }],
      points: ['object'],
    });
    const start = Date.now() - 25 * 60_000;
    for (let i = 0; i < 25; i += 1) {
      await createTip(db, {
        businessId: bar.id,
        entrypoint: bar.points[0]!,
        amountCents: 100 * (i + 1),
        createdAt: new Date(start + i * 60_000),
        guestMessage: i === 24 ? 'Für den ganzen Tisch' : null,
      });
    }
    const context = await contextFor(options);
    const page = await context.newPage();
    const consoleMessages = consoleProblems(page);
    await openSignedIn(page, e2e.server, bar.owner.email, '/admin/dashboard');
    const card = page.getByTestId('pool-card');
    await card.getByTestId('pool-total').getByText('25 Trinkgelder, zusammen 325,00 €').waitFor();
    await expect.poll(() => card.getByTestId('pool-tip').count()).toBe(10);

    // On a phone the audit log comes first, on a wide screen the pool.
    const auditTop = (await page.getByTestId('audit-log-scroll').boundingBox())!.y;
    const poolTop = (await card.boundingBox())!.y;
    if (name === '360') expect(poolTop).toBeGreaterThan(auditTop);
    else expect(poolTop).toBeLessThan(auditTop);

    // 'Mehr laden' pages through every tip, then goes.
    await card.getByRole('button', { name: 'Mehr laden (15 weitere)' }).click();
    await expect.poll(() => card.getByTestId('pool-tip').count()).toBe(20);
    await card.getByRole('button', { name: 'Mehr laden (5 weitere)' }).click();
    await expect.poll(() => card.getByTestId('pool-tip').count()).toBe(25);
    expect(await card.getByRole('button', { name: /^Mehr laden/ }).count()).toBe(0);

    // Assigning asks first; 'Abbrechen' changes nothing.
    const newest = card.getByTestId('pool-tip').first();
    await newest.getByText('„Für den ganzen Tisch“').waitFor();
    await newest.getByLabel('Zuweisen an').selectOption({ label: `Mia Sommer ${name}` });
    await newest.getByRole('button', { name: 'Zuweisen' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Trinkgeld zuweisen?' });
    await dialog.getByText(/25,00\s€ \(Tisch 1\) gehen an Mia Sommer/).waitFor();
    await settled(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText('25 Trinkgelder, zusammen 325,00 €').waitFor();

    await newest.getByRole('button', { name: 'Zuweisen' }).click();
    await dialog.getByRole('button', { name: 'Zuweisen' }).click();
    await card.getByText('24 Trinkgelder, zusammen 300,00 €').waitFor();
    const assigned = card.getByTestId('pool-assigned');
    await assigned.getByText(`25,00 € · Tisch 1 → Mia Sommer ${name}`).waitFor();

    // Until the payout it can be taken back: the tip is in the pool again.
    await assigned
      .getByRole('button', {
        name: `Zuweisung von 25,00 € an Mia Sommer ${name} rückgängig machen`,
      })
      .click();
    await card.getByText('25 Trinkgelder, zusammen 325,00 €').waitFor();
    await assigned.waitFor({ state: 'detached' });
    await page
      .getByTestId('toast')
      .getByText(/Zuweisung rückgängig gemacht/)
      .waitFor();

    expect(await horizontalOverflow(page)).toBe(0);
    await settled(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, `pool-${name}`);
    expect(consoleMessages).toEqual([]);
  });
});
