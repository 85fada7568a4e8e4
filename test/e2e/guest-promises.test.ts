import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails, tipReplyAddresses } from '../../src/server/db/schema';
import { createBusiness, type FactoryBusiness } from '../support/factories';
import { useE2E } from './support/environment';
import { trackPageErrors } from './support/harness';
import { horizontalOverflow, seriousAxeViolations } from './support/page-checks';
import type { ReceivedMail } from './support/smtp';
import { replyFromDashboard } from './support/staff-reply';

/**
 * "promises to guests kept". Defect 1: the feedback dialog's one 'Senden' keeps what
 * it promised for the guest's address (receipt, reply by e-mail). Defect 7: 'Später zahlen'
 * keeps the message and the contribution, and the link can be mailed to the guest.
 */
const e2e = useE2E({ seeded: false, smtp: true });
let hotel: FactoryBusiness;
let phone: BrowserContext;

const text = (value: string | null) =>
  (value ?? '').replace(/[\u00a0\u202f]/g, ' ').replace(/\r/g, '');
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
const mailsTo = (address: string): ReceivedMail[] =>
  e2e.smtp.mails.filter((mail) => mail.to.includes(address));

beforeAll(async () => {
  hotel = await createBusiness(e2e.server.deps.database.db, {
    name: 'Hotel Seeblick',
    employees: [{ fullName: 'Clara Fischer', jobTitle: 'Barkeeperin' }],
    points: ['person'],
  });
  phone = await e2e.context({ viewport: { width: 390, height: 844 }, isMobile: true });
  await phone.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: e2e.server.url,
  });
});
afterAll(async () => {
  await phone?.close();
});

/** From the tip page to the checkout with 15 €, the contribution ticked and a message. */
async function toCheckout(page: Page, message: string): Promise<void> {
  await page.goto(`/t/${hotel.points[0]!.uid}`);
  await page.getByRole('button', { name: '15 €' }).click();
  await page.getByRole('button', { name: 'Weiter zur Zahlung · 15,00 €' }).click();
  await page.getByLabel(/Ich übernehme die Plattformkosten/).check();
  await page.getByLabel('Persönliche Nachricht (optional)').fill(message);
  await page.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
  await page.waitForURL('**/checkout/demo/**');
}

