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
import { branding, outboxEmails, tipReplies, tipReplyAddresses, tips } from '../../db/schema';
import { runRetention } from '../../jobs/retention';
import { payoutContext, runManualPayoutBatch } from '../payouts/batches';

let t: TestApp;
let biz: FactoryBusiness;

beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database.db, {
    name: 'Hotel Seeblick',
    employees: [{ fullName: 'Maria Schneider' }, { fullName: 'Jonas Weber' }],
    points: ['person', 'person'],
  });
});
afterAll(async () => {
  await t.close();
});

const mariaCode = () => biz.points[0]!.uid;

async function paidTip(body: GuestTipBody = {}) {
  const started = await startedTip(t, { code: mariaCode(), ...body });
  const paid = await decideDemoCheckout(t, started.checkoutUrl, 'pay');
  expect(paid.statusCode).toBeLessThan(400);
  return started;
}

const receipt = (tipId: string, payload: Record<string, unknown>, ip = '10.9.0.1') =>
  t.inject({
    method: 'POST',
    url: `/api/guest/tips/${tipId}/receipt`,
    headers: guestHeaders(t),
    remoteAddress: ip,
    payload,
  });

const thankYou = (tipId: string, token?: string) =>
  t.inject({
    method: 'GET',
    url: `/api/guest/thank-you?tipId=${tipId}`,
    headers: token ? { 'x-tip-token': token } : {},
  });

const reply = (cookie: string | undefined, tipId: string, message: unknown) =>
  t.inject({
    method: 'POST',
    url: `/api/employee/tips/${tipId}/reply`,
    headers: cookie ? { cookie } : {},
    payload: { message },
  });

const outboxCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outboxEmails))[0]!.n;

