import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import {
  decideDemoCheckout,
  guestHeaders,
  startedTip,
  type GuestTipBody,
} from '../../../../test/support/guest';
import { outboxEmails, tipReplyAddresses, tips } from '../../db/schema';
import { runRetention } from '../../jobs/retention';

/**
 * Issue 46, defect 1: the feedback dialog is one step. Its 'Senden' takes the reaction, the words
 * and the guest's address with what it is for (receipt, reply), so whatever the dialog promised
 * happens: the receipt goes out, the address is kept sealed until the reply is mailed.
 */
let t: TestApp;
let hotel: FactoryBusiness;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, {
    name: 'Hotel Seeblick',
    employees: [{ fullName: 'Clara Fischer' }],
    points: ['person'],
  });
});
afterAll(async () => {
  await t.close();
});

async function paidTip(body: GuestTipBody = {}) {
  const started = await startedTip(t, { code: hotel.points[0]!.uid, ...body });
  await decideDemoCheckout(t, started.checkoutUrl, 'pay');
  return started;
}

const feedback = (tipId: string, payload: Record<string, unknown>, ip = '10.46.0.1') =>
  t.inject({
    method: 'POST',
    url: `/api/guest/tips/${tipId}/feedback`,
    headers: guestHeaders(t),
    remoteAddress: ip,
    payload,
  });

const reply = (cookie: string, tipId: string, message: string) =>
  t.inject({
    method: 'POST',
    url: `/api/employee/tips/${tipId}/reply`,
    headers: { cookie },
    payload: { message },
  });

const keptAddress = async (tipId: string) =>
  t.database.db.select().from(tipReplyAddresses).where(eq(tipReplyAddresses.tipId, tipId));

/** Outbox rows that name the address anywhere: the outbox must never keep a guest's address. */
const outboxNaming = async (address: string) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxEmails)
      .where(
        sql`${outboxEmails.toAddress} LIKE ${`%${address}%`} OR ${outboxEmails.textBody} LIKE ${`%${address}%`}`,
      )
  )[0]!.n;

const mailsTo = (address: string, from: number) =>
  t.printedMails.slice(from).filter((mail) => mail.includes(`An: ${address}`));

