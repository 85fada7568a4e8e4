import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compressedSizes,
  GUEST_JS_BUDGET_BYTES,
  measureGuestBundle,
} from '../../bench/guest-bundle';
import { DEFAULT_WEB_DIR } from '../support/app';
import { tips } from '../../src/server/db/schema';
import { ManualClock } from '../../src/server/lib/clock';
import { createBusiness } from '../support/factories';
import { screenshot, trackPageErrors } from './support/harness';
import { useE2E } from './support/environment';

const e2e = useE2E({ seeded: false, clock: new ManualClock(new Date()) });

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

let context: BrowserContext;
/** The codes a guest scans: Anna's, Ben's, David's and the restaurant team's. */
const uid = { anna: '', ben: '', david: '', team: '' };

beforeAll(async () => {
  const hotel = await createBusiness(e2e.server.deps.database.db, {
    name: 'Hotel Seeblick',
    employees: [
      { fullName: 'Anna Schneider', jobTitle: 'Rezeptionistin' },
      { fullName: 'Ben Müller', jobTitle: 'Kellner' },
      { fullName: 'Clara Fischer', jobTitle: 'Barkeeperin' },
      { fullName: 'David Wagner', jobTitle: 'Concierge' },
    ],
    teams: [{ name: 'Restaurant-Service', members: [1, 2] }],
    // Person points go to the employees in order: Anna, Ben, Clara, David; then the team's.
    points: ['person', 'person', 'person', 'person', 'team'],
  });
  const [anna, ben, , david, team] = hotel.points;
  Object.assign(uid, { anna: anna!.uid, ben: ben!.uid, david: david!.uid, team: team!.uid });
  context = await e2e.context({
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
});
afterAll(async () => {
  await context?.close();
});

const text = (value: string | null) => (value ?? '').replace(/\u00a0/g, ' ').trim();

async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP (script-src 'self') allows.
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (o: unknown) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
      }
    ).axe;
    return axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
  });
  return result.violations.map((violation) => `${violation.id} (${violation.nodes.length})`);
}

