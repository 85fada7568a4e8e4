import type { AddressInfo } from 'node:net';
import { businessAccessMessage } from '../../../shared/domain/business-access';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  createTip,
  FACTORY_PASSWORD,
  type FactoryBusiness,
  type FactoryPerson,
} from '../../../../test/support/factories';
import {
  decideDemoCheckout,
  guestHeaders,
  startedTip,
  startTip,
} from '../../../../test/support/guest';
import {
  type PayoutContext,
  payoutContext,
  processOpenPayouts,
  runPayoutBatch,
  runScheduledPayouts,
} from '../payouts/batches';
import { PAYOUT_LEASE_MS } from '../payouts/policy';
import { createDemoTransfers } from '../payouts/transfers';
import { publishTipChangesInTransaction } from '../tip-lifecycle/events';
import { tokenIn } from '../../../../test/support/mail-links';

/**
 * Suspending and reactivating a business: from the commit on, its guest pages answer
 * business_deactivated (the guest cache is dropped at once), payments cannot start, payouts
 * pause, its staff cannot sign in and their sessions and live streams end with the reason; the
 * other business goes on untouched. Reactivation restores all of it except the ended sessions.
 */

let t: TestApp;
let url: string;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
let admin: FactoryPerson;
let adminCookie: string;
let ip = 1;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  hotel = await createBusiness(t.database.db, { points: ['person', 'object'] });
  cafe = await createBusiness(t.database.db, { points: ['person'] });
  // A platform admin who belongs to the hotel (like the demo's admin) is never kept out.
  admin = await createPlatformAdmin(t.database.db, { businessId: hotel.id });
  adminCookie = await signIn(t, admin.email);
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, payload?: object, cookie = adminCookie) =>
  t.inject({
    method: 'POST',
    url: path,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });
const suspend = (id: string, reason = 'Vertrag ruht') =>
  post(`/api/admin/businesses/${id}/suspend`, { reason });
const reactivate = (id: string) => post(`/api/admin/businesses/${id}/reactivate`);
const me = (cookie: string) =>
  t.inject({ method: 'GET', url: '/api/profiles/me', headers: { cookie } });
const passwordSignIn = (email: string) =>
  t.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: `10.9.0.${ip++}`,
    payload: { email, password: FACTORY_PASSWORD },
  });
const guestCode = (uid: string) => t.inject({ method: 'GET', url: `/api/guest/codes/${uid}` });
const guestPage = (uid: string, lang = 'de') => t.app.inject({ url: `/t/${uid}?lang=${lang}` });

async function auditRows(action: string, businessId: string) {
  const [row] = await t.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM admin_audit_log WHERE action = $1 AND business_id = $2',
    [action, businessId],
  );
  return row!.n;
}

/** Opens the live stream and waits for its first event; `rest()` reads until it closes. */
async function openStream(cookie: string) {
  const response = await fetch(`${url}/api/employee/stream`, {
    headers: { cookie, accept: 'text/event-stream' },
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('event: ready')) text += decoder.decode((await reader.read()).value);
  return {
    /** Reads until `marker` has arrived (the stream stays open). */
    async until(marker: string) {
      while (!text.includes(marker)) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += decoder.decode(chunk.value);
      }
      return text;
    },
    async rest() {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) return text;
        text += decoder.decode(chunk.value);
      }
    },
  };
}

/** Requests a magic link and returns the printed mail to `email`. */
async function requestMagicLink(email: string) {
  const before = t.printedMails.length;
  const response = await t.inject({
    method: 'POST',
    url: '/api/auth/magic-link',
    remoteAddress: `10.9.1.${ip++}`,
    payload: { email },
  });
  expect(response.statusCode).toBe(202);
  await vi.waitFor(
    () => expect(t.printedMails.slice(before).some((m) => m.includes(`An: ${email}\n`))).toBe(true),
    { timeout: 5_000 },
  );
  return t.printedMails.slice(before).find((m) => m.includes(`An: ${email}\n`))!;
}

