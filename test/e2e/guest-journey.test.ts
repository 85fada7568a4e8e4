import { get as httpGet } from 'node:http';
import { and, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, tips } from '../../src/server/db/schema';
import { createBusiness, type FactoryBusiness } from '../support/factories';
import { openSignedIn } from './support/auth';
import { trackPageErrors } from './support/harness';
import { useE2E } from './support/environment';

const e2e = useE2E({ seeded: false });

/** The guest journey's defects, each in Chromium at 390 px. */
let context: BrowserContext;
let hotel: FactoryBusiness;
/**
 * One code per journey, so the visits, attempts and tips one journey counts are its own: Anna's
 * and David's, the reception and whole-house teams', two tables' and the bar counter's.
 */
const code = { anna: '', david: '', reception: '', house: '', table7: '', table12: '', bar: '' };

beforeAll(async () => {
  hotel = await createBusiness(e2e.server.deps.database.db, {
    name: 'Hotel Seeblick',
    employees: [
      { fullName: 'Anna Schneider', jobTitle: 'Rezeptionistin' },
      { fullName: 'David Wagner', jobTitle: 'Concierge' },
    ],
    teams: [
      { name: 'Rezeption & Concierge', members: [0, 1] },
      { name: 'Hausteam', members: [0, 1], splitRule: 'weighted' },
    ],
    points: ['person', 'person', 'team', 'team', 'object', 'object', 'object'],
  });
  const [anna, david, reception, house, table7, table12, bar] = hotel.points.map(
    (point) => point.uid,
  ) as string[];
  Object.assign(code, { anna, david, reception, house, table7, table12, bar });
  context = await e2e.context({
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
});
afterAll(async () => {
  await context?.close();
});

const text = (value: string | null) => (value ?? '').replace(/\u00a0/g, ' ').trim();

async function payOnDemandCheckout(page: Page, uid: string): Promise<void> {
  await page.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
  await page.waitForURL('**/checkout/demo/**');
  await page.getByRole('button', { name: 'Bezahlen' }).click();
  await page.waitForURL(`**/t/${uid}**`);
  await page.getByRole('heading', { name: 'Vielen Dank für Ihre Wertschätzung!' }).waitFor();
}

describe('pay-later links', () => {
  it('are paid once: opened again they show that they were used, with the thank-you', async () => {
    const created = await fetch(`${e2e.server.url}/api/guest/pay-later-links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: e2e.server.url },
      body: JSON.stringify({ code: code.table7, amountCents: 1250 }),
    });
    const link = (await created.json()) as { id: string; url: string; token: string };
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(new URL(link.url).pathname + new URL(link.url).search);
    await page.getByRole('heading', { name: 'Zahlungsmethode' }).waitFor();
    expect(text(await page.locator('dl').first().textContent())).toContain('Trinkgeld12,50 €');
    await payOnDemandCheckout(page, code.table7);

    await page.goto(new URL(link.url).pathname + new URL(link.url).search);
    await page.getByText('Link bereits verwendet').waitFor();
    await page.waitForURL('**/thank-you?tipId=**');
    await page.getByRole('heading', { name: 'Vielen Dank!' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Zahlungsmethode' }).count()).toBe(0);
    const paid = await e2e.server.deps.database.db
      .select()
      .from(tips)
      .where(eq(tips.payLaterLinkId, link.id));
    expect(paid.filter((tip) => tip.status === 'pending')).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});

// Amounts as people type them (12,5, € 12, 12.345, letters) are checked in the component tier
// (src/web/features/guest/AmountStep.test.tsx; decision 0590).

describe('after paying', () => {
  it('delivers both messages, shows tip and contribution apart and never ends on the landing page', async () => {
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`/t/${code.david}`);
    await page.getByRole('button', { name: '10 €' }).click();
    await page.getByRole('button', { name: 'Weiter zur Zahlung · 10,00 €' }).click();
    await page.getByLabel(/Plattformkosten von 0,45/).check();
    await page.getByLabel('Persönliche Nachricht (optional)').fill('Erste Nachricht an David');
    await payOnDemandCheckout(page, code.david);

    expect(text(await page.getByTestId('success-tip-amount').textContent())).toBe('10,00 €');
    expect(text(await page.getByTestId('success-contribution').textContent())).toBe(
      'Dazu Ihr Servicebeitrag für die Plattform: 0,45 €Insgesamt bezahlt: 10,45 €',
    );
    const dialog = page.getByRole('dialog', { name: 'Möchtest du noch etwas sagen?' });
    await dialog.getByLabel('Nachricht (optional)').fill('Zweite Nachricht im Feedback');
    await dialog.getByRole('button', { name: 'Senden' }).click();

    await page.waitForURL('**/thank-you?tipId=**');
    expect(text(await page.getByTestId('thank-you-tip').textContent())).toBe('10,00 €');
    expect(text(await page.getByTestId('thank-you-contribution').textContent())).toBe('0,45 €');
    expect(text(await page.getByTestId('thank-you-amount').textContent())).toBe('10,45 €');
    expect(await page.locator('a[href="/"]').count()).toBe(0);
    expect(
      await page.getByRole('link', { name: 'Zurück zur Trinkgeld-Seite' }).getAttribute('href'),
    ).toBe(`/t/${code.david}`);
    // No button that cannot close the tab: the hint says it may be closed.
    expect(await page.getByRole('button', { name: 'Seite schließen' }).count()).toBe(0);
    await page.getByText('Sie können dieses Fenster jetzt schließen.').waitFor();
    expect(errors).toEqual([]);

    // The employee sees both messages.
    // A German browser, as the employee's: an English one would be offered English (decision 0383).
    const staff = await e2e.context();
    const dashboard = await staff.newPage();
    await openSignedIn(dashboard, e2e.server, hotel.employees[1]!.email);
    const item = dashboard
      .getByTestId('thank-you-item')
      .filter({ hasText: 'Erste Nachricht an David' });
    await item.getByText('Zweite Nachricht im Feedback').waitFor();
    await staff.close();
    await page.close();
  });

  it("counts an empty feedback closed with 'Fertig' as skipped, and 'Fertig' leads to the receipt", async () => {
    const page = await context.newPage();
    await page.goto(`/t/${code.table12}`);
    await page.getByRole('button', { name: '5 €', exact: true }).click();
    await page.getByRole('button', { name: 'Weiter zur Zahlung · 5,00 €' }).click();
    await payOnDemandCheckout(page, code.table12);
    const dialog = page.getByRole('dialog', { name: 'Möchtest du noch etwas sagen?' });
    await dialog.getByRole('button', { name: 'Fertig' }).click();
    await page.waitForURL('**/thank-you?tipId=**');
    const tipId = new URL(page.url()).searchParams.get('tipId')!;
    const [row] = await e2e.server.deps.database.db.select().from(tips).where(eq(tips.id, tipId));
    expect(row).toMatchObject({ feedbackEmoji: null, feedbackMessage: null, feedbackAt: null });
    await page.close();
  });
});

describe('before and around paying', () => {
  it('names the payment processor, moves focus to each step, and tracks the visit once', async () => {
    const page = await context.newPage();
    await page.goto(`/t/${code.bar}`);
    await page.getByRole('button', { name: '10 €' }).click();
    await page.getByRole('button', { name: 'Weiter zur Zahlung · 10,00 €' }).click();
    const heading = page.getByRole('heading', { name: 'Zahlungsmethode' });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((node) => node === document.activeElement)).toBe(true);
    const processor = text(await page.getByTestId('payment-processor').textContent());
    expect(processor).toContain('Zahlung sicher abgewickelt über Stripe (Demo-Modus)');
    expect(processor).toContain('Visa · Mastercard');
    await payOnDemandCheckout(page, code.bar);
    const success = page.getByRole('heading', { name: 'Vielen Dank für Ihre Wertschätzung!' });
    await expect.poll(() => success.evaluate((node) => node === document.activeElement)).toBe(true);
    const loaded = await e2e.server.deps.database.db
      .select()
      .from(analyticsEvents)
      .where(
        and(
          eq(analyticsEvents.name, 'tip_page_loaded'),
          eq(analyticsEvents.entrypointUid, code.bar),
        ),
      );
    expect(loaded).toHaveLength(1);
    await page.close();
  });

  it('keeps the attempt limit on the server: after four unpaid attempts a reload gives none', async () => {
    const page = await context.newPage();
    await page.goto(`/t/${code.house}?amount=3`);
    // 'Erneut versuchen' uses up the attempts; 'Zurück' would give them all back.
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      if (attempt === 1) await page.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
      else await page.getByRole('button', { name: /Erneut versuchen/ }).click();
      await page.waitForURL('**/checkout/demo/**');
      await page.getByRole('button', { name: 'Fehlschlagen' }).click();
      await page.waitForURL(`**/t/${code.house}**`);
      await page
        .getByRole('heading', { name: 'Die Zahlung konnte leider nicht abgeschlossen werden' })
        .waitFor();
    }
    await page
      .getByText('Maximale Versuche erreicht. Bitte wenden Sie sich an das Personal für Hilfe.')
      .waitFor();
    expect(await page.getByRole('button', { name: /Erneut versuchen/ }).count()).toBe(0);

    await page.goto(`/t/${code.house}?amount=3`);
    await page.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
    await page.getByText('Maximale Versuche erreicht', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/t/${code.house}`);
    await page.close();
  });

  it('shows a German page for a malformed demo-checkout link', async () => {
    const page = await context.newPage();
    await page.goto('/checkout/demo/kaputt');
    await page.getByRole('heading', { name: 'Zahlung nicht gefunden' }).waitFor();
    await page.close();
  });
});

/** A GET with only the headers given: no Accept-Encoding, as curl or a link preview sends it. */
function plainGet(url: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { headers: {} }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers['content-type'] ?? ''),
          body,
        }),
      );
    });
    request.on('error', reject);
  });
}

describe('legal pages', () => {
  it('are linked from the guest pages and open in German', async () => {
    const page = await context.newPage();
    await page.goto(`/t/${code.anna}`);
    await page.getByRole('heading', { name: 'Trinkgeld geben' }).waitFor();
    await page.getByRole('link', { name: 'Datenschutz' }).click();
    await page.getByRole('heading', { name: 'Datenschutzerklärung' }).waitFor();
    await page.getByText(/keine IP-Adressen/).waitFor();
    await page.getByRole('link', { name: 'Impressum' }).click();
    await page.getByRole('heading', { name: 'Impressum' }).waitFor();
    await page.close();
  });
});

describe('plain clients', () => {
  // The test names are fixed before the hotel exists: ':anna' stands for Anna's code.
  it.each([
    '/',
    '/security',
    '/t/:anna',
    '/thank-you?tipId=00000000-0000-4000-8000-000000000000',
    '/impressum',
    '/datenschutz',
  ])('answers %s with 200 HTML without Accept-Encoding', async (path) => {
    const response = await plainGet(`${e2e.server.url}${path.replace(':anna', code.anna)}`);
    expect(response.status).toBe(200);
    expect(response.type).toContain('text/html');
    expect(response.body).toContain('<!doctype html>');
  });
});
