import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { tipAllocations } from '../../src/server/db/schema';
import { createBusiness, createTip, type FactoryBusiness } from '../support/factories';
import { readPdf } from '../support/pdf';
import { openSignedIn } from './support/auth';
import { useE2E } from './support/environment';
import { trackPageErrors } from './support/harness';

/**
 * Balance and payouts on a phone (390 px), demo mode: the employee sees balance and fee,
 * confirms an instant payout, and downloads their tipping record as CSV and PDF.
 */
const e2e = useE2E({ seeded: false });
let hotel: FactoryBusiness;

const text = (value: string | null) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

beforeAll(async () => {
  hotel = await createBusiness(e2e.server.deps.database.db, {
    name: 'Hotel Größe',
    employees: [{ fullName: 'Jürgen Weiß' }],
  });
  for (const amountCents of [2000, 500]) {
    await createTip(e2e.server.deps.database.db, {
      businessId: hotel.id,
      employeeId: hotel.employees[0]!.id,
      amountCents,
    });
  }
});

describe('employee money on the phone', () => {
  it('asks for an instant payout with the fee shown first, then downloads the record', async () => {
    const context = await e2e.context({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, e2e.server, hotel.employees[0]!.email);
    await page.waitForURL('**/employee/dashboard');
    await page.getByRole('tab', { name: 'Statistiken', exact: true }).click();

    const card = page.getByTestId('instant-payout');
    await card.getByTestId('instant-balance').filter({ hasText: '25,00' }).waitFor();
    expect(text(await card.getByTestId('instant-fee').textContent())).toBe('− 0,50 €');
    expect(text(await card.getByTestId('instant-net').textContent())).toBe('24,50 €');
    await card.getByRole('button', { name: 'Sofort auszahlen' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sofortauszahlung bestätigen' });
    await dialog.waitFor();
    expect(text(await dialog.textContent())).toContain('Gebühr 0,50 €');
    await dialog.getByRole('button', { name: /24,50 € auszahlen/ }).click();
    const done = card.getByTestId('instant-done');
    await done.waitFor();
    expect(text(await done.textContent())).toMatch(/^24,50 € ausgezahlt · Referenz tr_demo_/);
    await card.getByTestId('instant-balance').filter({ hasText: '0,00' }).waitFor();
    expect(await card.getByRole('button', { name: 'Sofort auszahlen' }).isDisabled()).toBe(true);

    const record = page.getByTestId('tip-record');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      record.getByTestId('record-csv').click(),
    ]);
    const csvText = await readFile((await csv.path())!, 'utf8');
    expect(csvText.charCodeAt(0)).toBe(0xfeff);
    const lines = csvText.slice(1).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((line) => /;Ausgezahlt;tr_demo_/.test(line))).toBe(true);

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      record.getByTestId('record-pdf').click(),
    ]);
    const pdfBytes = await readFile((await pdf.path())!);
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await readPdf(pdfBytes)).pages[0]!.text).toContain('Trinkgeld-Nachweis Jürgen Weiß');

    // A reversed range: German message, no links.
    await record.getByLabel('Von').fill('2026-12-31');
    await record.getByLabel('Bis').fill('2026-01-01');
    expect(text(await record.getByTestId('record-problem').textContent())).toBe(
      'Zeitraum: Das Enddatum liegt vor dem Startdatum.',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says a person without a payout account gets nothing paid out, and promises no money', async () => {
    // The demo promised money although the settings said 'Noch nicht eingerichtet'.
    const db = e2e.server.deps.database.db;
    const bar = await createBusiness(db, {
      employees: [{ fullName: 'Ben Müller', payoutAccount: false }],
    });
    await createTip(db, {
      businessId: bar.id,
      employeeId: bar.employees[0]!.id,
      amountCents: 1800,
    });

    const context = await e2e.context({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, e2e.server, bar.employees[0]!.email);
    await page.waitForURL('**/employee/dashboard');
    await page.getByRole('tab', { name: 'Statistiken', exact: true }).click();
    const card = page.getByTestId('instant-payout');
    await card.getByTestId('instant-balance').filter({ hasText: '18,00' }).waitFor();
    const notice = card.getByTestId('instant-no-account');
    await notice.waitFor();
    expect(text(await notice.textContent())).toContain('Noch kein Auszahlungskonto');
    expect(text(await notice.textContent())).toContain(
      'Ohne eingerichtetes Auszahlungskonto kann nichts ausgezahlt werden',
    );
    // No amount promised and nothing to press.
    expect(await card.getByText('Sie erhalten').count()).toBe(0);
    expect(await card.getByTestId('instant-net').count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Sofort auszahlen' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pays out a direct tip and a team share at once; the record says what the history says', async () => {
    // The share read 'Ausstehend' in the record, 'Ausgezahlt' in the history.
    const db = e2e.server.deps.database.db;
    const restaurant = await createBusiness(db, {
      employees: [{ fullName: 'Ben Müller' }, { fullName: 'Clara Fischer' }],
      teams: [{ name: 'Restaurant-Service', members: [0, 1] }],
      points: ['person', 'team'],
    });
    const [ben, clara] = restaurant.employees;
    await createTip(db, {
      businessId: restaurant.id,
      employeeId: ben!.id,
      entrypoint: restaurant.points[0],
      amountCents: 1500,
    });
    const team = await createTip(db, {
      businessId: restaurant.id,
      teamId: restaurant.teams[0]!.id,
      entrypoint: restaurant.points[1],
      amountCents: 1000,
    });
    await db.insert(tipAllocations).values([
      { tipId: team.id, profileId: ben!.id, amountCents: 500, reason: 'zu gleichen Teilen' },
      { tipId: team.id, profileId: clara!.id, amountCents: 500, reason: 'zu gleichen Teilen' },
    ]);

    const context = await e2e.context({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, e2e.server, ben!.email);
    await page.waitForURL('**/employee/dashboard');
    await page.getByRole('tab', { name: 'Statistiken', exact: true }).click();
    const card = page.getByTestId('instant-payout');
    await card.getByTestId('instant-balance').filter({ hasText: '20,00' }).waitFor();
    await card.getByRole('button', { name: 'Sofort auszahlen' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sofortauszahlung bestätigen' });
    await dialog.getByRole('button', { name: /19,50 € auszahlen/ }).click();
    await card.getByTestId('instant-done').waitFor();

    await page.getByRole('tab', { name: 'Historie' }).click();
    const rows = page.getByTestId('tip-row');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    // Amount -> state word, as the history shows them.
    const history = new Map<string, string>();
    for (const row of await rows.all()) {
      const [amount, state] = await Promise.all([
        row.locator('span.text-lg').textContent(),
        row.locator('span.text-lg + *').textContent(),
      ]);
      history.set(text(amount).replace(/ €$/, ''), text(state));
    }
    expect(history).toEqual(
      new Map([
        ['15,00', 'Ausgezahlt'],
        ['5,00', 'Ausgezahlt'],
      ]),
    );

    await page.getByRole('tab', { name: 'Statistiken', exact: true }).click();
    const record = page.getByTestId('tip-record');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      record.getByTestId('record-csv').click(),
    ]);
    const lines = (await readFile((await csv.path())!, 'utf8')).slice(1).split('\r\n');
    const cells = lines
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(';'));
    expect(new Map(cells.map((row) => [row[4], row[7]]))).toEqual(history);
    const share = cells.find((row) => row[4] === '5,00')!;
    expect(share.slice(2, 4)).toEqual(['Team', 'Restaurant-Service']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
