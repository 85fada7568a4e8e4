import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type FactoryBusiness } from '../support/factories';
import { createWalletTestKeys, verifyDetachedSignature } from '../support/wallet-certificates';
import { openSignedIn } from './support/auth';
import { useE2E } from './support/environment';
import { trackPageErrors } from './support/harness';
import { horizontalOverflow, seriousAxeViolations } from './support/page-checks';

/**
 * Wallet passes in the browser: with a (throwaway) pass certificate configured, an employee
 * adds their tip code to Apple Wallet from 'Mein QR-Code' and gets a pass whose signature
 * verifies and whose barcode opens their tip page; the owner finds the same in the point's details.
 */
const keys = createWalletTestKeys();
const e2e = useE2E({
  seeded: false,
  config: {
    appleWallet: {
      passTypeId: 'pass.test.trinkgeld',
      teamId: 'ABCDE12345',
      certPath: keys.certPath,
      keyPath: keys.keyPath,
      keyPassphrase: keys.keyPassphrase,
      wwdrPath: keys.caPath,
    },
    googleWallet: { issuerId: '3388000000012345678', serviceAccountPath: keys.serviceAccountPath },
  },
});
let hotel: FactoryBusiness;

beforeAll(async () => {
  hotel = await createBusiness(e2e.server.deps.database.db, {
    name: 'Hotel Wallet',
    employees: [{ fullName: 'Anna Schneider', jobTitle: 'Rezeptionistin' }],
    points: ['person'],
  });
});

describe('wallet passes', () => {
  it('the employee downloads a signed pass of their tip code on the phone', async () => {
    const context = await e2e.context({ viewport: { width: 360, height: 780 }, isMobile: true });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, e2e.server, hotel.employees[0]!.email);
    await page.waitForURL('**/employee/dashboard');
    await page.getByRole('tab', { name: 'QR-Code' }).click();
    const apple = page.getByRole('link', { name: 'Zu Apple Wallet hinzufügen' });
    await apple.waitFor();
    expect(await page.getByRole('link', { name: 'Zu Google Wallet hinzufügen' }).count()).toBe(1);

    const [download] = await Promise.all([page.waitForEvent('download'), apple.click()]);
    expect(download.suggestedFilename()).toBe('Trinkgeld-Anna-Schneider.pkpass');
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    const pass = JSON.parse(Buffer.from(files['pass.json']!).toString('utf8'));
    const tipLink = `${e2e.server.url}/t/${hotel.points[0]!.uid}`;
    expect(pass.barcodes[0].message).toBe(tipLink);
    expect(
      verifyDetachedSignature(
        keys,
        Buffer.from(files.signature!),
        Buffer.from(files['manifest.json']!),
      ),
    ).toBe(true);

    // The barcode opens the employee's tip page.
    const guest = await context.newPage();
    await guest.goto(pass.barcodes[0].message);
    await guest.getByText('Anna Schneider').first().waitFor();

    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the owner offers the pass in the payment point details', async () => {
    const context = await e2e.context({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, e2e.server, hotel.owner.email, '/admin/uid-management');
    await page.getByText(hotel.points[0]!.uid).first().click();
    const dialog = page.getByRole('dialog');
    const apple = dialog.getByRole('link', { name: 'Zu Apple Wallet hinzufügen' });
    await apple.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), apple.click()]);
    expect(download.suggestedFilename()).toBe('Trinkgeld-Anna-Schneider.pkpass');
    expect(await dialog.getByRole('link', { name: 'Zu Google Wallet hinzufügen' }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
