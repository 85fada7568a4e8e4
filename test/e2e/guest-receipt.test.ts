import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tips } from '../../src/server/db/schema';
import { payoutContext, runPayoutBatch } from '../../src/server/features/payouts/batches';
import { createBusiness, type FactoryBusiness } from '../support/factories';
import { useE2E } from './support/environment';
import { trackPageErrors } from './support/harness';
import { horizontalOverflow, seriousAxeViolations } from './support/page-checks';
import { replyFromDashboard } from './support/staff-reply';

/**
 * Done when (items 4 and 5): a guest pays with a receipt address and the receipt
 * arrives; the employee replies; a payout batch runs; the guest's private thank-you link shows
 * the delivery and the reply, and the employee's history shows 'Ausgezahlt' with the reference.
 */
const e2e = useE2E({ seeded: false, smtp: true });
let hotel: FactoryBusiness;

const text = (value: string | null) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
const quiet = { warn() {}, info() {}, error() {} };

beforeAll(async () => {
  hotel = await createBusiness(e2e.server.deps.database.db, {
    name: 'Hotel Seeblick',
    employees: [{ fullName: 'Maria Schneider' }],
    points: ['person'],
  });
});

describe('guest receipt, reply and proof of delivery', () => {
  it('receipt by e-mail, a reply, a payout: the private link shows where the money went', async () => {
    const guestAddress = 'gast@example.org';
    const phone = { viewport: { width: 390, height: 844 }, isMobile: true };
    const guestContext = await e2e.context(phone);
    const guest = await guestContext.newPage();
    const guestErrors = trackPageErrors(guest);
    const uid = hotel.points[0]!.uid;
    await guest.goto(`/t/${uid}`);
    await guest.getByRole('heading', { name: 'Trinkgeld geben' }).waitFor();
    await guest.getByRole('button', { name: '10 €' }).click();
    await guest.getByRole('button', { name: 'Weiter zur Zahlung · 10,00 €' }).click();
    await guest.getByLabel('Persönliche Nachricht (optional)').fill('Danke für den Cocktail!');
    await guest.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
    await guest.waitForURL('**/checkout/demo/**');
    await guest.getByRole('button', { name: 'Bezahlen' }).click();
    await guest.getByRole('heading', { name: 'Vielen Dank für Ihre Wertschätzung!' }).waitFor();

    // The success step's dialog takes the address with the feedback, in one step (decision 0455).
    const dialog = guest.getByRole('dialog', { name: 'Möchtest du noch etwas sagen?' });
    await dialog.waitFor();
    await dialog.getByLabel('E-Mail-Adresse (optional)').fill('kein-at-zeichen');
    await dialog.getByRole('button', { name: 'Senden', exact: true }).click();
    await dialog.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.').waitFor();
    await dialog.getByLabel('E-Mail-Adresse (optional)').fill(guestAddress);
    await dialog.getByLabel(/Antwort per E-Mail erhalten/).check();
    expect(await dialog.getByLabel('Beleg per E-Mail').isChecked()).toBe(true);
    expect(await seriousAxeViolations(guest)).toEqual([]);
    await dialog.getByRole('button', { name: 'Senden', exact: true }).click();

    const receipt = await e2e.smtp.waitForMail(guestAddress, 15_000);
    const receiptText = text(receipt.text).replace(/\r/g, '');
    expect(receiptText).toContain('Trinkgeld für Maria: 10,00 €');
    expect(receiptText).toContain('Betrieb: Hotel Seeblick');
    const link = /(http\S+\/thank-you\?tipId=[0-9a-f-]+#token=[A-Za-z0-9_-]+)/.exec(
      receiptText,
    )?.[1];
    expect(link, receiptText).toBeDefined();
    const tipId = new URL(link!).searchParams.get('tipId')!;
    expect(receiptText).toContain(`Referenz: ${tipId.slice(0, 8)}`);

    await guest.waitForURL('**/thank-you?tipId=**');
    await guest.getByText(`Beleg gesendet an ${guestAddress}`).waitFor();
    expect(guestErrors).toEqual([]);

    // Maria answers from 'Heute'; she never sees the guest's address.
    const staffContext = await e2e.context();
    const staff = await staffContext.newPage();
    const staffErrors = trackPageErrors(staff);
    await replyFromDashboard(staff, e2e.server, {
      email: hotel.employees[0]!.email,
      guestMessage: 'Danke für den Cocktail!',
      reply: 'Sehr gern – bis zum nächsten Mal!',
    });
    expect(await staff.content()).not.toContain(guestAddress);
    await poll(() => e2e.smtp.mails.filter((mail) => mail.to.includes(guestAddress)).length).toBe(
      2,
    );
    const replyMail = text(e2e.smtp.mails.filter((m) => m.to.includes(guestAddress))[1]!.text);
    expect(replyMail).toContain('Maria hat auf Ihre Nachricht geantwortet');
    expect(replyMail).toContain('Sehr gern – bis zum nächsten Mal!');

    // The payout batch (as the owner's 'Jetzt auszahlen' or the schedule would run it).
    const deps = e2e.server.deps;
    await runPayoutBatch(payoutContext(deps, quiet), { businessId: hotel.id, trigger: 'manual' });
    const [paid] = await deps.database.db.select().from(tips).where(eq(tips.id, tipId));
    expect(paid!.status).toBe('completed');
    const day = new Intl.DateTimeFormat('de-DE', {
      day: 'numeric',
      month: 'long',
      timeZone: 'Europe/Berlin',
    }).format(paid!.processedAt!);

    // The private link from the mail works in a browser that never paid.
    const laterContext = await e2e.context(phone);
    const later = await laterContext.newPage();
    const laterErrors = trackPageErrors(later);
    await later.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
    const delivery = later.getByTestId('thank-you-delivery');
    await delivery.waitFor();
    expect(text(await delivery.textContent())).toContain(
      `10,00 € haben Maria am ${day} erreicht, ohne Abzug`,
    );
    expect(text(await later.getByTestId('thank-you-reply').textContent())).toContain(
      'Sehr gern – bis zum nächsten Mal!',
    );
    expect(await horizontalOverflow(later)).toBe(0);
    expect(await seriousAxeViolations(later)).toEqual([]);
    expect(laterErrors).toEqual([]);

    // Maria's history: 'Ausgezahlt' with the transfer's reference.
    await staff.getByRole('tab', { name: 'Historie', exact: true }).click();
    const row = staff.getByTestId('tip-row').filter({ hasText: 'Ausgezahlt' }).first();
    await row.waitFor();
    expect(text(await row.textContent())).toContain(
      `Referenz: ${paid!.stripeTransferId!.slice(-8)}`,
    );
    expect(staffErrors).toEqual([]);
  });
});
