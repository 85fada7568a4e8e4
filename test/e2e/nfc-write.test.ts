import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type FactoryBusiness } from '../support/factories';
import { openSignedIn } from './support/auth';
import { useE2E } from './support/environment';
import { trackPageErrors } from './support/harness';
import { horizontalOverflow, seriousAxeViolations } from './support/page-checks';

/**
 * 'Auf NFC-Tag schreiben' with Web NFC. Chromium on a desktop has no NFC, so the
 * page gets a stand-in NDEFReader: a tag that keeps what is written and answers a scan with it,
 * or one that is taken away mid-write. Without NDEFReader the button is absent and a hint says
 * which phones can do it.
 */
const e2e = useE2E({ seeded: false });
let hotel: FactoryBusiness;

beforeAll(async () => {
  hotel = await createBusiness(e2e.server.deps.database.db, {
    name: 'Hotel Nordlicht',
    employees: [{ fullName: 'Anna Schneider', jobTitle: 'Rezeptionistin' }],
    points: ['person', 'object'],
  });
});

/** A phone with NFC: 'keeps' writes to a tag and reads them back; 'lost' fails like Chrome does. */
async function withStandInTag(context: BrowserContext, tag: 'keeps' | 'lost') {
  await context.addInitScript((behaviour) => {
    const written: { recordType: string; data: string }[][] = [];
    (window as unknown as { __nfcWrites: typeof written }).__nfcWrites = written;
    class StandInReader extends EventTarget {
      async write(message: { records: { recordType: string; data: string }[] }) {
        if (behaviour === 'lost') {
          throw new DOMException('Failed to write due to an IO error.', 'NetworkError');
        }
        written.push(message.records.map(({ recordType, data }) => ({ recordType, data })));
      }
      async scan() {
        const data = written.at(-1)?.[0]?.data ?? '';
        setTimeout(() => {
          const event = new Event('reading') as Event & { message: unknown };
          event.message = {
            records: [
              { recordType: 'url', data: new DataView(new TextEncoder().encode(data).buffer) },
            ],
          };
          this.dispatchEvent(event);
        }, 50);
      }
    }
    (window as unknown as { NDEFReader: unknown }).NDEFReader = StandInReader;
  }, tag);
}

const writesOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __nfcWrites: unknown }).__nfcWrites);

describe('Auf NFC-Tag schreiben', () => {
  it('an employee writes their tip link onto a tag from “Mein QR-Code” and sees it confirmed', async () => {
    const context = await e2e.context({ viewport: { width: 360, height: 780 }, isMobile: true });
    await withStandInTag(context, 'keeps');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, e2e.server, hotel.employees[0]!.email);
    await page.waitForURL('**/employee/dashboard');
    await page.getByRole('tab', { name: 'QR-Code' }).click();
    await page.getByRole('button', { name: 'Auf NFC-Tag schreiben' }).click();
    await page.getByText('NFC-Tag beschrieben', { exact: true }).waitFor();
    const link = `${e2e.server.url}/t/${hotel.points[0]!.uid}`;
    expect(await writesOf(page)).toEqual([[{ recordType: 'url', data: link }]]);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the owner hears in German that the tag was taken away too early', async () => {
    const context = await e2e.context({ viewport: { width: 390, height: 844 }, isMobile: true });
    await withStandInTag(context, 'lost');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, e2e.server, hotel.owner.email, '/admin/uid-management');
    // At phone width the points are cards: their menu opens the details.
    await page
      .getByRole('button', { name: `Aktionen für ${hotel.points[1]!.label}` })
      .filter({ visible: true })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Auf NFC-Tag schreiben' }).click();
    const alert = dialog.getByRole('alert');
    await alert.getByText('NFC-Tag nicht beschrieben').waitFor();
    await alert.getByText('Der Tag wurde zu früh entfernt.', { exact: false }).waitFor();
    expect(await writesOf(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('without Web NFC offers no button and says which phones can write tags', async () => {
    const context = await e2e.context({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, e2e.server, hotel.owner.email, '/admin/uid-management');
    await page.getByText(hotel.points[0]!.uid).first().click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByTestId('nfc-unsupported')
      .getByText('Chrome auf einem Android-Telefon', { exact: false })
      .waitFor();
    await dialog.getByText('AiO-Integration', { exact: false }).first().waitFor();
    expect(await dialog.getByRole('button', { name: 'Auf NFC-Tag schreiben' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
