import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createBusiness } from '../support/factories';
import { openSignedIn } from './support/auth';
import { useE2E } from './support/environment';
import { screenshot, trackPageErrors } from './support/harness';
import { horizontalOverflow } from './support/page-checks';

/**
 * Trinkgeld Pro (decision 0610) on a phone: a new hotel signs up, tries Pro, books it through the
 * demo provider's checkout, finds its first invoice and downloads both files; an owner on Basis
 * meets a Pro feature and finds the way to it.
 */
const e2e = useE2E({ seeded: false, smtp: true });
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true };
const PASSWORD = 'Sonnenhang-2026';

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

const toast = (page: Page) => page.getByTestId('toast');

/** Signs a new hotel up through the form and the e-mailed link; ends on its dashboard. */
async function signUp(page: Page, email: string) {
  await page.goto('/');
  await page.locator('#pro').getByRole('link', { name: 'Pro testen' }).click();
  await page.waitForURL('**/registrieren');
  await page.getByLabel(/^Ihr vollständiger Name/).fill('Maria Sommer');
  await page.getByRole('textbox', { name: /^E-Mail/ }).fill(email);
  await page.getByLabel(/^Name des Betriebs/).fill('Hotel Sonnenhang');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await page.getByRole('heading', { name: 'Fast geschafft!' }).waitFor();
  const mail = await e2e.smtp.waitForMail(email);
  const link =
    /(http:\/\/127\.0\.0\.1:\d+\/registrieren\/bestaetigen\?token=[A-Za-z0-9_-]{43})/.exec(
      mail.text,
    )?.[1];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(PASSWORD);
  await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /AGB/ }).check();
  await page.getByRole('checkbox', { name: /AVV/ }).check();
  await page.getByRole('button', { name: 'Registrierung abschließen' }).click();
  await page.waitForURL('**/admin/dashboard');
}

describe('Trinkgeld Pro', () => {
  it('a new hotel signs up, tries Pro, books it and downloads its first invoice at 390 px', async () => {
    context = await e2e.context(PHONE);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const email = `inhaberin-${Date.now()}@hotel-sonnenhang.example`;
    await signUp(page, email);

    await page.goto('/admin/tarif');
    await page.getByRole('heading', { level: 1, name: 'Tarif' }).waitFor();
    expect(await page.getByTestId('plan-name').textContent()).toBe('Basis');
    await page.getByRole('button', { name: 'Pro 30 Tage testen' }).click();
    await toast(page).getByText('Pro-Testphase gestartet').waitFor();
    await expect
      .poll(() => page.getByTestId('plan-state').textContent())
      .toMatch(/Pro-Testphase bis/);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'tarif-trial-390');

    // Booking: checked in the browser first, the price with VAT before paying.
    await page.getByRole('button', { name: 'Pro buchen' }).click();
    await page.getByText('Bitte geben Sie den Namen des Rechnungsempfängers an.').waitFor();
    await page.getByLabel(/^Standorte/).fill('2');
    expect(await page.getByTestId('price-gross').textContent()).toContain('45,22');
    await page.getByLabel(/^Firma oder Name/).fill('Hotel Sonnenhang GmbH');
    await page.getByLabel(/^Straße und Hausnummer/).fill('Am Hang 3');
    await page.getByLabel(/^PLZ/).fill('83700');
    await page.getByLabel(/^Ort/).fill('Rottach-Egern');
    await page.getByLabel(/^USt-IdNr/).fill('DE 811 907 980');
    await page.getByLabel(/^E-Mail für Rechnungen/).fill('rechnung@hotel-sonnenhang.example');
    await page.getByRole('button', { name: 'Pro buchen' }).click();

    // The demo provider's checkout: a declined card first, then the payment.
    await page.waitForURL('**/billing/demo/checkout/**');
    await page.getByRole('heading', { name: 'Trinkgeld Pro buchen' }).waitFor();
    expect(await page.locator('main').textContent()).toContain('45,22');
    await page.getByRole('button', { name: 'Karte ablehnen lassen' }).click();
    await page.getByRole('alert').getByText('Die Karte wurde abgelehnt').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Zahlungspflichtig buchen' }).click();
    await page.waitForURL('**/admin/tarif*');
    await toast(page).getByText('Pro gebucht').waitFor();
    await expect
      .poll(() => page.getByTestId('plan-state').textContent())
      .toContain('Pro gebucht für 2 Standorte.');

    const invoice = page.getByTestId('invoice-row');
    await invoice.waitFor();
    const number = /TG-\d{4}-\d{6}/.exec((await invoice.textContent()) ?? '')?.[0];
    expect(number).toBeTruthy();
    expect(await invoice.textContent()).toContain('45,22');
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      invoice.getByRole('link', { name: `Rechnung ${number} als PDF herunterladen` }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`Rechnung-${number}.pdf`);
    const pdfBytes = readFileSync((await pdf.path())!);
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfBytes.includes(Buffer.from('factur-x.xml'))).toBe(true);
    const [xml] = await Promise.all([
      page.waitForEvent('download'),
      invoice.getByRole('link', { name: `Rechnung ${number} als XRechnung herunterladen` }).click(),
    ]);
    expect(xml.suggestedFilename()).toBe(`XRechnung-${number}.xml`);
    const xmlText = readFileSync((await xml.path())!, 'utf8');
    expect(xmlText).toContain(number!);
    expect(xmlText).toContain('DE811907980');
    await screenshot(page, 'tarif-booked-390');
    expect(errors).toEqual([]);
  });

  it('an owner on Basis meets a Pro feature and finds the way to Pro', async () => {
    const cafe = await createBusiness(e2e.server.deps.database.db, {
      plan: 'basis',
      employees: 1,
    });
    context = await e2e.context(PHONE);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, e2e.server, cafe.owner.email);
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin/reports');
    const notice = page.getByTestId('pro-notice');
    await notice.getByText('Berichte mit CSV-Export und QR-Statistiken').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'pro-notice-reports-390');
    await notice.getByRole('link', { name: 'Zum Tarif' }).click();
    await page.waitForURL('**/admin/tarif');
    await page.getByRole('button', { name: 'Pro 30 Tage testen' }).waitFor();
    expect(errors).toEqual([]);
  });
});
