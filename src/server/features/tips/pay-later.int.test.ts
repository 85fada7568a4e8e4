import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness } from '../../../../test/support/factories';
import {
  decideDemoCheckout,
  guestHeaders,
  newGuestSessionId,
  startedTip,
  startTip,
} from '../../../../test/support/guest';
import { PAY_LATER_LINK_TTL_MS } from '../../../shared/domain/constants';
import { paymentContext } from '../payments/context';
import { settleCheckout } from '../payments/settlement';
import {
  adminAuditLog,
  analyticsEvents,
  demoCheckoutSessions,
  payLaterLinks,
  tips,
} from '../../db/schema';
import { runRetention } from '../../jobs/retention';

let t: TestApp;
/** A person point of a business of the test's own. */
let code: string;
beforeAll(async () => {
  t = await createTestApp();
  code = (await createBusiness(t.database.db, { points: ['person'] })).points[0]!.uid;
});
afterAll(async () => {
  await t.close();
});

async function newLink(
  amountCents: number,
  fromTip?: { tipId: string; token: string },
): Promise<{ token: string }> {
  const created = await t.inject({
    method: 'POST',
    url: '/api/guest/pay-later-links',
    headers: guestHeaders(t),
    payload: { code, amountCents, ...(fromTip ? { fromTip } : {}) },
  });
  expect(created.statusCode).toBe(201);
  return created.json();
}
const open = (token: string) =>
  t.inject({ method: 'GET', url: `/api/guest/pay-later-links/${token}` });

describe('a pay-later link is for one payment', () => {
  it('is paid once; afterwards it shows the paid tip and refuses a second payment', async () => {
    const link = await newLink(850);
    expect((await open(link.token)).json()).toMatchObject({ usedAt: null, paidTipId: null });
    const first = await startedTip(t, { code, amountCents: 850, payLaterToken: link.token });
    await decideDemoCheckout(t, first.checkoutUrl, 'pay');

    const reopened = await open(link.token);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ paidTipId: first.tipId, amountCents: 850 });
    expect(reopened.json().usedAt).not.toBeNull();

    const again = await startTip(t, { code, amountCents: 850, payLaterToken: link.token });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toMatchObject({
      code: 'pay_later_used',
      title: 'Link bereits verwendet',
    });
    const paid = await t.database.db
      .select()
      .from(tips)
      .where(eq(tips.payLaterLinkId, (await open(link.token)).json().id));
    expect(paid.filter((tip) => tip.status === 'pending')).toHaveLength(1);
  });

  it('charges the amount of the link and nothing else', async () => {
    const link = await newLink(850);
    const other = await startTip(t, { code, amountCents: 5000, payLaterToken: link.token });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.code).toBe('pay_later_amount_mismatch');
    expect(other.json().error.message).toContain('8,50');
  });

  it('lets only one of two concurrent opens start a checkout', async () => {
    const link = await newLink(600);
    const [a, b] = await Promise.all([
      startTip(t, { code, amountCents: 600, payLaterToken: link.token }),
      startTip(t, { code, amountCents: 600, payLaterToken: link.token }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().error.code).toBe('pay_later_in_progress');
    const winner = (a.statusCode === 201 ? a : b).json();

    // The running checkout ends without payment: the link may be paid again.
    await decideDemoCheckout(t, winner.checkoutUrl, 'cancel');
    await t.inject({
      method: 'POST',
      url: `/api/guest/tips/${winner.tipId}/cancel`,
      headers: guestHeaders(t),
      payload: { token: winner.token },
    });
    const second = await startedTip(t, { code, amountCents: 600, payLaterToken: link.token });
    await decideDemoCheckout(t, second.checkoutUrl, 'pay');
    expect((await open(link.token)).json().paidTipId).toBe(second.tipId);
  });

  it('refunds and reports a second payment the provider completed after we had given the first up', async () => {
    const link = await newLink(700);
    const late = await startedTip(t, { code, amountCents: 700, payLaterToken: link.token });
    t.clock.advance(6 * 60_000);
    const second = await startedTip(t, { code, amountCents: 700, payLaterToken: link.token });
    await decideDemoCheckout(t, second.checkoutUrl, 'pay');
    // The provider says the first checkout was paid after all…
    const lateCheckout = new URL(late.checkoutUrl).pathname.split('/').pop()!;
    await t.database.db
      .update(demoCheckoutSessions)
      .set({ status: 'paid', paymentId: 'pi_demo_late' })
      .where(eq(demoCheckoutSessions.id, lateCheckout));
    // …and its event arrives (the same path as a verified webhook), twice.
    const ctx = paymentContext(t.app.deps, t.app.log);
    const changes = await settleCheckout(ctx, 'demo', lateCheckout);
    expect(changes.map((change) => change.status)).toEqual(['pending', 'refunded']);
    await settleCheckout(ctx, 'demo', lateCheckout);

    // The money went back once; the link stays paid by the other tip, which stays paid.
    const [refunded] = await t.database.db.select().from(tips).where(eq(tips.id, late.tipId));
    expect(refunded!.status).toBe('refunded');
    const [kept] = await t.database.db.select().from(tips).where(eq(tips.id, second.tipId));
    expect(kept!.status).toBe('pending');
    expect((await open(link.token)).json().paidTipId).toBe(second.tipId);
    const [checkout] = await t.database.db
      .select()
      .from(demoCheckoutSessions)
      .where(eq(demoCheckoutSessions.id, lateCheckout));
    expect(checkout!.refundId).toMatch(/^re_demo_/);

    // Reported: the analytics event and one audit row in the business's log.
    const reported = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(
        and(
          eq(analyticsEvents.name, 'pay_later_paid_twice'),
          eq(analyticsEvents.tipId, late.tipId),
        ),
      );
    expect(reported).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.action, 'payment_refund'), eq(adminAuditLog.targetId, late.tipId)),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.businessId).toBe(refunded!.businessId);
    expect(audit[0]!.payload).toMatchObject({
      reason: 'pay_later_paid_twice',
      refundId: checkout!.refundId,
      amountCents: 700,
      paidTipId: second.tipId,
    });
  });

  it('refunds nothing for a link paid once, nor for a tip without a link', async () => {
    const link = await newLink(650);
    const only = await startedTip(t, { code, amountCents: 650, payLaterToken: link.token });
    const plain = await startedTip(t, { code, amountCents: 650 });
    await decideDemoCheckout(t, only.checkoutUrl, 'pay');
    await decideDemoCheckout(t, plain.checkoutUrl, 'pay');
    const rows = await t.database.db
      .select()
      .from(tips)
      .where(inArray(tips.id, [only.tipId, plain.tipId]));
    expect(rows.map((row) => row.status)).toEqual(['pending', 'pending']);
    const refunds = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(
        and(
          eq(adminAuditLog.action, 'payment_refund'),
          inArray(adminAuditLog.targetId, [only.tipId, plain.tipId]),
        ),
      );
    expect(refunds).toEqual([]);
  });

  it('refuses a forged token with a German message and charges nothing', async () => {
    const forged = 'x'.repeat(43);
    expect((await open(forged)).statusCode).toBe(404);
    const start = await startTip(t, { code, amountCents: 600, payLaterToken: forged });
    expect(start.statusCode).toBe(404);
    expect(start.json().error.title).toBe('Link ungültig');
  });
});