describe('the feedback dialog keeps its promises (defect 1)', () => {
  it('one Senden: the receipt arrives, and Clara’s answer reaches the guest’s address', async () => {
    const guestAddress = 'gast-antwort@example.org';
    const guest = await phone.newPage();
    const guestErrors = trackPageErrors(guest);
    await guest.goto(`/t/${hotel.points[0]!.uid}`);
    await guest.getByRole('button', { name: '10 €' }).click();
    await guest.getByRole('button', { name: 'Weiter zur Zahlung · 10,00 €' }).click();
    await guest.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
    await guest.waitForURL('**/checkout/demo/**');
    await guest.getByRole('button', { name: 'Bezahlen' }).click();
    await guest.getByRole('heading', { name: 'Vielen Dank für Ihre Wertschätzung!' }).waitFor();

    const dialog = guest.getByRole('dialog', { name: 'Möchtest du noch etwas sagen?' });
    await dialog.waitFor();
    await dialog.getByLabel('Nachricht (optional)').fill('Der beste Espresso Martini!');
    await dialog.getByLabel('E-Mail-Adresse (optional)').fill(guestAddress);
    await dialog.getByLabel(/Antwort per E-Mail erhalten/).check();
    await dialog
      .getByText('Dann bewahren wir die Adresse verschlüsselt auf', { exact: false })
      .waitFor();
    expect(await horizontalOverflow(guest)).toBe(0);
    expect(await seriousAxeViolations(guest)).toEqual([]);
    // One step, one send button: no second button that alone would keep the address.
    expect(await dialog.getByRole('button', { name: 'Beleg zuschicken' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Senden', exact: true }).click();

    const receipt = await e2e.smtp.waitForMail(guestAddress, 15_000);
    expect(text(receipt.text)).toContain('Trinkgeld für Clara: 10,00 €');
    expect(text(receipt.text)).toContain('Wir bewahren Ihre Adresse verschlüsselt auf');
    await guest.waitForURL('**/thank-you?tipId=**');
    await guest.getByText(`Beleg gesendet an ${guestAddress}`).waitFor();
    expect(guestErrors).toEqual([]);

    // Clara answers from the messages; she never sees the address.
    const staffContext = await e2e.context();
    const staff = await staffContext.newPage();
    const staffErrors = trackPageErrors(staff);
    await replyFromDashboard(staff, e2e.server, {
      email: hotel.employees[0]!.email,
      guestMessage: 'Der beste Espresso Martini!',
      reply: 'Danke, bis zum nächsten Mal!',
      tab: 'Nachrichten',
    });
    expect(await staff.content()).not.toContain(guestAddress);

    await poll(() => mailsTo(guestAddress).length).toBe(2);
    const answer = text(mailsTo(guestAddress)[1]!.text);
    expect(answer).toContain('Clara hat auf Ihre Nachricht geantwortet');
    expect(answer).toContain('Danke, bis zum nächsten Mal!');
    // Sent, so forgotten: no sealed address left, and the outbox never named it.
    const db = e2e.server.deps.database.db;
    expect(await db.select().from(tipReplyAddresses)).toEqual([]);
    const named = (await db.select().from(outboxEmails)).filter(
      (row) => row.toAddress.includes(guestAddress) || row.textBody.includes(guestAddress),
    );
    expect(named).toEqual([]);
    expect(staffErrors).toEqual([]);
    await staffContext.close();
    await guest.close();
  });

  it('a reply without a receipt: unticking the receipt sends none, the answer still arrives', async () => {
    const guestAddress = 'nur-antwort@example.org';
    const guest = await phone.newPage();
    const guestErrors = trackPageErrors(guest);
    await toCheckout(guest, 'Danke für die Empfehlung!');
    await guest.getByRole('button', { name: 'Bezahlen' }).click();
    const dialog = guest.getByRole('dialog', { name: 'Möchtest du noch etwas sagen?' });
    await dialog.waitFor();
    await dialog.getByLabel('E-Mail-Adresse (optional)').fill(guestAddress);
    // The guest wrote when paying, so the reply can be asked for without new words.
    await dialog.getByLabel(/Antwort per E-Mail erhalten/).check();
    await dialog.getByLabel('Beleg per E-Mail').uncheck();
    await dialog.getByRole('button', { name: 'Senden', exact: true }).click();
    await guest.waitForURL('**/thank-you?tipId=**');
    await guest.getByText(`Die Antwort schicken wir an ${guestAddress}.`).waitFor();
    expect(mailsTo(guestAddress)).toEqual([]);

    const staffContext = await e2e.context();
    const staff = await staffContext.newPage();
    await replyFromDashboard(staff, e2e.server, {
      email: hotel.employees[0]!.email,
      guestMessage: 'Danke für die Empfehlung!',
      reply: 'Sehr gern!',
      tab: 'Nachrichten',
    });
    const answer = await e2e.smtp.waitForMail(guestAddress, 15_000);
    expect(text(answer.text)).toContain('Sehr gern!');
    expect(mailsTo(guestAddress)).toHaveLength(1);
    expect(guestErrors).toEqual([]);
    await staffContext.close();
    await guest.close();
  });
});

describe('‘Später zahlen’ keeps what the guest entered (defect 7)', () => {
  it('the link restores message and contribution, and arrives by e-mail at the guest’s address', async () => {
    const guestAddress = 'spaeter@example.org';
    const page = await phone.newPage();
    const errors = trackPageErrors(page);
    await toCheckout(page, 'Bis morgen, Clara!');
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    await page
      .getByRole('heading', { name: 'Die Zahlung konnte leider nicht abgeschlossen werden' })
      .waitFor();
    await page.getByRole('button', { name: 'Später zahlen' }).click();
    await page.getByText('Link kopiert').waitFor();
    const link = (await page.getByTestId('pay-later-link').getAttribute('href'))!;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // Opened later (in another tab or on another phone), the link shows what the guest entered.
    const later = await phone.newPage();
    const laterErrors = trackPageErrors(later);
    await later.goto(link);
    await later.getByRole('heading', { name: 'Zahlungsmethode' }).waitFor();
    await poll(() => later.getByLabel('Persönliche Nachricht (optional)').inputValue()).toBe(
      'Bis morgen, Clara!',
    );
    expect(await later.getByLabel(/Ich übernehme die Plattformkosten/).isChecked()).toBe(true);
    await later.getByText('Danke für Ihre Unterstützung!').waitFor();
    expect(text(await later.locator('dl').first().textContent())).toContain('Trinkgeld15,00 €');
    expect(laterErrors).toEqual([]);
    await later.close();

    // Sent to the guest's own address: used for this mail only.
    await page.getByLabel('Link an meine E-Mail-Adresse senden').fill(guestAddress);
    await page.getByRole('button', { name: 'Link zuschicken' }).click();
    await page.getByText(`Link gesendet an ${guestAddress}`).waitFor();
    const mail = await e2e.smtp.waitForMail(guestAddress, 15_000);
    const mailed = /(http\S+\/t\/\S+later=[A-Za-z0-9_-]+)/.exec(text(mail.text))?.[1];
    expect(mailed).toBe(link);
    expect(text(mail.text)).toContain('15,00 €');
    const named = (await e2e.server.deps.database.db.select().from(outboxEmails)).filter(
      (row) =>
        row.toAddress.includes(guestAddress) ||
        row.textBody.includes(guestAddress) ||
        row.textBody.includes(new URL(link).searchParams.get('later')!),
    );
    expect(named).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('at 360 px the ‘Link kopiert’ toast leaves the link visible', async () => {
    const narrow = await e2e.context({ viewport: { width: 360, height: 640 }, isMobile: true });
    await narrow.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: e2e.server.url,
    });
    const page = await narrow.newPage();
    const errors = trackPageErrors(page);
    await toCheckout(page, 'Schmal');
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    await page.getByRole('button', { name: 'Später zahlen' }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Link kopiert' });
    await toast.waitFor();
    const linkBox = await page.getByTestId('pay-later-link').boundingBox();
    const toastBox = await toast.boundingBox();
    expect(linkBox).not.toBeNull();
    expect(toastBox).not.toBeNull();
    const overlap =
      linkBox!.x < toastBox!.x + toastBox!.width &&
      toastBox!.x < linkBox!.x + linkBox!.width &&
      linkBox!.y < toastBox!.y + toastBox!.height &&
      toastBox!.y < linkBox!.y + linkBox!.height;
    expect({ overlap, linkBox, toastBox }).toMatchObject({ overlap: false });
    // The link is on screen, not scrolled away.
    expect(linkBox!.y).toBeGreaterThanOrEqual(0);
    expect(linkBox!.y + linkBox!.height).toBeLessThanOrEqual(640);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await narrow.close();
  });
});
