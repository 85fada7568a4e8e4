import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { tips } from '../../src/server/db/schema';
import { payoutContext, runManualPayoutBatch } from '../../src/server/features/payouts/batches';
import {
  createBusiness,
  createPlatformAdmin,
  type FactoryBusiness,
  type FactoryPerson,
} from '../support/factories';
import { openSignedIn } from './support/auth';
import { useE2E } from './support/environment';
import { trackPageErrors } from './support/harness';
import { horizontalOverflow, seriousAxeViolations } from './support/page-checks';

/**
 * A guest is on the demo checkout when the operator suspends the business (or
 * the owner deactivates the person, or the business is closed later). The checkout completes as
 * designed, so the way back says it was paid: the thanks with amount and recipient, feedback and
 * the receipt by e-mail, the thank-you page and the private link; never 'Service nicht
 * verfügbar'. New tips through the code stay refused.
 */
const e2e = useE2E({ seeded: false, smtp: true });
const phone = { viewport: { width: 390, height: 844 }, isMobile: true };
const text = (value: string | null) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

let hotel: FactoryBusiness;
let bar: FactoryBusiness;
let kiosk: FactoryBusiness;
let operator: FactoryPerson;

beforeAll(async () => {
  const db = e2e.server.deps.database.db;
  hotel = await createBusiness(db, {
    name: 'Hotel Seeblick',
    employees: [{ fullName: 'Maria Schneider', jobTitle: 'Barkeeperin' }],
    points: ['person'],
  });
  bar = await createBusiness(db, {
    name: 'Bar Blau',
    employees: [{ fullName: 'Lena Hoffmann' }, { fullName: 'Tom Berg' }],
    points: ['person'],
  });
  kiosk = await createBusiness(db, {
    name: 'Kiosk am Hafen',
    employees: [{ fullName: 'Jonas Weber' }],
    points: ['person'],
  });
  operator = await createPlatformAdmin(db, { businessId: hotel.id });
});

/** A signed-in browser whose API calls act as that person (the operator's or owner's service). */
async function signedIn(email: string): Promise<BrowserContext> {
  const context = await e2e.context();
  const page = await context.newPage();
  await openSignedIn(page, e2e.server, email);
  await page.close();
  return context;
}

