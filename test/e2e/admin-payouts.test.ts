import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { BrowserContext } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBusiness, createTip, type FactoryBusiness } from '../support/factories';
import { berlinDay } from '../../src/shared/domain/berlin-day';
import { analyticsEvents, tips } from '../../src/server/db/schema';
import { openSignedIn } from './support/auth';
import { trackPageErrors } from './support/harness';
import { horizontalOverflow, recordToasts, seriousAxeViolations } from './support/page-checks';
import { useE2E } from './support/environment';

const e2e = useE2E({ seeded: false });

let context: BrowserContext;
let hotel: FactoryBusiness;

beforeAll(async () => {
  hotel = await createBusiness(e2e.server.deps.database.db, {
    name: 'Hotel Seeblick',
    owner: { fullName: 'Thomas Berger' },
    employees: [
      { fullName: 'Anna Schneider', jobTitle: 'Rezeptionistin' },
      { fullName: 'Ben Müller', jobTitle: 'Kellner' },
      // No payout account: skipped by every payout (decision 0477).
      { fullName: 'Clara Fischer', jobTitle: 'Barkeeperin', payoutAccount: false },
    ],
  });
});

beforeEach(async () => {
  context = await e2e.context({ viewport: { width: 360, height: 780 } });
});
afterEach(async () => {
  await context?.close();
});