describe('one send in the feedback dialog (issue 46, defect 1)', () => {
  it('keeps the sealed reply address and mails the receipt; the reply mails it and deletes it', async () => {
    const tip = await paidTip({ amountCents: 1000 });
    const before = t.printedMails.length;
    const sent = await feedback(tip.tipId, {
      token: tip.token,
      emoji: 'clap',
      message: 'Danke für den Cocktail!',
      contact: {
        email: ' gast@example.org ',
        language: 'de',
        receipt: true,
        replyByEmail: true,
      },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      tipId: tip.tipId,
      emoji: 'clap',
      message: 'Danke für den Cocktail!',
      contact: { receiptSent: true, replyByEmail: true },
    });

    const [row] = await t.database.db.select().from(tips).where(eq(tips.id, tip.tipId));
    expect(row).toMatchObject({
      feedbackEmoji: 'clap',
      feedbackMessage: 'Danke für den Cocktail!',
    });
    const [kept] = await keptAddress(tip.tipId);
    expect(kept!.addressSealed).not.toContain('gast');
    expect(kept!.expiresAt.getTime() - t.clock.now().getTime()).toBe(30 * 24 * 60 * 60_000);

    const receipts = mailsTo('gast@example.org', before);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toContain('Betreff: Ihr Beleg: Trinkgeld bei Hotel Seeblick');
    expect(receipts[0]).toContain('Wir bewahren Ihre Adresse verschlüsselt auf');

    const clara = await signIn(t, hotel.employees[0]!.email);
    const answered = await reply(clara, tip.tipId, 'Sehr gern, bis bald!');
    expect(answered.statusCode).toBe(201);
    const replies = mailsTo('gast@example.org', before).slice(1);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toContain('Clara hat Ihnen geantwortet');
    expect(replies[0]).toContain('„Sehr gern, bis bald!“');
    expect(await keptAddress(tip.tipId)).toEqual([]);
    expect(await outboxNaming('gast@example.org')).toBe(0);
  });

  it('keeps the address for the reply alone when no receipt is wanted', async () => {
    const tip = await paidTip({ guestMessage: 'Tolle Beratung!' });
    const before = t.printedMails.length;
    const sent = await feedback(tip.tipId, {
      token: tip.token,
      emoji: 'smile',
      contact: {
        email: 'nur-antwort@example.org',
        language: 'en',
        receipt: false,
        replyByEmail: true,
      },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().contact).toEqual({ receiptSent: false, replyByEmail: true });
    expect(mailsTo('nur-antwort@example.org', before)).toEqual([]);
    expect(await keptAddress(tip.tipId)).toHaveLength(1);

    const clara = await signIn(t, hotel.employees[0]!.email);
    expect((await reply(clara, tip.tipId, 'Thank you!')).statusCode).toBe(201);
    const replies = mailsTo('nur-antwort@example.org', before);
    expect(replies).toHaveLength(1);
    // In the language the guest read the dialog in.
    expect(replies[0]).toContain('Clara replied to you');
    expect(await keptAddress(tip.tipId)).toEqual([]);
  });

  it('mails a receipt without a reaction; the reaction may still follow', async () => {
    const tip = await paidTip();
    const before = t.printedMails.length;
    const sent = await feedback(tip.tipId, {
      token: tip.token,
      contact: { email: 'beleg@example.org', receipt: true, replyByEmail: false },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      emoji: null,
      message: null,
      contact: { receiptSent: true, replyByEmail: false },
    });
    expect(mailsTo('beleg@example.org', before)).toHaveLength(1);
    expect(await keptAddress(tip.tipId)).toEqual([]);
    const [row] = await t.database.db.select().from(tips).where(eq(tips.id, tip.tipId));
    expect(row!.feedbackAt).toBeNull();
  });

  it('refuses an address without a use, a reply to no words, or nothing at all, and writes nothing', async () => {
    const tip = await paidTip();
    const outbox = async () =>
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outboxEmails))[0]!.n;
    const mailsBefore = await outbox();

    const unused = await feedback(tip.tipId, {
      token: tip.token,
      emoji: 'smile',
      contact: { email: 'gast@example.org', receipt: false, replyByEmail: false },
    });
    expect(unused.statusCode).toBe(400);
    expect(unused.body).toContain('Bitte wählen Sie, wofür wir die Adresse verwenden sollen.');

    const badAddress = await feedback(tip.tipId, {
      token: tip.token,
      emoji: 'smile',
      contact: { email: 'keine-adresse', receipt: true, replyByEmail: false },
    });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.body).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein.');

    const nothing = await feedback(tip.tipId, { token: tip.token });
    expect(nothing.statusCode).toBe(400);

    // The guest wrote nothing, neither when paying nor here: there is nothing to answer.
    const noWords = await feedback(tip.tipId, {
      token: tip.token,
      emoji: 'pray',
      contact: { email: 'gast@example.org', receipt: true, replyByEmail: true },
    });
    expect(noWords.statusCode).toBe(409);
    expect(noWords.json().error.code).toBe('reply_needs_message');

    const [row] = await t.database.db.select().from(tips).where(eq(tips.id, tip.tipId));
    expect(row!.feedbackAt).toBeNull();
    expect(await keptAddress(tip.tipId)).toEqual([]);
    expect(await outbox()).toBe(mailsBefore);
  });

  it('forgets the kept address after 30 days; the reply then mails nobody', async () => {
    const tip = await paidTip();
    await feedback(tip.tipId, {
      token: tip.token,
      emoji: 'smile',
      message: 'Merci!',
      contact: { email: 'spaet@example.org', receipt: false, replyByEmail: true },
    });
    expect(await keptAddress(tip.tipId)).toHaveLength(1);
    t.clock.advance(31 * 24 * 60 * 60_000);
    expect((await runRetention(t.database, t.clock, t.config.retention)).replyAddresses).toBe(1);
    expect(await keptAddress(tip.tipId)).toEqual([]);
    const before = t.printedMails.length;
    const clara = await signIn(t, hotel.employees[0]!.email);
    expect((await reply(clara, tip.tipId, 'Danke zurück')).statusCode).toBe(201);
    expect(t.printedMails.slice(before)).toEqual([]);
  });

  it('mails at once a reply written before the guest asked for it by e-mail', async () => {
    const tip = await paidTip({ guestMessage: 'Danke, Clara!' });
    const clara = await signIn(t, hotel.employees[0]!.email);
    expect((await reply(clara, tip.tipId, 'Gern geschehen!')).statusCode).toBe(201);
    const before = t.printedMails.length;
    const sent = await feedback(tip.tipId, {
      token: tip.token,
      emoji: 'smile',
      contact: { email: 'frueh@example.org', receipt: false, replyByEmail: true },
    });
    expect(sent.json().contact).toEqual({ receiptSent: false, replyByEmail: true });
    const mails = mailsTo('frueh@example.org', before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('„Gern geschehen!“');
    expect(await keptAddress(tip.tipId)).toEqual([]);
  });

  it('counts its receipts with the receipt form’s: three per tip a day', async () => {
    const tip = await paidTip();
    for (let i = 0; i < 3; i += 1) {
      const receipt = await t.inject({
        method: 'POST',
        url: `/api/guest/tips/${tip.tipId}/receipt`,
        headers: guestHeaders(t),
        remoteAddress: '10.46.1.1',
        payload: { token: tip.token, email: `gast${i}@example.org` },
      });
      expect(receipt.statusCode).toBe(202);
    }
    const fourth = await feedback(tip.tipId, {
      token: tip.token,
      emoji: 'smile',
      contact: { email: 'gast4@example.org', receipt: true, replyByEmail: false },
    });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe('receipt_limit');
    const [row] = await t.database.db.select().from(tips).where(eq(tips.id, tip.tipId));
    expect(row!.feedbackAt).toBeNull();
  });
});