describe('suspending a business', () => {
  it('shuts its guest pages, payments, payouts, sign-in, sessions and streams at once; the other business goes on', async () => {
    const [anna] = hotel.employees;
    const personPoint = hotel.points[0]!;
    const annaCookie = await signIn(t, anna!.email);
    const ownerCookie = await signIn(t, hotel.owner.email);
    const cafeCookie = await signIn(t, cafe.employees[0]!.email);
    // Both pages are in the guest cache before the change.
    expect((await guestPage(personPoint.uid)).statusCode).toBe(200);
    expect((await guestCode(personPoint.uid)).statusCode).toBe(200);
    // A link to pay later, a checkout still open, and a paid tip waiting for its payout.
    const link = await t.inject({
      method: 'POST',
      url: '/api/guest/pay-later-links',
      headers: guestHeaders(t),
      payload: { code: personPoint.uid, amountCents: 700 },
    });
    expect(link.statusCode).toBe(201);
    const open = await startedTip(t, { code: personPoint.uid, amountCents: 1200 });
    const waiting = await createTip(t.database.db, {
      businessId: hotel.id,
      employeeId: anna!.id,
      amountCents: 900,
    });
    // A magic link requested before the suspension.
    const earlierLink = tokenIn(await requestMagicLink(anna!.email));
    const stream = await openStream(annaCookie);
    const adminStream = await openStream(adminCookie);

    const response = await suspend(hotel.id, 'Rechnungen offen');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: hotel.id,
      status: 'suspended',
      suspensionReason: 'Rechnungen offen',
    });
    expect(await auditRows('business_suspend', hotel.id)).toBe(1);

    // The live stream ends with the reason, without waiting for a heartbeat.
    const text = await stream.rest();
    expect(text).toContain('event: session-ended\ndata: {"reason":"business_suspended"}');

    // Guests: 403 business_deactivated at once, cache or not, in their language.
    const code = await guestCode(personPoint.uid);
    expect(code.statusCode).toBe(403);
    expect(code.json().error).toMatchObject({
      code: 'business_deactivated',
      title: 'Service nicht verfügbar',
    });
    const page = await guestPage(personPoint.uid);
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('Service nicht verfügbar');
    expect((await guestPage(personPoint.uid, 'en')).body).toContain('Service unavailable');

    // New payments are refused: a start, a retry, a pay-later link (paying or making one).
    const start = await startTip(t, { code: personPoint.uid });
    expect(start.statusCode).toBe(403);
    expect(start.json().error.code).toBe('business_deactivated');
    const retry = await startTip(t, {
      code: personPoint.uid,
      amountCents: 1200,
      retryOf: { tipId: open.tipId, token: open.token },
    });
    expect(retry.statusCode).toBe(403);
    const payLater = await startTip(t, {
      code: personPoint.uid,
      amountCents: 700,
      payLaterToken: link.json().token,
    });
    expect(payLater.statusCode).toBe(403);
    const newLink = await t.inject({
      method: 'POST',
      url: '/api/guest/pay-later-links',
      headers: guestHeaders(t),
      payload: { code: personPoint.uid, amountCents: 700 },
    });
    expect(newLink.statusCode).toBe(403);

    // The checkout already open completes: the guest paid, so it is recorded, but not paid out.
    expect((await decideDemoCheckout(t, open.checkoutUrl, 'pay')).statusCode).toBeLessThan(400);
    const [paid] = await t.database.query<{ status: string }>(
      'SELECT status FROM tips WHERE id = $1',
      [open.tipId],
    );
    expect(paid!.status).toBe('pending');

    // Payouts pause: the scheduled job skips the business, 'Jetzt auszahlen' is refused.
    await runScheduledPayouts(payoutContext(t.app.deps, t.app.log));
    const stillWaiting = await t.database.query<{ status: string; payout_id: string | null }>(
      'SELECT status, payout_id FROM tips WHERE id = ANY($1::uuid[]) ORDER BY amount_cents',
      [[waiting.id, open.tipId]],
    );
    expect(stillWaiting).toEqual([
      { status: 'pending', payout_id: null },
      { status: 'pending', payout_id: null },
    ]);
    const payNow = await post(`/api/admin/payouts?businessId=${hotel.id}`, {});
    expect(payNow.statusCode).toBe(409);
    expect(payNow.json().error.code).toBe('payouts_paused');

    // Staff are out: open sessions end with the German reason; sign-in is refused both ways.
    for (const cookie of [annaCookie, ownerCookie]) {
      const refused = await me(cookie);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error).toEqual({
        code: 'business_suspended',
        title: 'Betrieb gesperrt',
        message: businessAccessMessage('business_suspended', t.app.deps.config.contactEmail),
      });
    }
    for (const email of [anna!.email, hotel.owner.email]) {
      const signInRefused = await passwordSignIn(email);
      expect(signInRefused.statusCode).toBe(401);
      expect(signInRefused.json().error.message).toBe(
        businessAccessMessage('business_suspended', t.app.deps.config.contactEmail),
      );
    }
    const wrongPassword = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: `10.9.2.${ip++}`,
      payload: { email: anna!.email, password: 'falsch-falsch' },
    });
    // A wrong password learns nothing about the business.
    expect(wrongPassword.json().error.code).toBe('invalid_credentials');
    const explanation = await requestMagicLink(anna!.email);
    expect(explanation).toContain('Ihr Betrieb ist derzeit gesperrt.');
    expect(explanation).not.toContain('magic_token=');
    const verify = await t.inject({
      method: 'POST',
      url: '/api/auth/magic-link/verify',
      payload: { token: earlierLink },
    });
    expect(verify.statusCode).toBe(401);
    expect(verify.json().error.code).toBe('business_suspended');
    const session = await t.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: annaCookie },
    });
    expect(session.json().user).toBeNull();

    // The platform admin of the same business, and the other business, go on.
    expect((await me(adminCookie)).statusCode).toBe(200);
    expect((await me(cafeCookie)).statusCode).toBe(200);
    expect((await guestCode(cafe.points[0]!.uid)).statusCode).toBe(200);
    expect((await startTip(t, { code: cafe.points[0]!.uid })).statusCode).toBe(201);
    // The admin's stream is still open: the next tip event reaches it, after no session-ended.
    await t.database.db.transaction((tx) =>
      publishTipChangesInTransaction(tx, t.database, [
        {
          tipId: waiting.id,
          status: 'pending',
          employeeIds: [admin.id],
          teamId: null,
          businessId: hotel.id,
        },
      ]),
    );
    const adminText = await adminStream.until('event: tip');
    expect(adminText).toContain('event: tip');
    expect(adminText).not.toContain('session-ended');

    // Twice is refused and writes nothing.
    const again = await suspend(hotel.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Nur ein aktiver Betrieb kann gesperrt werden.');
    expect(await auditRows('business_suspend', hotel.id)).toBe(1);

    // Reactivation: everything but the ended sessions comes back.
    const back = await reactivate(hotel.id);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ status: 'active', suspensionReason: null });
    expect(await auditRows('business_reactivate', hotel.id)).toBe(1);
    expect((await guestCode(personPoint.uid)).statusCode).toBe(200);
    expect((await guestPage(personPoint.uid)).statusCode).toBe(200);
    expect((await startTip(t, { code: personPoint.uid })).statusCode).toBe(201);
    const expired = await me(annaCookie);
    expect(expired.statusCode).toBe(401);
    // Still why it ended (decision 0505), not a plain timeout.
    expect(expired.json().error.code).toBe('business_suspended');
    expect((await passwordSignIn(anna!.email)).statusCode).toBe(200);
    const verified = await t.inject({
      method: 'POST',
      url: '/api/auth/magic-link/verify',
      payload: { token: earlierLink },
    });
    expect(verified.statusCode).toBe(200);
    await runScheduledPayouts(payoutContext(t.app.deps, t.app.log));
    const paidOut = await t.database.query<{ status: string }>(
      'SELECT status FROM tips WHERE id = ANY($1::uuid[])',
      [[waiting.id, open.tipId]],
    );
    expect(paidOut.map((row) => row.status)).toEqual(['completed', 'completed']);
    expect((await reactivate(hotel.id)).statusCode).toBe(409);
    expect(await auditRows('business_reactivate', hotel.id)).toBe(1);
  });

  it('holds back a payout claimed before the suspension until the business is active again', async () => {
    const shop = await createBusiness(t.database.db, { employees: 1 });
    const tip = await createTip(t.database.db, {
      businessId: shop.id,
      employeeId: shop.employees[0]!.id,
      amountCents: 1500,
    });
    const demo = createDemoTransfers(t.database);
    // The first transfer attempt fails on the way (no answer): the payout stays claimed.
    const unreachable: PayoutContext = {
      ...payoutContext(t.app.deps, t.app.log),
      transfers: {
        ...demo,
        createTransfer: () => Promise.reject(new Error('provider not reachable')),
      },
    };
    await runPayoutBatch(unreachable, { businessId: shop.id, trigger: 'manual' });
    const payoutOf = async () =>
      (
        await t.database.query<{ status: string }>(
          'SELECT p.status FROM payouts p JOIN tips t ON t.payout_id = p.id WHERE t.id = $1',
          [tip.id],
        )
      )[0]!.status;
    expect(await payoutOf()).toBe('processing');

    expect((await suspend(shop.id)).statusCode).toBe(200);
    t.clock.advance(PAYOUT_LEASE_MS + 1000);
    adminCookie = await signIn(t, admin.email);
    const ctx = payoutContext(t.app.deps, t.app.log);
    expect(await processOpenPayouts(ctx)).toBe(0);
    expect(await payoutOf()).toBe('processing');

    expect((await reactivate(shop.id)).statusCode).toBe(200);
    expect(await processOpenPayouts(ctx)).toBe(1);
    expect(await payoutOf()).toBe('paid');
  });

  it('needs a reason, and is refused to owners and employees', async () => {
    const blank = await suspend(cafe.id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json())).toContain(
      'Grund: Bitte geben Sie an, warum der Betrieb gesperrt wird.',
    );
    for (const email of [cafe.owner.email, cafe.employees[0]!.email]) {
      const refused = await post(
        `/api/admin/businesses/${cafe.id}/suspend`,
        { reason: 'x' },
        await signIn(t, email),
      );
      expect(refused.statusCode).toBe(403);
    }
    expect(
      await post('/api/admin/businesses/00000000-0000-4000-8000-000000000000/suspend', {
        reason: 'x',
      }).then((r) => r.statusCode),
    ).toBe(404);
    expect(await auditRows('business_suspend', cafe.id)).toBe(0);
    const [row] = await t.database.query<{ active: boolean }>(
      'SELECT active FROM businesses WHERE id = $1',
      [cafe.id],
    );
    expect(row!.active).toBe(true);
  });
});
