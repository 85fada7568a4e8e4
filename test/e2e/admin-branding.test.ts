import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type FactoryBusiness } from '../support/factories';
import { openSignedIn } from './support/auth';
import { screenshot, trackPageErrors } from './support/harness';
import { horizontalOverflow } from './support/page-checks';
import { useE2E } from './support/environment';

const e2e = useE2E({ seeded: false });

let ownerContext: BrowserContext;
let guestContext: BrowserContext;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true };

beforeAll(async () => {
  hotel = await createBusiness(e2e.server.deps.database.db, {
    name: 'Hotel Waldesruh',
    points: ['person'],
  });
  cafe = await createBusiness(e2e.server.deps.database.db, {
    name: 'Café Sonne',
    points: ['person'],
  });
  ownerContext = await e2e.context(PHONE);
  guestContext = await e2e.context(PHONE);
});
afterAll(async () => {
  await ownerContext?.close();
  await guestContext?.close();
});

const toast = (page: Page) => page.getByTestId('toast');

/** A logo no other page shows: a magenta square with a white bar. */
function logoPng(): Promise<Buffer> {
  return sharp({ create: { width: 240, height: 80, channels: 3, background: '#C2185B' } })
    .png()
    .toBuffer();
}

/**
 * The tip page as a returning guest sees it: a first visit paints in the system font and fetches
 * the branding font's files after loading; the next visit wears it (decision 0412).
 */
async function guestLook(page: Page, uid: string, font: string) {
  await page.goto(`/t/${uid}`);
  await page.getByRole('heading', { name: 'Trinkgeld geben' }).waitFor();
  const fileStem = font.toLowerCase().replace(/ /g, '-');
  await page.waitForFunction(
    (stem) =>
      performance
        .getEntriesByType('resource')
        .some(
          (entry) =>
            entry.name.includes(`/assets/${stem}-`) &&
            (entry as PerformanceResourceTiming).responseEnd > 0,
        ),
    fileStem,
  );
  await page.goto(`/t/${uid}`);
  await page.getByRole('heading', { name: 'Trinkgeld geben' }).waitFor();
  // The font's stylesheet is its own chunk, loaded after the first render: `document.fonts.ready`
  // alone can resolve before the face is even declared.
  await page.waitForFunction(
    (family) =>
      [...document.fonts].some(
        (face) => face.family.replace(/["']/g, '') === family && face.status === 'loaded',
      ),
    font,
  );
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => {
    const themed = document.querySelector<HTMLElement>('[data-brand]');
    const continueButton = [...document.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('5 €'),
    );
    return {
      themed: themed !== null,
      primary: themed ? getComputedStyle(themed).getPropertyValue('--primary').trim() : null,
      font: getComputedStyle(document.querySelector('main')!).fontFamily,
      headerLogo:
        document.querySelector('main img[src^="/api/media/"]')?.getAttribute('src') ?? null,
      headerText: document.querySelector('main')!.textContent ?? '',
      presetBorder: continueButton ? getComputedStyle(continueButton).borderColor : null,
      fontFiles: performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => /\.(css|woff2?)$/.test(name))
        .map((name) => name.split('/').pop()!),
    };
  });
}

