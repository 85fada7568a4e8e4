import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { qrCodes } from '../../src/server/db/schema';
import { createBusiness, type FactoryBusiness, uniqueSuffix } from '../support/factories';
import { openSignedIn } from './support/auth';
import { useE2E } from './support/environment';
import { trackPageErrors } from './support/harness';

/**
 * Defect 9 in the browser: a legacy QR code that guests can use is a row of the
 * UID-Verwaltung, and the dashboard's 'QR-Codes' counts what the list counts (decision 0475).
 */
const e2e = useE2E({ seeded: false });
let hotel: FactoryBusiness;
const legacyCode = `qr-klassisch-${uniqueSuffix()}`;
let context: BrowserContext;

const text = (value: string | null) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

beforeAll(async () => {
  const db = e2e.server.deps.database.db;
  hotel = await createBusiness(db, {
    employees: [{ fullName: 'Ben Müller', jobTitle: 'Kellner' }],
    points: ['person', 'object'],
  });
  // Another business's legacy code is neither listed nor counted here.
  const cafe = await createBusiness(db, { employees: 1 });
  await db.insert(qrCodes).values([
    { code: legacyCode, employeeId: hotel.employees[0]!.id, businessId: hotel.id },
    { code: `qr-cafe-${uniqueSuffix()}`, employeeId: cafe.employees[0]!.id, businessId: cafe.id },
  ]);
});
beforeEach(async () => {
  context = await e2e.context({ viewport: { width: 1280, height: 900 } });
});
afterEach(async () => {
  await context?.close();
});

describe('a legacy QR code', () => {
  it('is counted on the dashboard and listed, read-only, in the UID-Verwaltung', async () => {
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, e2e.server, hotel.owner.email);
    await page.waitForURL('**/admin/dashboard');
    const tile = page.getByTestId('stat-qr-codes');
    await expect
      .poll(async () => text(await tile.textContent()), { timeout: 15_000 })
      .toContain('3');

    await page.goto('/admin/uid-management');
    await page.getByRole('heading', { name: 'UID-Verwaltung', level: 1 }).waitFor();
    await expect
      .poll(async () => text(await page.getByTestId('points-counter').textContent()), {
        timeout: 15_000,
      })
      .toBe('3 von 3');
    await page.getByText('3 Bezahlpunkte, davon 3 aktiv').waitFor();

    const legacyRow = page.getByTestId('point-row').filter({ hasText: legacyCode });
    await legacyRow.waitFor();
    expect(text(await legacyRow.textContent())).toContain('Klassischer QR-Code');
    expect(text(await legacyRow.textContent())).toContain('Ben Müller');

    // Looked at, never changed here: only the payment page and the QR code are offered.
    await legacyRow.getByRole('button', { name: 'Aktionen für Klassischer QR-Code' }).click();
    const items = page.getByRole('menu').getByRole('menuitem');
    await items.first().waitFor();
    expect((await items.allTextContents()).map(text)).toEqual([
      'Zahlungsseite öffnen',
      'QR-Code anzeigen',
    ]);
    await page.keyboard.press('Escape');

    // A click on the row opens its QR code.
    await legacyRow.getByRole('button', { name: legacyCode }).click();
    const dialog = page.getByRole('dialog', { name: /Ben Müller/ });
    await dialog.waitFor();
    expect(text(await dialog.textContent())).toContain(legacyCode);
    expect(errors).toEqual([]);
  });
});
