import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type FactoryBusiness } from '../support/factories';
import { openSignedIn } from './support/auth';
import { screenshot, trackPageErrors } from './support/harness';
import { decodeQrPng, horizontalOverflow } from './support/page-checks';
import { useE2E } from './support/environment';

const e2e = useE2E({ seeded: false });

let context: BrowserContext;
let page: Page;
let hotel: FactoryBusiness;
let errors: string[];

beforeAll(async () => {
  hotel = await createBusiness(e2e.server.deps.database.db, {
    employees: [
      { fullName: 'Lena Berger', jobTitle: 'Rezeption' },
      { fullName: 'Tom Krause', jobTitle: 'Service' },
    ],
    points: ['person'],
  });
  await createBusiness(e2e.server.deps.database.db, { employees: [{ fullName: 'Fremde Person' }] });
  context = await e2e.context({
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  page = await context.newPage();
  errors = trackPageErrors(page);
  await openSignedIn(page, e2e.server, hotel.owner.email);
});
afterAll(async () => {
  await context?.close();
});

const toast = () => page.getByTestId('toast');

describe('QR generator /admin/qr-codes at 390 px', () => {
  it('asks for a preview, a type and a designation, then exports a working code', async () => {
    await page.goto('/admin/qr-codes');
    await page.getByRole('heading', { name: 'QR-Code Generator' }).waitFor();
    await page.getByRole('link', { name: /Zurück zum Dashboard/ }).waitFor();
    await page.getByText('Mindestgröße 2 x 2 cm.').waitFor();
    await page.getByText('Empfohlen 3 x 3 cm oder größer.').waitFor();
    const previewButton = page.getByRole('button', { name: 'Vorschau erstellen' });
    expect(await previewButton.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Als PNG exportieren' }).click();
    await page
      .locator('form [role="alert"]')
      .getByText('Bitte erstellen Sie zuerst eine Vorschau.')
      .waitFor();
    await toast().getByText('Bitte erstellen Sie zuerst eine Vorschau.').waitFor();
    // Closed, so it cannot lie over the preview's QR code read below (on a phone the page moves
    // with what stands above it, e.g. the owner's two-factor banner).
    await toast().getByRole('button', { name: 'Schließen' }).click();
    await toast().waitFor({ state: 'detached' });

    // Only spaces keep the preview button disabled; a designation without a type is refused.
    await page.getByLabel('Bezeichnung').fill('   ');
    expect(await previewButton.isDisabled()).toBe(true);
    await page.getByLabel('Bezeichnung').fill('Tisch 9 Terrasse');
    await previewButton.click();
    await page
      .locator('form [role="alert"]')
      .getByText('Bitte wählen Sie einen Typ und geben Sie eine Bezeichnung ein.')
      .waitFor();

    await page.getByLabel('Typ').selectOption('object');
    await previewButton.click();
    const preview = page.getByTestId('qr-generator-preview');
    await preview.getByText('Neuer Bezahlpunkt angelegt').waitFor();
    const link = (await page.getByTestId('qr-generator-link').textContent())!;
    expect(link).toMatch(new RegExp(`^${e2e.server.url}/t/tisch-9-terrasse-[a-z2-9]{10}$`));
    const qr = preview.getByRole('img', { name: 'QR-Code für Tisch 9 Terrasse' });
    expect(decodeQrPng(await qr.screenshot())).toBe(link);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'admin-qr-generator-390');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Als PNG exportieren' }).click(),
    ]);
    const uid = link.split('/t/')[1]!;
    expect(download.suggestedFilename()).toBe(`qr-code-${uid}-Tisch-9-Terrasse.png`);
    await toast().getByText('Download erfolgreich').waitFor();

    // The same designation again finds the same point; a change clears the preview.
    await page.getByLabel('Typ').selectOption('generic');
    expect(await preview.count()).toBe(0);
    await previewButton.click();
    await preview.getByText('Bestehender Bezahlpunkt').waitFor();
    expect(await page.getByTestId('qr-generator-link').textContent()).toBe(link);

    // Scanning it really works: the guest page of that table opens.
    const guest = await context.newPage();
    await guest.goto(link);
    await guest.getByRole('heading', { name: 'Tisch 9 Terrasse' }).waitFor();
    await guest.close();
    expect(errors).toEqual([]);
  });

  it("makes a personal code from the employee's own code", async () => {
    await page.goto('/admin/qr-codes');
    await page.getByLabel('Typ').selectOption('personal');
    await page.getByRole('button', { name: 'Vorschau erstellen' }).waitFor();
    await page
      .getByLabel('Mitarbeiter', { exact: true })
      .selectOption({ label: 'Lena Berger - Rezeption' });
    expect(await page.getByLabel('Bezeichnung').inputValue()).toBe('Lena Berger');
    await page.getByRole('button', { name: 'Vorschau erstellen' }).click();
    await page.getByTestId('qr-generator-preview').getByText('Bestehender Bezahlpunkt').waitFor();
    expect(await page.getByTestId('qr-generator-link').textContent()).toBe(
      `${e2e.server.url}/t/${hotel.points[0]!.uid}`,
    );
  });
});

describe('QR overview /admin/qr-code-view at 390 px', () => {
  it("shows an employee's active code, or creates one", async () => {
    await page.goto('/admin/qr-code-view');
    await page.getByRole('heading', { name: 'QR-Code Verwaltung' }).waitFor();
    expect(
      await page.getByRole('link', { name: /Zurück zum Dashboard/ }).getAttribute('href'),
    ).toBe('/admin');
    const picker = page.getByLabel('Mitarbeiter auswählen');
    // The people arrive after the heading: read the choice once they are in it.
    await expect
      .poll(() => picker.locator('option').allTextContents())
      .toContain('Lena Berger - Rezeption');
    const options = await picker.locator('option').allTextContents();
    expect(options).toContain('Lena Berger - Rezeption');
    expect(options).toContain('Tom Krause - Service');
    expect(options.join()).not.toContain('Fremde Person');

    await picker.selectOption({ label: 'Lena Berger - Rezeption' });
    expect(await page.getByTestId('qr-view-email').textContent()).toBe(hotel.employees[0]!.email);
    expect(await page.getByTestId('qr-view-job-title').textContent()).toBe('Rezeption');
    expect(await page.getByTestId('qr-uid').textContent()).toBe(hotel.points[0]!.uid);

    await picker.selectOption({ label: 'Tom Krause - Service' });
    await page.getByText('Kein QR-Code vorhanden').waitFor();
    await page.getByRole('button', { name: 'QR-Code erstellen' }).click();
    await toast().getByText('QR-Code erstellt').waitFor();
    const uid = (await page.getByTestId('qr-uid').textContent())!;
    expect(uid).toMatch(/^tom-krause-[a-z2-9]{10}$/);
    await page.getByRole('button', { name: 'Aktualisieren' }).click();
    await expect.poll(() => page.getByTestId('qr-uid').textContent()).toBe(uid);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'admin-qr-overview-390');

    const [audit] = await e2e.server.deps.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM admin_audit_log WHERE action = 'qr_code_create' AND business_id = $1",
      [hotel.id],
    );
    expect(audit!.n).toBe(1);
    expect(errors).toEqual([]);
  });
});