describe('guest receipt', () => {
  it('mails amount, contribution, first name, business, date, reference and the private link; stores no address', async () => {
    const tip = await paidTip({ amountCents: 1000, platformFee: true });
    const before = t.printedMails.length;
    const sent = await receipt(tip.tipId, {
      token: tip.token,
      email: ' gast@example.org ',
      language: 'de',
    });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ sent: true, replyByEmail: false });

    const mail = t.printedMails
      .slice(before)
      .join('\n')
      .replace(/\u00a0/g, ' ');
    expect(mail).toContain('An: gast@example.org');
    expect(mail).toContain('Betreff: Ihr Beleg: Trinkgeld bei Hotel Seeblick');
    expect(mail).toContain('Trinkgeld für Maria: 10,00 €');
    expect(mail).toContain('Servicebeitrag (Plattform): 0,45 €');
    expect(mail).toContain('Gesamt bezahlt: 10,45 €');
    expect(mail).toContain('Betrieb: Hotel Seeblick');
    expect(mail).toMatch(/Datum: \d{1,2}\. \p{L}+ \d{4}/u);
    expect(mail).toContain(`Referenz: ${tip.tipId.slice(0, 8)}`);
    expect(mail).toContain(`/thank-you?tipId=${tip.tipId}#token=${tip.token}`);
    expect(mail).not.toContain('Schneider');

    // Neither the address nor the secret link reaches the database.
    const leaked = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox_emails
       WHERE to_address LIKE '%gast@example.org%' OR text_body LIKE '%gast@example.org%'
          OR text_body LIKE $1`,
      [`%${tip.token}%`],
    );
    expect(leaked[0]!.n).toBe(0);
    expect(
      await t.database.db
        .select()
        .from(tipReplyAddresses)
        .where(eq(tipReplyAddresses.tipId, tip.tipId)),
    ).toEqual([]);
  });

  it('writes in the guest language', async () => {
    const tip = await paidTip({ amountCents: 500 });
    const before = t.printedMails.length;
    expect(
      (await receipt(tip.tipId, { token: tip.token, email: 'guest@example.org', language: 'en' }))
        .statusCode,
    ).toBe(202);
    const mail = t.printedMails.slice(before).join('\n');
    expect(mail).toContain('Your receipt: tip at Hotel Seeblick');
    expect(mail).toContain('Tip for Maria: €5.00');
  });

  // The mail addresses the guest as the business's pages do.
  it("writes in the business's tonality: 'du' for 'Locker', 'Sie' for another business", async () => {
    const bar = await createBusiness(t.database.db, {
      name: 'Strandbar Welle',
      employees: [{ fullName: 'Ben Kurz' }],
      points: ['person'],
    });
    await t.database.db
      .update(branding)
      .set({ tonality: 'casual' })
      .where(eq(branding.businessId, bar.id));
    const started = await startedTip(t, { code: bar.points[0]!.uid, amountCents: 500 });
    await decideDemoCheckout(t, started.checkoutUrl, 'pay');
    const before = t.printedMails.length;
    const sent = await receipt(
      started.tipId,
      { token: started.token, email: 'welle@example.org' },
      '10.9.7.1',
    );
    expect(sent.statusCode).toBe(202);
    const casualMail = t.printedMails.slice(before).join('\n');
    expect(casualMail).toContain('Dein Beleg: Trinkgeld bei Strandbar Welle');
    expect(casualMail).toContain('Deine E-Mail-Adresse haben wir nur für diesen Beleg verwendet');
    expect(casualMail).not.toMatch(/\b(Sie|Ihr|Ihre|Ihren|Ihrer|Ihnen)\b/);

    const politeTip = await paidTip({ amountCents: 500 });
    const politeBefore = t.printedMails.length;
    await receipt(
      politeTip.tipId,
      { token: politeTip.token, email: 'adler@example.org' },
      '10.9.7.2',
    );
    expect(t.printedMails.slice(politeBefore).join('\n')).toContain(
      'Ihr Beleg: Trinkgeld bei Hotel Seeblick',
    );
  });

  it('refuses a bad address, a foreign secret, an unknown or unpaid tip with a German message and writes nothing', async () => {
    const tip = await paidTip();
    const other = await paidTip();
    const unpaid = await startedTip(t, { code: mariaCode() });
    const before = await outboxCount();

    const bad = await receipt(tip.tipId, { token: tip.token, email: 'keine-adresse' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    const empty = await receipt(tip.tipId, { token: tip.token, email: '' });
    expect(empty.statusCode).toBe(400);
    const foreign = await receipt(tip.tipId, { token: other.token, email: 'gast@example.org' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe('Dieser Nachweis gehört zu einer anderen Zahlung.');
    const unknown = await receipt('00000000-0000-4000-8000-000000000000', {
      token: tip.token,
      email: 'gast@example.org',
    });
    expect(unknown.statusCode).toBe(404);
    const notPaid = await receipt(unpaid.tipId, { token: unpaid.token, email: 'gast@example.org' });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().error.message).toBe(
      'Einen Beleg gibt es nur für ein bezahltes Trinkgeld.',
    );
    expect(await outboxCount()).toBe(before);
  });

  it('sends at most three receipts per tip a day and limits each client address', async () => {
    const tip = await paidTip();
    for (let i = 0; i < 3; i += 1) {
      const sent = await receipt(tip.tipId, { token: tip.token, email: `gast${i}@example.org` });
      expect(sent.statusCode).toBe(202);
    }
    const fourth = await receipt(tip.tipId, { token: tip.token, email: 'gast4@example.org' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe('receipt_limit');

    const ip = '10.9.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      // A foreign secret: refused, but the address limit counts every attempt.
      statuses.push(
        (await receipt(tip.tipId, { token: 'x'.repeat(43), email: 'a@b.de' }, ip)).statusCode,
      );
    }
    expect(statuses.slice(0, 20).every((status) => status === 403)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('employee reply', () => {
  it('is taken once, shown on the private link only and mailed to a guest who opted in', async () => {
    const tip = await paidTip({ guestMessage: 'Danke für den tollen Service!' });
    const opted = await receipt(tip.tipId, {
      token: tip.token,
      email: 'antwort@example.org',
      language: 'de',
      replyByEmail: true,
    });
    expect(opted.json()).toEqual({ sent: true, replyByEmail: true });
    const [kept] = await t.database.db
      .select()
      .from(tipReplyAddresses)
      .where(eq(tipReplyAddresses.tipId, tip.tipId));
    expect(kept!.addressSealed).not.toContain('antwort');
    expect(kept!.expiresAt.getTime() - t.clock.now().getTime()).toBe(30 * 24 * 60 * 60_000);

    const maria = await signIn(t, biz.employees[0]!.email);
    const jonas = await signIn(t, biz.employees[1]!.email);
    const before = t.printedMails.length;

    expect((await reply(undefined, tip.tipId, 'Hallo')).statusCode).toBe(401);
    const empty = await reply(maria, tip.tipId, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Bitte schreiben Sie eine Antwort.');
    const long = await reply(maria, tip.tipId, 'x'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('höchstens 200 Zeichen');
    const stranger = await reply(jonas, tip.tipId, 'Nicht meins');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe(
      'Dieses Trinkgeld gibt es nicht, oder es ist nicht an Sie gegangen.',
    );

    const answered = await reply(maria, tip.tipId, '  Sehr gern, bis bald! ');
    expect(answered.statusCode).toBe(201);
    expect(answered.json().reply.message).toBe('Sehr gern, bis bald!');
    const again = await reply(maria, tip.tipId, 'Noch einmal');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('reply_already_sent');
    expect(
      await t.database.db.select().from(tipReplies).where(eq(tipReplies.tipId, tip.tipId)),
    ).toHaveLength(1);

    const mails = t.printedMails.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('An: antwort@example.org');
    expect(mails[0]).toContain('Maria hat Ihnen geantwortet');
    expect(mails[0]).toContain('„Sehr gern, bis bald!“');
    // The sealed address is gone with the mail; the outbox names no recipient.
    expect(
      await t.database.db
        .select()
        .from(tipReplyAddresses)
        .where(eq(tipReplyAddresses.tipId, tip.tipId)),
    ).toEqual([]);
    const named = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbox_emails WHERE to_address LIKE '%antwort@%'",
    );
    expect(named[0]!.n).toBe(0);

    expect((await thankYou(tip.tipId, tip.token)).json().reply).toMatchObject({
      message: 'Sehr gern, bis bald!',
      from: 'Maria',
    });
    expect((await thankYou(tip.tipId)).json().reply).toBeNull();

    // The dashboard shows the answer; the guest's address appears nowhere in it.
    const messages = await t.inject({
      method: 'GET',
      url: '/api/employee/messages',
      headers: { cookie: maria },
    });
    const item = messages.json().items.find((i: { id: string }) => i.id === tip.tipId);
    expect(item.reply.message).toBe('Sehr gern, bis bald!');
    expect(messages.body).not.toContain('antwort@example.org');
  });

  it('refuses a tip without words from the guest', async () => {
    const tip = await paidTip();
    const maria = await signIn(t, biz.employees[0]!.email);
    const refused = await reply(maria, tip.tipId, 'Danke!');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('reply_without_message');
    expect(
      await t.database.db.select().from(tipReplies).where(eq(tipReplies.tipId, tip.tipId)),
    ).toEqual([]);
  });

  it('forgets an opt-in address after 30 days (retention) and then mails nothing', async () => {
    const tip = await paidTip({ guestMessage: 'Merci!' });
    await receipt(tip.tipId, { token: tip.token, email: 'spaet@example.org', replyByEmail: true });
    t.clock.advance(31 * 24 * 60 * 60_000);
    const removed = await runRetention(t.database, t.clock, t.config.retention);
    expect(removed.replyAddresses).toBeGreaterThanOrEqual(1);
    const before = t.printedMails.length;
    const maria = await signIn(t, biz.employees[0]!.email);
    expect((await reply(maria, tip.tipId, 'Danke zurück')).statusCode).toBe(201);
    expect(t.printedMails.slice(before)).toEqual([]);
  });
});

describe('proof of delivery', () => {
  it('shows on the private link, once paid out, what reached whom and when', async () => {
    const tip = await paidTip({ amountCents: 1000, platformFee: true });
    expect((await thankYou(tip.tipId, tip.token)).json().delivery).toBeNull();

    const ctx = payoutContext(t.app.deps, t.app.log);
    await runManualPayoutBatch(ctx, { businessId: biz.id });

    const paidOut = (await thankYou(tip.tipId, tip.token)).json();
    expect(paidOut.status).toBe('completed');
    expect(paidOut.delivery).toEqual({
      amountCents: 1000,
      recipients: ['Maria'],
      paidOutAt: t.clock.now().toISOString(),
    });
    // Without the secret the tip id alone shows no delivery.
    expect((await thankYou(tip.tipId)).json().delivery).toBeNull();
  });
});

describe('a team tip', () => {
  it('is answered once by any member; the delivery names every member it reached', async () => {
    const team = await createBusiness(t.database.db, {
      employees: [{ fullName: 'Lea Hoffmann' }, { fullName: 'Tom Berger' }],
      teams: [{ name: 'Bar', members: [0, 1], splitRule: 'equal' }],
      points: ['team'],
    });
    const tip = await paidTip({
      code: team.points[0]!.uid,
      amountCents: 1000,
      guestMessage: 'Ihr wart großartig!',
    });
    const lea = await signIn(t, team.employees[0]!.email);
    const tom = await signIn(t, team.employees[1]!.email);
    const maria = await signIn(t, biz.employees[0]!.email);
    expect((await reply(maria, tip.tipId, 'Nicht mein Team')).statusCode).toBe(404);
    expect((await reply(tom, tip.tipId, 'Danke euch!')).statusCode).toBe(201);
    const second = await reply(lea, tip.tipId, 'Auch von mir!');
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('reply_already_sent');

    await runManualPayoutBatch(payoutContext(t.app.deps, t.app.log), { businessId: team.id });
    const view = (await thankYou(tip.tipId, tip.token)).json();
    expect(view.delivery.amountCents).toBe(1000);
    expect([...view.delivery.recipients].sort()).toEqual(['Lea', 'Tom']);
    expect(view.reply).toMatchObject({ message: 'Danke euch!', from: 'Tom' });
  });
});

describe('erasure of an employee', () => {
  it('removes their replies and the addresses of guests waiting for one', async () => {
    const own = await createBusiness(t.database.db, {
      employees: [{ fullName: 'Nina Graf' }],
      points: ['person'],
    });
    const answered = await paidTip({ code: own.points[0]!.uid, guestMessage: 'Danke Nina!' });
    const waiting = await paidTip({ code: own.points[0]!.uid, guestMessage: 'Bis bald!' });
    await receipt(waiting.tipId, {
      token: waiting.token,
      email: 'wartet@example.org',
      replyByEmail: true,
    });
    const nina = await signIn(t, own.employees[0]!.email);
    expect((await reply(nina, answered.tipId, 'Gern!')).statusCode).toBe(201);

    const erased = await t.inject({
      method: 'POST',
      url: '/api/me/deletion',
      headers: { cookie: nina },
      payload: { confirm: true },
    });
    expect(erased.statusCode).toBe(200);
    expect(
      await t.database.db.select().from(tipReplies).where(eq(tipReplies.tipId, answered.tipId)),
    ).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(tipReplyAddresses)
        .where(eq(tipReplyAddresses.tipId, waiting.tipId)),
    ).toEqual([]);
  });
});

/**
 * The feedback dialog is one step. Its 'Senden' takes the reaction, the words
 * and the guest's address with what it is for (receipt, reply), so whatever the dialog promised
 * happens: the receipt goes out, the address is kept sealed until the reply is mailed.
 */
const feedback = (tipId: string, payload: Record<string, unknown>, ip = '10.46.0.1') =>
  t.inject({
    method: 'POST',
    url: `/api/guest/tips/${tipId}/feedback`,
    headers: guestHeaders(t),
    remoteAddress: ip,
    payload,
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

describe('one send in the feedback dialog', () => {
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

    const maria = await signIn(t, biz.employees[0]!.email);
    const answered = await reply(maria, tip.tipId, 'Sehr gern, bis bald!');
    expect(answered.statusCode).toBe(201);
    const replies = mailsTo('gast@example.org', before).slice(1);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toContain('Maria hat Ihnen geantwortet');
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

    const maria = await signIn(t, biz.employees[0]!.email);
    expect((await reply(maria, tip.tipId, 'Thank you!')).statusCode).toBe(201);
    const replies = mailsTo('nur-antwort@example.org', before);
    expect(replies).toHaveLength(1);
    // In the language the guest read the dialog in.
    expect(replies[0]).toContain('Maria replied to you');
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
    const mailsBefore = await outboxCount();

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
    expect(await outboxCount()).toBe(mailsBefore);
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
    const removed = await runRetention(t.database, t.clock, t.config.retention);
    expect(removed.replyAddresses).toBeGreaterThanOrEqual(1);
    expect(await keptAddress(tip.tipId)).toEqual([]);
    const before = t.printedMails.length;
    const maria = await signIn(t, biz.employees[0]!.email);
    expect((await reply(maria, tip.tipId, 'Danke zurück')).statusCode).toBe(201);
    expect(t.printedMails.slice(before)).toEqual([]);
  });

  it('mails at once a reply written before the guest asked for it by e-mail', async () => {
    const tip = await paidTip({ guestMessage: 'Danke, Maria!' });
    const maria = await signIn(t, biz.employees[0]!.email);
    expect((await reply(maria, tip.tipId, 'Gern geschehen!')).statusCode).toBe(201);
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
      const sent = await receipt(tip.tipId, { token: tip.token, email: `gast${i}@example.org` });
      expect(sent.statusCode).toBe(202);
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