describe('branding', () => {
  it('an owner saves colours, font and a logo; only their own guest pages show them', async () => {
    const page = await ownerContext.newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, e2e.server, hotel.owner.email, '/admin/branding');
    await page.getByRole('heading', { name: 'Branding Verwaltung' }).waitFor();
    await page.getByRole('tab', { name: 'Farben' }).waitFor();

    // A primary colour white text cannot be read on is refused next to its field.
    const primary = page.getByRole('textbox', { name: 'Primärfarbe', exact: true });
    await primary.fill('#F4D35E');
    await page
      .getByText(/^Primärfarbe: Weiße Schrift auf der Primärfarbe ist zu schwach lesbar/)
      .waitFor();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await toast(page).getByText('Bitte prüfen Sie die markierten Felder.').waitFor();

    await primary.fill('#1B4332');
    await page.getByRole('textbox', { name: 'Akzentfarbe', exact: true }).fill('#F4D35E');
    await expect.poll(() => page.locator('form [role="alert"]').allTextContents()).toEqual([]);
    // The preview is the guest page's own header card: its band wears the unsaved colour.
    const preview = page
      .getByTestId('branding-preview')
      .locator('div[style*="background-color"]')
      .first();
    await expect
      .poll(() => preview.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(27, 67, 50)');

    await page.getByRole('tab', { name: 'Text' }).click();
    await page.getByLabel('Firmenname').fill('Waldesruh Hotel & Spa');
    await page.getByLabel('Locker').check();
    // The guest page's casual greeting, the same words guests then read.
    await page.getByTestId('branding-preview').getByText('Schön, dass du da warst!').waitFor();

    await page.getByRole('tab', { name: 'Inhalt' }).click();
    await page.getByLabel('Schriftart').selectOption('Montserrat');
    // The preview shows what a guest sees: a first scan in the phone's own
    // font (decision 0412), the payment step and every later visit in the chosen one.
    const previewPage = page.getByTestId('branding-preview-page');
    const previewFont = () => previewPage.evaluate((el) => getComputedStyle(el).fontFamily);
    await page.getByRole('radio', { name: 'Erster Scan' }).check();
    await expect.poll(previewFont).toBe('sans-serif');
    await page
      .getByTestId('branding-preview')
      .getByText(/Beim ersten Scan zeigt das Handy die Startseite in seiner eigenen Schrift/)
      .waitFor();
    await page.getByRole('radio', { name: 'Ab dem Bezahlschritt' }).check();
    await expect.poll(previewFont).toMatch(/^Montserrat/);
    await page.getByLabel('Sprache').selectOption('en');

    await page.getByRole('tab', { name: 'Medien' }).click();
    // A disguised file is refused by the server with the field's message.
    await page.getByLabel('Logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await page
      .getByText('Logo: Bitte wählen Sie ein Bild im Format PNG, JPEG oder WebP (kein SVG).')
      .waitFor();
    await page.getByLabel('Logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await logoPng(),
    });
    await page.getByRole('img', { name: 'Aktuelles Logo' }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByRole('button', { name: 'Speichern' }).click();
    await toast(page).getByText('Branding gespeichert').waitFor();
    await page.getByText(/^Zuletzt gespeichert:/).waitFor();
    await screenshot(page, 'admin-branding-390');
    expect(errors).toEqual([]);

    // After a reload the saved values come back from the e2e.server.
    await page.reload();
    await page.getByRole('tab', { name: 'Medien' }).click();
    const logoUrl = await page.getByRole('img', { name: 'Aktuelles Logo' }).getAttribute('src');
    expect(logoUrl).toMatch(/^\/api\/media\//);

    const guest = await guestContext.newPage();
    const guestErrors = trackPageErrors(guest);
    const branded = await guestLook(guest, hotel.points[0]!.uid, 'Montserrat');
    expect(branded).toMatchObject({ themed: true, primary: '#1B4332', headerLogo: logoUrl });
    expect(branded.font).toContain('Montserrat');
    expect(branded.headerText).toContain('Waldesruh Hotel & Spa');
    expect(branded.fontFiles.some((name) => name.startsWith('montserrat'))).toBe(true);
    // Only the chosen font is fetched, never the other five.
    for (const other of ['fira-sans', 'inter', 'roboto', 'open-sans', 'poppins']) {
      expect(branded.fontFiles.filter((name) => name.startsWith(`${other}-`))).toEqual([]);
    }
    const header = guest.locator('main img[src^="/api/media/"]').locator('..');
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(27, 67, 50)',
    );
    await screenshot(guest, 'guest-branded-390');

    // The other business's tip page keeps its own look: default colours, no logo, Fira Sans.
    const other = await guestContext.newPage();
    const plain = await guestLook(other, cafe.points[0]!.uid, 'Fira Sans');
    expect(plain).toMatchObject({ themed: true, primary: '#003057', headerLogo: null });
    expect(plain.font).toContain('Fira Sans');
    expect(plain.headerText).toContain('Café Sonne');
    expect(plain.headerText).not.toContain('Waldesruh');
    expect(guestErrors).toEqual([]);
  });

  it("shows the business's branding on the error page of its deactivated code", async () => {
    await e2e.server.deps.database.query(
      'UPDATE payment_entrypoints SET active = false WHERE uid = $1',
      [hotel.points[0]!.uid],
    );
    const page = await guestContext.newPage();
    const response = await page.goto(`/t/${hotel.points[0]!.uid}`);
    expect(response?.status()).toBe(410);
    await page.getByRole('heading', { name: 'QR-Code nicht gültig' }).waitFor();
    await page.getByText('Waldesruh Hotel & Spa').waitFor();
    const primary = await page
      .locator('[data-brand]')
      .evaluate((el) => getComputedStyle(el).getPropertyValue('--primary').trim());
    expect(primary).toBe('#1B4332');
  });
});