/**
 * 'Fehlschlagen' → 'Später zahlen' → 'Erneut versuchen' → 'Bezahlen'. The link
 * was made for that tip, so once any attempt of it is paid the link is closed, and a checkout
 * completed on the link anyway goes back to the guest.
 */
describe('a pay-later link belongs to the tip it was made for', () => {
  async function failedFirstAttempt(amountCents: number) {
    const guestSessionId = newGuestSessionId();
    const first = await startedTip(t, { code, amountCents, guestSessionId });
    await decideDemoCheckout(t, first.checkoutUrl, 'fail');
    const link = await newLink(amountCents, { tipId: first.tipId, token: first.token });
    t.clock.advance(60_000);
    return { first, link, guestSessionId };
  }

  it('is closed once a retry of that tip is paid: opening it says so, paying it is refused', async () => {
    const { first, link, guestSessionId } = await failedFirstAttempt(1000);
    const retry = await startedTip(t, {
      code,
      amountCents: 1000,
      guestSessionId,
      retryOf: { tipId: first.tipId, token: first.token },
    });
    await decideDemoCheckout(t, retry.checkoutUrl, 'pay');

    const reopened = (await open(link.token)).json();
    expect(reopened).toMatchObject({ paidTipId: retry.tipId });
    expect(reopened.usedAt).not.toBeNull();
    const again = await startTip(t, { code, amountCents: 1000, payLaterToken: link.token });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toMatchObject({
      code: 'pay_later_used',
      title: 'Link bereits verwendet',
    });
  });

  it('is closed when the tab pays again without naming the retry (after "Zurück")', async () => {
    const { link, guestSessionId } = await failedFirstAttempt(1100);
    const next = await startedTip(t, { code, amountCents: 1100, guestSessionId });
    await decideDemoCheckout(t, next.checkoutUrl, 'pay');
    expect((await open(link.token)).json()).toMatchObject({ paidTipId: next.tipId });
  });

  it('refunds in full a checkout of the link that completes after a retry was paid', async () => {
    const { first, link, guestSessionId } = await failedFirstAttempt(1200);
    // The link is opened (say, on another phone) while the guest retries here.
    const viaLink = await startedTip(t, { code, amountCents: 1200, payLaterToken: link.token });
    const retry = await startedTip(t, {
      code,
      amountCents: 1200,
      guestSessionId,
      retryOf: { tipId: first.tipId, token: first.token },
    });
    await decideDemoCheckout(t, retry.checkoutUrl, 'pay');
    await decideDemoCheckout(t, viaLink.checkoutUrl, 'pay');

    const rows = await t.database.db
      .select()
      .from(tips)
      .where(inArray(tips.id, [retry.tipId, viaLink.tipId]));
    const status = Object.fromEntries(rows.map((row) => [row.id, row.status]));
    expect(status).toEqual({ [retry.tipId]: 'pending', [viaLink.tipId]: 'refunded' });
    const [checkout] = await t.database.db
      .select()
      .from(demoCheckoutSessions)
      .where(eq(demoCheckoutSessions.id, new URL(viaLink.checkoutUrl).pathname.split('/').pop()!));
    expect(checkout!.refundId).toMatch(/^re_demo_/);
    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.action, 'payment_refund'), eq(adminAuditLog.targetId, viaLink.tipId)),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.payload).toMatchObject({ amountCents: 1200, paidTipId: retry.tipId });
  });

  it('refunds a retry paid after the link had already paid that tip', async () => {
    const { first, link, guestSessionId } = await failedFirstAttempt(1300);
    const retry = await startedTip(t, {
      code,
      amountCents: 1300,
      guestSessionId,
      retryOf: { tipId: first.tipId, token: first.token },
    });
    const viaLink = await startedTip(t, { code, amountCents: 1300, payLaterToken: link.token });
    await decideDemoCheckout(t, viaLink.checkoutUrl, 'pay');
    await decideDemoCheckout(t, retry.checkoutUrl, 'pay');
    const rows = await t.database.db
      .select()
      .from(tips)
      .where(inArray(tips.id, [retry.tipId, viaLink.tipId]));
    const status = Object.fromEntries(rows.map((row) => [row.id, row.status]));
    expect(status).toEqual({ [retry.tipId]: 'refunded', [viaLink.tipId]: 'pending' });
  });

  it('keeps a second tip of the same tab after a paid one: a new tip is not a duplicate', async () => {
    const guestSessionId = newGuestSessionId();
    const one = await startedTip(t, { code, amountCents: 500, guestSessionId });
    await decideDemoCheckout(t, one.checkoutUrl, 'pay');
    const two = await startedTip(t, { code, amountCents: 500, guestSessionId });
    await decideDemoCheckout(t, two.checkoutUrl, 'pay');
    const rows = await t.database.db
      .select()
      .from(tips)
      .where(inArray(tips.id, [one.tipId, two.tipId]));
    expect(rows.map((row) => row.status)).toEqual(['pending', 'pending']);
  });

  it('refuses a link for a tip whose token does not match', async () => {
    const first = await startedTip(t, { code, amountCents: 900 });
    const created = await t.inject({
      method: 'POST',
      url: '/api/guest/pay-later-links',
      headers: guestHeaders(t),
      payload: { code, amountCents: 900, fromTip: { tipId: first.tipId, token: 'x'.repeat(43) } },
    });
    expect(created.statusCode).toBe(403);
  });
});

