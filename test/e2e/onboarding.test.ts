import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../src/server/db/schema';
import { createBusiness, createPerson, FACTORY_PASSWORD } from '../support/factories';
import { signInInBrowser } from './support/auth';
import { seriousA11yViolations } from './support/axe';
import { ARTIFACTS_DIR, screenshot, trackPageErrors } from './support/harness';
import { useE2E } from './support/environment';

const e2e = useE2E({ seeded: false });
let hotelId: string;

beforeAll(async () => {
  hotelId = (await createBusiness(e2e.server.deps.database.db, { name: 'Hotel Seeblick' })).id;
});

/**
 * A new colleague for each test (and each attempt: a retry must not meet a finished onboarding):
 * an account and a profile without a name, as user management creates them.
 */
async function newColleague(): Promise<string> {
  const db = e2e.server.deps.database.db;
  const email = `nora.neumann.${randomUUID().slice(0, 8)}@hotel-seeblick.example`;
  const nora = await createPerson(db, { email, withProfile: false });
  await db.insert(profiles).values({ id: nora.id, role: 'employee', email, businessId: hotelId });
  return email;
}

async function pictureFile(): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, 'profilbild.jpg');
  const jpeg = await sharp({
    create: { width: 900, height: 900, channels: 3, background: { r: 200, g: 170, b: 97 } },
  })
    .jpeg()
    .toBuffer();
  writeFileSync(file, jpeg);
  return file;
}

describe('onboarding (spec §2 profile completion)', () => {
  it('sends a person without a full name to onboarding, and they complete it', async () => {
    const context = await e2e.context();
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const NORA = await newColleague();

    await signInInBrowser(page, NORA, FACTORY_PASSWORD);
    await page.waitForURL('**/employee/onboarding');
    await page
      .getByRole('heading', { name: 'Willkommen! Vervollständigen Sie Ihr Profil' })
      .waitFor();

    // Other pages wait until the profile is complete.
    await page.goto('/employee/dashboard');
    await page.waitForURL('**/employee/onboarding');

    const save = page.getByRole('button', { name: 'Profil speichern' });
    expect(await save.isDisabled()).toBe(true);
    expect(await page.getByLabel('Dankesnachricht').inputValue()).toBe(
      'Vielen Dank für Ihr Trinkgeld!',
    );

    await page.getByLabel('Profilbild', { exact: true }).setInputFiles(await pictureFile());
    const avatar = page.getByRole('img', { name: 'Profilbild' });
    await avatar.waitFor();
    const imageUrl = (await avatar.getAttribute('src'))!;
    expect(imageUrl).toMatch(/^\/api\/media\/[0-9a-f-]{36}$/);
    expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);

    // Demo provider: the payout block says honestly that payouts need Stripe.
    await page.getByRole('heading', { name: 'Auszahlung einrichten' }).waitFor();
    expect(await page.getByTestId('payout-demo-note').textContent()).toContain(
      'Demo-Zahlungsanbieter',
    );

    await page.getByLabel(/Vollständiger Name/).fill('Nora Neumann');
    await page.getByLabel('Position').fill('Servicekraft');
    await page.getByLabel('Dankesnachricht').fill('Danke, bis zum nächsten Mal!');
    await screenshot(page, 'onboarding');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await save.isDisabled()).toBe(false);
    await save.click();

    await page.waitForURL('**/employee/dashboard');
    await page.getByTestId('toast').getByText('Profil erfolgreich erstellt!').waitFor();
    await page.getByText('Sie können nun Ihr Dashboard verwenden.').waitFor();

    const [profile] = await e2e.server.deps.database.query<Record<string, string>>(
      `SELECT full_name, job_title, thank_you_message, profile_image_url FROM profiles
       WHERE email = $1`,
      [NORA],
    );
    expect(profile).toEqual({
      full_name: 'Nora Neumann',
      job_title: 'Servicekraft',
      thank_you_message: 'Danke, bis zum nächsten Mal!',
      profile_image_url: imageUrl,
    });
    const image = await context.request.get(imageUrl);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/jpeg');

    // Signed in again, the complete profile goes straight to the dashboard.
    await page.goto('/employee/login');
    await page.waitForURL('**/employee/dashboard');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a file that only pretends to be an image', async () => {
    const context = await e2e.context();
    const page = await context.newPage();
    await signInInBrowser(page, await newColleague(), FACTORY_PASSWORD);
    await page.goto('/employee/onboarding');
    await page.getByLabel('Profilbild', { exact: true }).setInputFiles({
      name: 'bild.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
    });
    await page.getByTestId('toast').getByText('Bild konnte nicht hochgeladen werden').waitFor();
    await page
      .getByTestId('toast')
      .getByText('Bitte wählen Sie ein Bild im Format PNG, JPEG oder WebP.')
      .waitFor();
    await context.close();
  });
});
