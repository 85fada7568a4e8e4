import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { branding } from '../../src/server/db/schema';
import { createBusiness, type FactoryBusiness } from '../support/factories';
import { useE2E } from './support/environment';
import { trackPageErrors } from './support/harness';
import { horizontalOverflow } from './support/page-checks';

/**
 * 'Förmlich' still said 'Möchtest du noch etwas sagen? Wähle … schreib', and
 * 'Locker' greeted with 'du' beside 'Ihr Trinkgeld …' and '100 % Ihres Trinkgelds'. On a phone
 * (390 px), a guest of each business reads the amount step, the payment step, the thanks, the
 * feedback dialog and the thank-you page in one form of address (decision 0467).
 */
const e2e = useE2E({ seeded: false, smtp: true });
const phone = { viewport: { width: 390, height: 844 }, isMobile: true };
const text = (value: string | null) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

const DU =
  /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|Du|Dein|Deine|Wähle|wähle|schreib|Schreib|gib|frag|wende|warte|versuch)\b/;
const SIE = /\b(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b/;

let formal: FactoryBusiness;
let casual: FactoryBusiness;

beforeAll(async () => {
  const db = e2e.server.deps.database.db;
  formal = await createBusiness(db, {
    name: 'Grandhotel Adler',
    employees: [{ fullName: 'Clara Vogt', jobTitle: 'Concierge' }],
    points: ['person'],
  });
  casual = await createBusiness(db, {
    name: 'Strandbar Welle',
    employees: [{ fullName: 'Ben Kurz', jobTitle: 'Barkeeper' }],
    points: ['person'],
  });
  await db.update(branding).set({ tonality: 'formal' }).where(eq(branding.businessId, formal.id));
  await db.update(branding).set({ tonality: 'casual' }).where(eq(branding.businessId, casual.id));
});

/** The page's words, for the form-of-address check. */
async function shown(page: Page): Promise<string> {
  return text(await page.locator('body').innerText());
}

/** Tips 10 € with the fee, pays on the demo checkout and returns to the thanks. */
async function tipAndPay(uid: string, words: { greeting: string; feeHint: string }) {
  const guest = await (await e2e.context(phone)).newPage();
  const errors = trackPageErrors(guest);
  await guest.goto(`/t/${uid}`);
  await guest.getByText(words.greeting).waitFor();
  const amountStep = await shown(guest);
  await guest.getByRole('button', { name: '10 €' }).click();
  await guest.getByRole('button', { name: 'Weiter zur Zahlung · 10,00 €' }).click();
  await guest.getByText(words.feeHint).waitFor();
  const paymentStep = await shown(guest);
  expect(await horizontalOverflow(guest)).toBe(0);
  await guest.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
  await guest.waitForURL('**/checkout/demo/**');
  await guest.getByRole('button', { name: 'Bezahlen' }).click();
  return { guest, errors, seen: [amountStep, paymentStep] };
}

describe('the guest pages in the business’s tonality, on a phone', () => {
  it("'Förmlich' says 'Sie' from the amount to the thank-you page, the feedback dialog included", async () => {
    const { guest, errors, seen } = await tipAndPay(formal.points[0]!.uid, {
      greeting: 'Wir danken Ihnen für Ihren Besuch.',
      feeHint: '100 % Ihres Trinkgelds kommen an',
    });
    await guest
      .getByRole('heading', { name: 'Wir danken Ihnen für Ihre Wertschätzung.' })
      .waitFor();
    const dialog = guest.getByRole('dialog', { name: 'Möchten Sie noch etwas sagen?' });
    await dialog.waitFor();
    await dialog.getByText('Wählen Sie eine Reaktion und schreiben Sie').waitFor();
    seen.push(text(await dialog.innerText()));
    expect(await horizontalOverflow(guest)).toBe(0);
    await dialog.getByLabel('E-Mail-Adresse (optional)').fill('gast.adler@example.org');
    await dialog.getByRole('button', { name: 'Senden', exact: true }).click();
    await guest.waitForURL('**/thank-you?tipId=**');
    await guest.getByRole('heading', { name: 'Vielen Dank!' }).waitFor();
    await guest.getByText('„Herzlichen Dank für Ihr Trinkgeld.“').waitFor();
    seen.push(await shown(guest));
    expect(await horizontalOverflow(guest)).toBe(0);

    expect(seen.filter((words) => DU.test(words))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("'Locker' says 'du' from the amount to the thank-you page, the feedback dialog included", async () => {
    const { guest, errors, seen } = await tipAndPay(casual.points[0]!.uid, {
      greeting: 'Schön, dass du da warst!',
      feeHint: '100 % deines Trinkgelds kommen an',
    });
    await guest.getByRole('heading', { name: 'Danke dir – das freut uns riesig!' }).waitFor();
    const dialog = guest.getByRole('dialog', { name: 'Möchtest du noch etwas sagen?' });
    await dialog.waitFor();
    await dialog.getByText('Wähle eine Reaktion und schreib').waitFor();
    seen.push(text(await dialog.innerText()));
    expect(await horizontalOverflow(guest)).toBe(0);
    await dialog.getByLabel('E-Mail-Adresse (optional)').fill('gast.welle@example.org');
    await dialog.getByRole('button', { name: 'Senden', exact: true }).click();
    await guest.waitForURL('**/thank-you?tipId=**');
    await guest.getByRole('heading', { name: 'Vielen Dank!' }).waitFor();
    await guest.getByText('„Danke dir für dein Trinkgeld!“').waitFor();
    await guest.getByText('Du kannst dieses Fenster jetzt schließen.').waitFor();
    seen.push(await shown(guest));
    expect(await horizontalOverflow(guest)).toBe(0);

    expect(seen.filter((words) => SIE.test(words))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