/**
 * 'Später zahlen' kept only the amount. The link keeps the contribution and
 * the message the guest entered, and can be mailed to the guest's own address (used for that
 * mail only; the outbox keeps neither the address nor the link's token).
 */
describe('a pay-later link keeps what the guest entered', () => {
  const created = (payload: Record<string, unknown>) =>
    t.inject({
      method: 'POST',
      url: '/api/guest/pay-later-links',
      headers: guestHeaders(t),
      payload: { code, amountCents: 1500, ...payload },
    });

  it('answers the contribution and the message when the link is opened again', async () => {
    const made = await created({ platformFee: true, guestMessage: '  Danke für den Abend!  ' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ platformFee: true, guestMessage: 'Danke für den Abend!' });
    const opened = (await open(made.json().token)).json();
    expect(opened).toMatchObject({
      amountCents: 1500,
      platformFee: true,
      guestMessage: 'Danke für den Abend!',
    });

    const plain = await created({});
    expect((await open(plain.json().token)).json()).toMatchObject({
      platformFee: false,
      guestMessage: null,
    });
  });

  it('refuses a message over 200 characters with a German message', async () => {
    const long = await created({ guestMessage: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('Die Nachricht darf höchstens 200 Zeichen lang sein.');
  });

  it('forgets the message once the link has expired (retention)', async () => {
    const made = (await created({ guestMessage: 'Bis morgen!' })).json();
    t.clock.advance(PAY_LATER_LINK_TTL_MS + 60_000);
    const removed = await runRetention(t.database, t.clock, t.config.retention);
    expect(removed.payLaterMessages).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db
      .select()
      .from(payLaterLinks)
      .where(eq(payLaterLinks.id, made.id));
    expect(row!.guestMessage).toBeNull();
  });
});

describe('a pay-later link sent to the guest’s own address', () => {
  const mailLink = (payload: Record<string, unknown>, ip = '10.46.7.1') =>
    t.inject({
      method: 'POST',
      url: '/api/guest/pay-later-links/email',
      headers: guestHeaders(t),
      remoteAddress: ip,
      payload,
    });

  it('mails the link in the guest’s language; the outbox keeps neither address nor token', async () => {
    const link = (
      await t.inject({
        method: 'POST',
        url: '/api/guest/pay-later-links',
        headers: guestHeaders(t),
        payload: { code, amountCents: 1250, platformFee: true, guestMessage: 'Danke!' },
      })
    ).json();
    const before = t.printedMails.length;
    const sent = await mailLink({
      token: link.token,
      email: ' spaeter@example.org ',
      language: 'de',
    });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ sent: true });
    const mails = t.printedMails.slice(before).map((mail) => mail.replace(/\u00a0/g, ' '));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('An: spaeter@example.org');
    expect(mails[0]).toContain('Betreff: Ihr Link zum späteren Zahlen');
    expect(mails[0]).toContain(link.url);
    expect(mails[0]).toContain('12,50 €');

    const leaked = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox_emails
       WHERE to_address LIKE '%spaeter@%' OR text_body LIKE '%spaeter@%' OR text_body LIKE $1`,
      [`%${link.token}%`],
    );
    expect(leaked[0]!.n).toBe(0);

    const english = t.printedMails.length;
    expect(
      (await mailLink({ token: link.token, email: 'later@example.org', language: 'en' }))
        .statusCode,
    ).toBe(202);
    expect(t.printedMails.slice(english).join('\n')).toContain('Your link to pay later');
  });

  it('refuses a bad address, a forged, expired or used link, with German messages, and mails nothing', async () => {
    const link = await newLink(900);
    const before = t.printedMails.length;
    const bad = await mailLink({ token: link.token, email: 'keine-adresse' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    const forged = await mailLink({ token: 'x'.repeat(43), email: 'gast@example.org' });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error.title).toBe('Link ungültig');

    const paid = await startedTip(t, { code, amountCents: 900, payLaterToken: link.token });
    await decideDemoCheckout(t, paid.checkoutUrl, 'pay');
    const used = await mailLink({ token: link.token, email: 'gast@example.org' });
    expect(used.statusCode).toBe(410);
    expect(used.json().error.code).toBe('pay_later_used');

    const old = await newLink(950);
    t.clock.advance(PAY_LATER_LINK_TTL_MS + 1_000);
    const expired = await mailLink({ token: old.token, email: 'gast@example.org' });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('pay_later_expired');
    expect(t.printedMails.slice(before)).toEqual([]);
  });

  it('is limited like the other guest mails: three per link a day, twenty per address in ten minutes', async () => {
    const link = await newLink(800);
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await mailLink({ token: link.token, email: `gast${i}@example.org` }, '10.46.7.2'))
          .statusCode,
      ).toBe(202);
    }
    const fourth = await mailLink({ token: link.token, email: 'gast3@example.org' }, '10.46.7.2');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe('pay_later_mail_limit');

    // One address shares its twenty guest mails between receipts and links.
    const ip = '10.46.7.3';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      statuses.push((await mailLink({ token: 'x'.repeat(43), email: 'a@b.de' }, ip)).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/api/guest/tips/00000000-0000-4000-8000-000000000000/receipt`,
          headers: guestHeaders(t),
          remoteAddress: ip,
          payload: { token: 'x'.repeat(43), email: 'a@b.de' },
        })
      ).statusCode,
    ).toBe(429);
  });
});
