import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayInZone } from '../../src/shared/domain/shifts';
import { createBusiness, type FactoryBusiness } from '../support/factories';
import { openSignedIn } from './support/auth';
import { useE2E } from './support/environment';
import { trackPageErrors } from './support/harness';

/**
 * Issue 52's journey at 1280 px: the owner imports a week's Dienstplan from CSV (Anna 10–16,
 * Ben 16–18 every day), sets the team to 'Nach Arbeitsstunden', a guest tips the team 10,00 €,
 * Anna and Ben see 7,50 € and 2,50 € with '6 von 8 Stunden' / '2 von 8 Stunden' at 390 px, and
 * the month's statement for the payroll office lists both team shares.
 */
const e2e = useE2E({ seeded: false });
let cafe: FactoryBusiness;

const text = (value: string | null) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();
const germanDay = (day: string) => day.split('-').reverse().join('.');

beforeAll(async () => {
  cafe = await createBusiness(e2e.server.deps.database.db, {
    name: 'Café Stundenglas',
    employees: [{ fullName: 'Anna Adler' }, { fullName: 'Ben Berg' }],
    teams: [{ name: 'Service', members: [0, 1], splitRule: 'equal' }],
    points: ['team'],
  });
});

const desktop = () => e2e.context({ viewport: { width: 1280, height: 900 } });

async function importRota(owner: Page, today: string) {
  const [anna, ben] = cafe.employees as [(typeof cafe.employees)[0], (typeof cafe.employees)[0]];
  const lines = ['E-Mail;Datum;Beginn;Ende;Team'];
  for (let offset = 0; offset < 7; offset++) {
    const day = germanDay(addDays(today, offset));
    lines.push(`${anna.email};${day};10:00;16:00;Service`);
    lines.push(`${ben.email};${day};16:00;18:00;Service`);
  }
  await owner.goto('/admin/shifts');
  await owner.getByRole('heading', { name: 'Dienstplan importieren' }).waitFor();
  await owner.getByLabel('CSV-Datei').setInputFiles({
    name: 'dienstplan.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'),
  });
  const mapping = owner.getByRole('form', { name: 'Spalten zuordnen' });
  await mapping.waitFor();
  await mapping.getByLabel(/^E-Mail oder Mitarbeiter-ID/).selectOption({ label: 'E-Mail' });
  await mapping.getByLabel(/^Datum/).selectOption({ label: 'Datum' });
  await mapping.getByLabel(/^Beginn/).selectOption({ label: 'Beginn' });
  await mapping.getByLabel(/^Ende/).selectOption({ label: 'Ende' });
  await mapping.getByLabel(/^Team oder Bezahlpunkt/).selectOption({
    label: 'Team',
  });
  await mapping.getByRole('button', { name: 'Vorschau anzeigen' }).click();
  await owner.getByText('14 neu · 0 schon geplant · 0 mit Problemen').waitFor();
  const preview = owner.getByRole('list', { name: 'Dienstplan importieren' });
  expect(text(await preview.textContent())).toContain(
    `Anna Adler${germanDay(today)} · 10:00–16:00 · Service`,
  );
  await owner.getByRole('button', { name: 'Importieren', exact: true }).click();
  await owner
    .getByText('14 Dienste eingeteilt, 0 schon geplant, 0 übersprungen.')
    .first()
    .waitFor();
}

describe('tips split by hours from an imported rota', () => {
  it('imports the rota, splits a team tip by hours, shows each share and lists it for payroll', async () => {
    const today = dayInZone(new Date());
    const ownerContext = await desktop();
    const owner = await ownerContext.newPage();
    const ownerErrors = trackPageErrors(owner);
    await openSignedIn(owner, e2e.server, cafe.owner.email);
    await importRota(owner, today);

    // The team splits by hours from now on.
    await owner.goto('/admin/users');
    const card = owner.getByTestId('team-Service');
    await card.getByRole('button', { name: 'Bearbeiten' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Team Service bearbeiten' });
    await dialog.getByLabel('Aufteilung', { exact: true }).selectOption({
      label: 'Nach Arbeitsstunden (Dienstplan des Tages)',
    });
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await owner.getByText('Team gespeichert.').first().waitFor();
    await card.getByText('Nach Arbeitsstunden (Dienstplan des Tages)').waitFor();

    // A guest tips the team's point 10,00 €.
    const guestContext = await e2e.context({
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    const guest = await guestContext.newPage();
    const guestErrors = trackPageErrors(guest);
    const uid = cafe.points[0]!.uid;
    await guest.goto(`/t/${uid}`);
    await guest.getByRole('heading', { name: 'Trinkgeld geben' }).waitFor();
    await guest.getByRole('button', { name: '10 €' }).click();
    await guest.getByRole('button', { name: 'Weiter zur Zahlung · 10,00 €' }).click();
    await guest.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
    await guest.waitForURL('**/checkout/demo/**');
    await guest.getByRole('button', { name: 'Bezahlen' }).click();
    await guest.waitForURL(`**/t/${uid}**`);
    await guest.getByRole('heading', { name: 'Vielen Dank für Ihre Wertschätzung!' }).waitFor();
    expect(guestErrors).toEqual([]);
    await guestContext.close();

    // Each employee, on a phone, sees their share and why.
    const expected = [
      { person: cafe.employees[0]!, reason: '6 von 8 Stunden → 7,50 € von 10,00 €' },
      { person: cafe.employees[1]!, reason: '2 von 8 Stunden → 2,50 € von 10,00 €' },
    ];
    for (const { person, reason } of expected) {
      const context = await e2e.context({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await context.newPage();
      const errors = trackPageErrors(page);
      await openSignedIn(page, e2e.server, person.email);
      await page.waitForURL('**/employee/dashboard');
      await page.getByRole('tab', { name: 'Historie', exact: true }).click();
      const row = page.getByTestId('tip-row').filter({ hasText: /von 8 Stunden/ });
      await row.waitFor();
      expect(text(await row.textContent())).toContain(reason);
      expect(errors).toEqual([]);
      await context.close();
    }

    // The month's statement for the payroll office lists both team shares.
    await owner.goto('/admin/reports');
    const payroll = owner.locator('div', {
      has: owner.getByText('Trinkgeld-Übersicht für die Lohnbuchhaltung', { exact: true }),
    });
    await payroll.getByLabel('Monat').last().fill(today.slice(0, 7));
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByRole('link', { name: 'CSV herunterladen' }).last().click(),
    ]);
    expect(download.suggestedFilename()).toBe(`trinkgeld-lohnbuchhaltung-${today.slice(0, 7)}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
    const line = (name: string) => csv.split('\r\n').find((row) => row.startsWith(`${name};`));
    const [anna, ben] = cafe.employees as [(typeof cafe.employees)[0], (typeof cafe.employees)[0]];
    expect(line('Anna Adler')).toBe(`Anna Adler;${anna.email};0;0,00;1;7,50;0;0,00;7,50;0;0,00`);
    expect(line('Ben Berg')).toBe(`Ben Berg;${ben.email};0;0,00;1;2,50;0;0,00;2,50;0;0,00`);
    expect(ownerErrors).toEqual([]);
    await ownerContext.close();
  });
});