async function act(context: BrowserContext, path: string, data: object): Promise<void> {
  const response = await context.request.post(path, {
    headers: { origin: e2e.server.url },
    data,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Uncaught errors and console errors of a page (a failed hydration among them); the refusal of a
 * tip page that takes no tips (403) is the one error the browser logs on purpose.
 */
function pageProblems(page: Page): string[] {
  const problems = trackPageErrors(page);
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (/the server responded with a status of 403/.test(message.text())) return;
    problems.push(`${message.text()} (${page.url()})`);
  });
  return problems;
}

/** The guest picks 10 € with a message and stops on the demo checkout, before 'Bezahlen'. */
async function guestOnCheckout(uid: string): Promise<{ guest: Page; errors: string[] }> {
  const guest = await (await e2e.context(phone)).newPage();
  const errors = pageProblems(guest);
  await guest.goto(`/t/${uid}`);
  await guest.getByRole('heading', { name: 'Trinkgeld geben' }).waitFor();
  await guest.getByRole('button', { name: '10 €' }).click();
  await guest.getByRole('button', { name: 'Weiter zur Zahlung · 10,00 €' }).click();
  await guest.getByLabel('Persönliche Nachricht (optional)').fill('Danke für den Abend!');
  await guest.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
  await guest.waitForURL('**/checkout/demo/**');
  await guest.getByRole('button', { name: 'Bezahlen' }).waitFor();
  return { guest, errors };
}

/** The return page's thanks: heading, amount and recipient, and no refusal anywhere on it. */
async function expectThanks(guest: Page, recipient: string): Promise<void> {
  await guest.getByRole('heading', { name: 'Vielen Dank für Ihre Wertschätzung!' }).waitFor();
  expect(text(await guest.getByTestId('success-tip-amount').textContent())).toBe('10,00 €');
  await guest.getByText(`wurde erfolgreich an ${recipient} übermittelt`).waitFor();
  await guest.getByText('„Danke für den Abend!“').waitFor();
  const shown = text(await guest.locator('body').textContent());
  expect(shown).not.toContain('Service nicht verfügbar');
  expect(shown).not.toContain('Nicht mehr erreichbar');
  expect(await horizontalOverflow(guest)).toBe(0);
}

/**
 * The dialog after paying, in its one step: a few words (optional) and the address for the
 * receipt, sent with 'Senden'; answers the private link from the mailed receipt.
 */
async function receiptLink(
  guest: Page,
  address: string,
  recipientFirstName: string,
  message?: string,
) {
  const dialog = guest.getByRole('dialog', { name: 'Möchtest du noch etwas sagen?' });
  await dialog.waitFor();
  if (message) await dialog.getByLabel('Nachricht (optional)').fill(message);
  await dialog.getByLabel('E-Mail-Adresse (optional)').fill(address);
  await dialog.getByRole('button', { name: 'Senden', exact: true }).click();
  await guest.waitForURL('**/thank-you?tipId=**');
  await guest.getByText(`Beleg gesendet an ${address}`).waitFor();
  const receipt = text((await e2e.smtp.waitForMail(address, 15_000)).text).replace(/\r/g, '');
  expect(receipt).toContain(`Trinkgeld für ${recipientFirstName}: 10,00 €`);
  const link = /(http\S+\/thank-you\?tipId=[0-9a-f-]+#token=[A-Za-z0-9_-]+)/.exec(receipt)?.[1];
  expect(link, receipt).toBeDefined();
  return { path: link!.replace(/^https?:\/\/[^/]+/, '') };
}

describe('a tip paid while its code stopped taking tips', () => {
  it('the operator suspends the business during the checkout: the return page thanks the guest, the receipt and thank-you page work, new tips are refused', async () => {
    const uid = hotel.points[0]!.uid;
    const { guest, errors } = await guestOnCheckout(uid);
    const operatorBrowser = await signedIn(operator.email);
    await act(operatorBrowser, `/api/admin/businesses/${hotel.id}/suspend`, {
      reason: 'Vertrag wird geprüft',
    });

    await guest.getByRole('button', { name: 'Bezahlen' }).click();
    await expectThanks(guest, 'Maria Schneider');
    expect(await seriousAxeViolations(guest)).toEqual([]);

    // The dialog after paying: a few words and the address for the receipt, in one step.
    await receiptLink(guest, 'gast@example.org', 'Maria', 'Schöner Abend!');
    await guest.getByRole('heading', { name: 'Vielen Dank!' }).waitFor();
    expect(text(await guest.getByTestId('thank-you-tip').textContent())).toBe('10,00 €');
    await guest.getByText('Trinkgeld für Maria Schneider').waitFor();
    await guest.getByText('Schöner Abend!').waitFor();
    expect(await horizontalOverflow(guest)).toBe(0);

    // The way to a new tip stays shut.
    await guest.getByRole('link', { name: 'Zurück zur Trinkgeld-Seite' }).click();
    await guest.getByRole('heading', { name: 'Service nicht verfügbar' }).waitFor();
    await guest.getByText('Dieser Betrieb nimmt derzeit kein digitales Trinkgeld an.').waitFor();
    expect(errors).toEqual([]);
  });

  it('a guest who leaves the checkout after the suspension is told the business takes no tips; the attempt ends', async () => {
    const cafe = await createBusiness(e2e.server.deps.database.db, {
      name: 'Café Morgenrot',
      points: ['person'],
    });
    const { guest, errors } = await guestOnCheckout(cafe.points[0]!.uid);
    const operatorBrowser = await signedIn(operator.email);
    await act(operatorBrowser, `/api/admin/businesses/${cafe.id}/suspend`, {
      reason: 'Vertrag wird geprüft',
    });

    await guest.getByRole('button', { name: 'Abbrechen' }).click();
    await guest.getByRole('heading', { name: 'Service nicht verfügbar' }).waitFor();
    const [attempt] = await e2e.server.deps.database.db
      .select({ status: tips.status })
      .from(tips)
      .where(eq(tips.businessId, cafe.id));
    expect(attempt).toEqual({ status: 'cancelled' });
    expect(errors).toEqual([]);
  });

  it('the owner deactivates the person during the checkout: the return page thanks them by name', async () => {
    const { guest, errors } = await guestOnCheckout(bar.points[0]!.uid);
    const ownerBrowser = await signedIn(bar.owner.email);
    await act(ownerBrowser, `/api/admin/users/${bar.employees[0]!.id}/deactivate`, {});

    await guest.getByRole('button', { name: 'Bezahlen' }).click();
    await expectThanks(guest, 'Lena Hoffmann');
    await receiptLink(guest, 'gast.bar@example.org', 'Lena');
    await guest.getByText('Trinkgeld für Lena Hoffmann').waitFor();
    expect(errors).toEqual([]);
  });

  it('a business closed after the payout: the way back and the private link still say it was paid', async () => {
    const uid = kiosk.points[0]!.uid;
    const { guest, errors } = await guestOnCheckout(uid);
    await guest.getByRole('button', { name: 'Bezahlen' }).click();
    await expectThanks(guest, 'Jonas Weber');
    const { path } = await receiptLink(guest, 'gast.kiosk@example.org', 'Jonas');
    const tipId = new URL(path, e2e.server.url).searchParams.get('tipId')!;

    await runManualPayoutBatch(
      payoutContext(e2e.server.deps, { warn() {}, info() {}, error() {} }),
      {
        businessId: kiosk.id,
      },
    );
    const operatorBrowser = await signedIn(operator.email);
    await act(operatorBrowser, `/api/admin/businesses/${kiosk.id}/close`, {
      confirmName: 'Kiosk am Hafen',
    });

    // Back to the checkout's return address (the browser's history): the thanks again.
    await guest.goto(`/t/${uid}?checkout=return&tip=${tipId}`);
    await expectThanks(guest, 'Jonas Weber');
    // The private link from the receipt, in a browser that never paid: paid, and delivered.
    const later = await (await e2e.context(phone)).newPage();
    const laterErrors = pageProblems(later);
    await later.goto(path);
    await later.getByRole('heading', { name: 'Vielen Dank!' }).waitFor();
    expect(text(await later.getByTestId('thank-you-tip').textContent())).toBe('10,00 €');
    expect(text(await later.getByTestId('thank-you-delivery').textContent())).toContain(
      '10,00 € haben Jonas',
    );
    expect(errors).toEqual([]);
    expect(laterErrors).toEqual([]);
  });
});