describe('a guest tips through a tip code', () => {
  it('scans, picks 10 €, adds the contribution and a message, pays, reacts and gets a receipt', async () => {
    const page = await context.newPage();
    const errors = trackPageErrors(page);

    await page.goto(`/t/${uid.anna}`);
    await page.getByRole('heading', { name: 'Anna Schneider' }).waitFor();
    await page.getByText('Rezeptionistin').waitFor();
    await page.getByRole('heading', { name: 'Trinkgeld geben' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'guest-amount');

    await page.getByRole('button', { name: '10 €' }).click();
    await page.getByRole('button', { name: 'Weiter zur Zahlung · 10,00 €' }).click();
    await page.getByRole('heading', { name: 'Zahlungsmethode' }).waitFor();
    // No wallet in this browser, so only the card button.
    expect(await page.getByRole('button', { name: 'Apple Pay' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Google Pay' }).count()).toBe(0);

    await page.getByLabel(/Plattformkosten von 0,45/).check();
    await page.getByText('Danke für Ihre Unterstützung!').waitFor();
    const summary = text(await page.locator('dl').first().textContent());
    expect(summary).toContain('Trinkgeld10,00 €');
    expect(summary).toContain('Servicebeitrag0,45 €');
    expect(summary).toContain('Gesamt10,45 €');
    const message = page.getByLabel('Persönliche Nachricht (optional)');
    await message.fill('Danke für den wunderbaren Aufenthalt!');
    await page.getByText('37/200').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'guest-payment');

    const pay = page.getByRole('button', { name: 'Mit Karte bezahlen' });
    await pay.click();
    await page.getByText('Zahlung läuft - Bitte warten Sie...').waitFor();
    // A second tap while the first payment starts (the button only looks disabled).
    await page.getByRole('button', { name: 'Zahlung wird vorbereitet...' }).click({ force: true });
    await page.getByText('Zahlung läuft bereits').waitFor();

    await page.waitForURL('**/checkout/demo/**');
    await page.getByText('Trinkgeld für Anna Schneider').waitFor();
    expect(text(await page.locator('dl').textContent())).toContain('10,45 €');
    await screenshot(page, 'guest-demo-checkout');
    await page.getByRole('button', { name: 'Bezahlen' }).click();

    await page.waitForURL(`**/t/${uid.anna}**`);
    await page.getByRole('heading', { name: 'Vielen Dank für Ihre Wertschätzung!' }).waitFor();
    await page.getByText('wurde erfolgreich an Anna Schneider übermittelt').waitFor();
    await page.getByText('„Danke für den wunderbaren Aufenthalt!“').waitFor();
    const dialog = page.getByRole('dialog', { name: 'Möchtest du noch etwas sagen?' });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: 'Lächeln' }).isChecked()).toBe(true);
    await dialog.getByText('👏').click();
    expect(await dialog.getByRole('radio', { name: 'Applaus' }).isChecked()).toBe(true);
    await screenshot(page, 'guest-feedback');
    await dialog.getByRole('button', { name: 'Fertig' }).click();

    await page.waitForURL('**/thank-you?tipId=**');
    await page.getByRole('heading', { name: 'Vielen Dank!' }).waitFor();
    expect(text(await page.getByTestId('thank-you-amount').textContent())).toBe('10,45 €');
    const tipId = new URL(page.url()).searchParams.get('tipId')!;
    await page.getByText(tipId.slice(0, 8)).waitFor();
    await page.getByText('Transaktions-ID').waitFor();
    await page.getByRole('button', { name: 'Trinkgeld weiterempfehlen' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'guest-thank-you');

    const rows = await e2e.server.deps.database.db
      .select()
      .from(tips)
      .where(and(eq(tips.guestMessage, 'Danke für den wunderbaren Aufenthalt!')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: tipId,
      amountCents: 1000,
      platformFeeCents: 45,
      platformFeeCovered: true,
      status: 'pending',
      feedbackEmoji: 'clap',
      feedbackMessage: null,
      paymentMethod: 'stripe',
      entrypointUid: uid.anna,
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens with ?amount=7.5 straight on the payment step', async () => {
    const page = await context.newPage();
    await page.goto(`/t/${uid.ben}?amount=7.5`);
    await page.getByRole('heading', { name: 'Zahlungsmethode' }).waitFor();
    const summary = text(await page.locator('dl').first().textContent());
    expect(summary).toContain('Trinkgeld7,50 €');
    expect(summary).toContain('Gesamt7,50 €');
    await page.getByRole('button', { name: 'Zurück zur Betragsauswahl' }).click();
    await page.getByLabel('Eigener Betrag').waitFor();
    expect(await page.getByLabel('Eigener Betrag').inputValue()).toBe('7,50');
    await page.close();
  });

  // What the own-amount field refuses, and how it says so, is checked in the component tier
  // (src/web/features/guest/AmountStep.test.tsx; decision 0590).

  it('loads at most 80 KB of JavaScript and only its business font for the first view', async () => {
    const fresh = await e2e.context({ viewport: { width: 390, height: 844 } });
    const page = await fresh.newPage();
    const scripts = new Set<string>();
    const fonts: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
      if (/\.(woff2?|ttf|otf)$/.test(url.pathname)) fonts.push(url.pathname);
    });
    await page.goto(`/t/${uid.david}`);
    await page.getByRole('heading', { name: 'Trinkgeld geben' }).waitFor();
    await page.waitForLoadState('networkidle');

    const loaded = [...scripts].map((file) => compressedSizes(DEFAULT_WEB_DIR, file));
    const total = loaded.reduce((sum, file) => sum + file.gzipBytes, 0);
    expect(total).toBeLessThanOrEqual(GUEST_JS_BUDGET_BYTES);
    // Only the business's own branding font, latin, in at most its three weights (decision 0110).
    expect(fonts.length).toBeLessThanOrEqual(3);
    for (const font of fonts) expect(path.basename(font)).toMatch(/^fira-sans-latin-\d00-normal-/);
    expect([...scripts].some((file) => path.basename(file).startsWith('app-'))).toBe(false);
    // The bench measures exactly what the browser loaded.
    expect(
      measureGuestBundle(DEFAULT_WEB_DIR)
        .files.map((file) => file.file)
        .sort(),
    ).toEqual([...scripts].sort());
    await fresh.close();
  });

  it('paints a first visit in the system font, fetches the branding font after loading and uses it from the next step and visit', async () => {
    const fresh = await e2e.context({ viewport: { width: 390, height: 844 } });
    const page = await fresh.newPage();
    const errors = trackPageErrors(page);
    const brandFaces = () =>
      page.evaluate(() =>
        [...document.fonts]
          .filter((face) => face.family.replace(/["']/g, '') === 'Fira Sans')
          .map((face) => face.status),
      );
    const fontEntries = () =>
      page.evaluate(() => {
        const loaded = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.woff2'))
          .map((entry) => ({
            afterLoad: entry.startTime >= loaded.loadEventStart,
            transferred: (entry as PerformanceResourceTiming).transferSize,
          }));
      });

    await page.goto(`/t/${uid.ben}`);
    await page.getByRole('heading', { name: 'Ben Müller' }).waitFor();
    // The faces came switched off: the first layout asks for no font file (decision 0412).
    expect(await page.locator('style[data-brand-font]').count()).toBe(0);
    expect(await page.locator('style[data-brand-font-later]').getAttribute('media')).toBe(
      'not all',
    );
    expect(await brandFaces()).toEqual([]);
    expect(
      await page
        .getByRole('heading', { name: 'Ben Müller' })
        .evaluate((heading) => getComputedStyle(heading).fontFamily),
    ).toBe('sans-serif');
    // Once the page has loaded, the files are fetched for what comes next.
    await expect.poll(async () => (await fontEntries()).length).toBeGreaterThanOrEqual(2);
    expect((await fontEntries()).every((entry) => entry.afterLoad)).toBe(true);

    // The next step wears the font.
    await page.getByRole('button', { name: '10 €', exact: true }).click();
    await page.getByRole('button', { name: 'Weiter zur Zahlung · 10,00 €' }).click();
    await page.getByRole('heading', { name: 'Zahlungsmethode' }).waitFor();
    await expect.poll(brandFaces).toContain('loaded');
    expect(await page.locator('style[data-system-font]').count()).toBe(0);

    // The next visit revalidates the page and gets the faces switched on, the files from its cache.
    const again = await fresh.newPage();
    await again.goto(`/t/${uid.ben}`);
    await again.getByRole('heading', { name: 'Ben Müller' }).waitFor();
    expect(await again.locator('style[data-brand-font="Fira Sans"]').count()).toBe(1);
    await again.evaluate(() => document.fonts.ready);
    expect(
      await again.evaluate(() =>
        [...document.fonts].some(
          (face) => face.family.replace(/["']/g, '') === 'Fira Sans' && face.status === 'loaded',
        ),
      ),
    ).toBe(true);
    expect(errors).toEqual([]);
    await fresh.close();
  });
});