/** Waits for a condition, generously: the machine is shared and busy. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

describe('payouts page', () => {
  it('lets the owner pay out now, open the batch with its references and change the schedule', async () => {
    // A paid tip of Anna's, waiting for the payout, and one of Clara's, who has no account.
    const anna = hotel.employees[0]!;
    await createTip(e2e.server.deps.database.db, {
      businessId: hotel.id,
      employeeId: anna.id,
      amountCents: 1234,
    });
    await createTip(e2e.server.deps.database.db, {
      businessId: hotel.id,
      employeeId: hotel.employees[2]!.id,
      amountCents: 800,
    });

    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const toasts = await recordToasts(page);
    await openSignedIn(page, e2e.server, hotel.owner.email);
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin/payouts');
    await page.getByRole('heading', { name: 'Auszahlungen', level: 1 }).waitFor();
    await page.getByRole('note').filter({ hasText: 'Demo-Modus' }).waitFor();
    await page.getByText('Noch keine Auszahlungen.').waitFor();

    await page.getByRole('button', { name: 'Jetzt auszahlen' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Jetzt auszahlen?' });
    await dialog.waitFor();
    const ran = page.waitForResponse(
      (response) =>
        response.url().includes('/api/admin/payouts') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Auszahlen' }).click();
    expect((await ran).status()).toBe(201);

    const detail = page.getByRole('dialog', { name: /Auszahlung vom/ });
    await detail.waitFor();
    const annaRow = detail.getByTestId('payout-transfers').getByRole('row', { name: /Anna/ });
    await annaRow.waitFor();
    expect(await annaRow.textContent()).toMatch(/Überwiesen.*tr_demo_/);
    expect(
      await detail.getByTestId('payout-transfers').getByRole('row', { name: /Clara/ }).count(),
    ).toBe(0);
    expect(await detail.getByTestId('payout-skipped').textContent()).toContain('Clara Fischer');
    await poll(toasts).toContainEqual(expect.stringContaining('Auszahlung abgeschlossen'));
    await poll(toasts).toContainEqual(
      expect.stringContaining('1 Person ohne Auszahlungskonto übersprungen'),
    );
    await detail.getByRole('button', { name: 'Schließen' }).last().click();
    await detail.waitFor({ state: 'hidden' });

    const history = page.getByTestId('payout-batches');
    await history.getByRole('row').nth(1).waitFor();
    expect(await history.getByRole('row').count()).toBe(2);
    expect(await history.getByRole('row').nth(1).textContent()).toContain('Manuell');

    // Nothing left anyone can receive: a second run is refused, naming who was skipped.
    await page.getByRole('button', { name: 'Jetzt auszahlen' }).click();
    const refused = page.waitForResponse(
      (response) =>
        response.url().includes('/api/admin/payouts') && response.request().method() === 'POST',
    );
    await page.getByRole('alertdialog').getByRole('button', { name: 'Auszahlen' }).click();
    expect((await refused).status()).toBe(409);
    await poll(toasts).toContainEqual(expect.stringContaining('Auszahlung nicht möglich'));
    await poll(toasts).toContainEqual(
      expect.stringContaining('1 Person hat noch kein eingerichtetes Auszahlungskonto'),
    );

    await page.getByLabel('Rhythmus').selectOption('weekly');
    const saved = page.waitForResponse(
      (response) =>
        response.url().includes('/api/admin/payouts/schedule') &&
        response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await saved).status()).toBe(200);
    await poll(toasts).toContainEqual(expect.stringContaining('Rhythmus gespeichert'));

    expect(await horizontalOverflow(page)).toBe(0);
    // axe judges the last toast as people read it, not halfway through its 300 ms fade-in.
    await page
      .getByTestId('toast')
      .evaluateAll((shown) =>
        Promise.all(shown.flatMap((toast) => toast.getAnimations().map((a) => a.finished))),
      );
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens the reports from the dashboard, checks the range and exports CSV', async () => {
    const ben = hotel.employees[1]!;
    const day = new Date('2019-05-15T11:00:00Z');
    await createTip(e2e.server.deps.database.db, {
      businessId: hotel.id,
      employeeId: ben.id,
      amountCents: 4321,
      createdAt: day,
    });

    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, e2e.server, hotel.owner.email);
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('link', { name: /Berichte & Statistiken/ }).click();
    await page.waitForURL('**/admin/reports');
    await page.getByRole('heading', { name: 'Berichte & Statistiken', level: 1 }).waitFor();
    await page.getByTestId('report').waitFor();

    // A reversed range is refused in German before anything is asked.
    await page.getByLabel('Von').fill('2026-01-31');
    await page.getByLabel('Bis').fill('2026-01-01');
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await page.getByText('Zeitraum: Das Enddatum liegt vor dem Startdatum.').waitFor();

    await page.getByLabel('Von').fill('2019-05-15');
    await page.getByLabel('Bis').fill('2019-05-15');
    const loaded = page.waitForResponse(
      (response) =>
        response.url().includes('/api/admin/reports?') &&
        response.url().includes('from=2019-05-15') &&
        response.status() === 200,
    );
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await loaded;
    const benRow = page.getByTestId('report-employees').getByRole('row', { name: /Ben/ });
    await benRow.waitFor();
    expect((await benRow.textContent())?.replace(/\u00a0/g, ' ')).toContain('43,21 €');
    await page.getByTestId('report-days').getByText('15.05.2019').waitFor();
    // No visits that day, so no conversion, and the page says why.
    const qr = page.getByTestId('report-qr');
    const qrText = async () => (await qr.textContent())?.replace(/[\u00a0\u202f]/g, ' ');
    expect(await qrText()).toContain(
      'Besuche0Konversion zu bezahlten Trinkgeldern–Noch keine Besuche mit bekanntem Ergebnis im Zeitraum.',
    );
    expect(await page.getByText('Seitenaufrufe').count()).toBe(0);

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'CSV exportieren' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('trinkgeld-2019-05-15-bis-2019-05-15.csv');
    const csv = await readFile((await download.path())!);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // One line per recipient: Ben, no team, a direct tip (decision 0332).
    expect(csv.toString('utf8')).toContain(';Ben Müller;;Person;');
    expect(csv.toString('utf8')).toContain(';43,21;');

    // A recent day (analytics events older than the retention are deleted): two visits, one of
    // which led to Anna's tip (decision 0461).
    const recent = new Date(Date.now() - 10 * 24 * 60 * 60_000);
    const recentDay = berlinDay(recent);
    const db = e2e.server.deps.database.db;
    const tip = await createTip(db, {
      businessId: hotel.id,
      employeeId: hotel.employees[0]!.id,
      amountCents: 500,
      createdAt: recent,
    });
    await db.insert(analyticsEvents).values(
      ['visit-with-tip', 'visit-without'].map((visitId) => ({
        name: 'tip_page_loaded' as const,
        businessId: hotel.id,
        visitId,
        createdAt: recent,
      })),
    );
    await db.update(tips).set({ visitId: 'visit-with-tip' }).where(eq(tips.id, tip.id));
    await page.getByLabel('Von').fill(recentDay);
    await page.getByLabel('Bis').fill(recentDay);
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await poll(qrText).toContain(
      'Besuche2Konversion zu bezahlten Trinkgeldern50 %Besuche mit bezahltem Trinkgeld: 1',
    );

    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
