import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import {
  createBusiness,
  type FactoryBusiness,
  type FactoryPerson,
} from '../../../../test/support/factories';
import {
  decideDemoCheckout,
  guestHeaders,
  newGuestSessionId,
  startedTip,
  startTip,
  type GuestTipBody,
} from '../../../../test/support/guest';
import { analyticsEvents, paymentSessions, tips, webhookEvents } from '../../db/schema';

let t: TestApp;
let hotel: FactoryBusiness;
/** The employee most tests tip, at their own point. */
let employee: FactoryPerson;
let employeeCode: string;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, {
    employees: 1,
    points: ['person', 'object', 'object'],
  });
  employee = hotel.employees[0]!;
  employeeCode = hotel.points[0]!.uid;
});
afterAll(async () => {
  await t.close();
});

const tipRow = async (id: string) =>
  (await t.database.db.select().from(tips).where(eq(tips.id, id)))[0]!;
const sessionsOf = (tipId: string) =>
  t.database.db.select().from(paymentSessions).where(eq(paymentSessions.tipId, tipId));
/** The paying browser's view: with the tip secret, as the tip page sends it. */
const status = async (tipId: string, token?: string) =>
  (
    await t.inject({
      method: 'GET',
      url: `/api/guest/tips/${tipId}`,
      headers: token ? { 'x-tip-token': token } : {},
    })
  ).json();
const cancel = (tipId: string, token: string) =>
  t.inject({
    method: 'POST',
    url: `/api/guest/tips/${tipId}/cancel`,
    headers: guestHeaders(t),
    payload: { token },
  });

/** Starts a tip to the employee unless the body names another code. */
const startTipToEmployee = (body: GuestTipBody = {}) =>
  startTip(t, { code: employeeCode, ...body });
const startedTipToEmployee = (body: GuestTipBody = {}) =>
  startedTip(t, { code: employeeCode, ...body });

describe('paying a tip through the demo checkout', () => {
  it('writes the tip and its session, then counts it exactly once when paid', async () => {
    const guestSessionId = newGuestSessionId();
    const started = await startedTipToEmployee({
      amountCents: 1000,
      platformFee: true,
      guestMessage: '  Danke für alles!  ',
      paymentMethod: 'apple-pay',
      guestSessionId,
    });
    expect(started.checkoutUrl).toMatch(/\/checkout\/demo\/cs_demo_[0-9a-f]{32}$/);
    expect(started.attempt).toBe(1);

    const tip = await tipRow(started.tipId);
    expect(tip).toMatchObject({
      status: 'initiated',
      amountCents: 1000,
      platformFeeCents: 45,
      platformFeeCovered: true,
      guestMessage: 'Danke für alles!',
      paymentMethod: 'apple-pay',
      paymentProvider: 'demo',
      entrypointUid: employeeCode,
      tipSource: 'direct',
    });
    expect(tip.feedbackSecretHash).not.toContain(started.token);
    const [session] = await sessionsOf(started.tipId);
    expect(session).toMatchObject({
      status: 'open',
      amountCents: 1045,
      guestSessionId,
      attempt: 1,
      idempotencyKey: `checkout:${session!.id}`,
    });
    expect(session!.expiresAt.getTime() - t.clock.now().getTime()).toBe(5 * 60_000);

    const page = await t.inject({ method: 'GET', url: new URL(started.checkoutUrl).pathname });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`Trinkgeld für ${employee.fullName}`);
    expect(page.body).toContain('10,45\u00a0€');
    expect(page.body).not.toContain('<script');

    const paid = await decideDemoCheckout(t, started.checkoutUrl, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toContain(
      `/t/${employeeCode}?checkout=return&tip=${started.tipId}`,
    );
    expect(paid.headers.location).toContain('session_id=cs_demo_');

    // A second click (or a redelivered event) changes nothing.
    const again = await decideDemoCheckout(t, started.checkoutUrl, 'pay');
    expect(again.headers.location).toBe(new URL(started.checkoutUrl).pathname);
    const closed = await t.inject({ method: 'GET', url: new URL(started.checkoutUrl).pathname });
    expect(closed.body).toContain('Bereits bezahlt');

    const after = await tipRow(started.tipId);
    expect(after.status).toBe('pending');
    expect(after.paidAt).not.toBeNull();
    expect(after.paymentIntentId).toMatch(/^pi_demo_/);
    expect((await sessionsOf(started.tipId))[0]).toMatchObject({ status: 'completed' });
    expect(await status(started.tipId, started.token)).toMatchObject({
      status: 'pending',
      errorClass: null,
      totalCents: 1045,
      recipientName: employee.fullName,
      guestMessage: 'Danke für alles!',
    });
    const events = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.tipId, started.tipId));
    expect(events.map((e) => e.name).sort()).toEqual(['payment_started', 'payment_success']);
    const stored = await t.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.provider, 'demo'));
    expect(stored.length).toBeGreaterThanOrEqual(1);
    expect(stored.every((event) => event.processedAt !== null)).toBe(true);
  });

  it("allows one payment session at a time per guest ('Zahlung läuft bereits')", async () => {
    const guestSessionId = newGuestSessionId();
    const first = await startedTipToEmployee({ guestSessionId });
    const second = await startTipToEmployee({ guestSessionId, amountCents: 500 });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'payment_in_progress',
      title: 'Zahlung läuft bereits',
    });

    // After five minutes the session ends by itself and the guest may start again.
    t.clock.advance(5 * 60_000);
    const third = await startTipToEmployee({ guestSessionId });
    expect(third.statusCode).toBe(201);
    // The expired session still counts: the tab's next start is its second attempt.
    expect(third.json().attempt).toBe(2);
    expect((await tipRow(first.tipId)).status).toBe('expired');
    expect(await status(first.tipId)).toMatchObject({ errorClass: 'session_expired' });
  });

  it('cancels through the tab that paid, then retries with backoff, at most three times', async () => {
    const guestSessionId = newGuestSessionId();
    const first = await startedTipToEmployee({ guestSessionId, amountCents: 750 });
    const back = await decideDemoCheckout(t, first.checkoutUrl, 'cancel');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toContain(`checkout=cancel&tip=${first.tipId}`);
    expect((await tipRow(first.tipId)).status).toBe('initiated');

    expect((await cancel(first.tipId, 'x'.repeat(32))).statusCode).toBe(403);
    const cancelled = await cancel(first.tipId, first.token);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      errorClass: 'payment_cancelled',
    });

    const tooSoon = await startTipToEmployee({
      guestSessionId,
      retryOf: { tipId: first.tipId, token: first.token },
    });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error).toMatchObject({ code: 'retry_too_soon', retryAfter: 1 });
    expect(tooSoon.headers['retry-after']).toBe('1');

    let previous = first;
    for (const [attempt, wait] of [
      [2, 1_000],
      [3, 2_000],
      [4, 4_000],
    ] as const) {
      t.clock.advance(wait);
      const retry = await startedTipToEmployee({
        guestSessionId,
        retryOf: { tipId: previous.tipId, token: previous.token },
      });
      expect(retry.attempt).toBe(attempt);
      await decideDemoCheckout(t, retry.checkoutUrl, 'fail');
      expect(await status(retry.tipId)).toMatchObject({
        status: 'failed',
        errorClass: 'payment_failed',
        attempt,
      });
      previous = retry;
    }
    t.clock.advance(5_000);
    const exhausted = await startTipToEmployee({
      guestSessionId,
      retryOf: { tipId: previous.tipId, token: previous.token },
    });
    expect(exhausted.statusCode).toBe(429);
    expect(exhausted.json().error).toMatchObject({
      code: 'max_retries',
      title: 'Maximale Versuche erreicht',
      message: 'Bitte wenden Sie sich an das Personal für Hilfe.',
    });
    // A reload starts without retryOf: the same tab still has no attempts left.
    const afterReload = await startTipToEmployee({ guestSessionId });
    expect(afterReload.statusCode).toBe(429);
    expect(afterReload.json().error.code).toBe('max_retries');
  });

  it('counts a fresh start after an unpaid attempt as the next attempt of that tab', async () => {
    const guestSessionId = newGuestSessionId();
    const [table, otherTable] = hotel.points.filter((point) => point.type === 'object');
    const first = await startedTip(t, { code: table!.uid, guestSessionId });
    await decideDemoCheckout(t, first.checkoutUrl, 'fail');
    await status(first.tipId);
    const fresh = await startedTip(t, { code: table!.uid, guestSessionId });
    expect(fresh.attempt).toBe(2);
    // Another point, or an hour later, starts over.
    await decideDemoCheckout(t, fresh.checkoutUrl, 'fail');
    expect((await startedTip(t, { code: otherTable!.uid, guestSessionId })).attempt).toBe(1);
  });

  it('refuses to retry a payment that went through', async () => {
    const paid = await startedTipToEmployee();
    await decideDemoCheckout(t, paid.checkoutUrl, 'pay');
    t.clock.advance(10_000);
    const retry = await startTipToEmployee({ retryOf: { tipId: paid.tipId, token: paid.token } });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error.code).toBe('retry_not_allowed');
  });

  it('keeps a cancel from undoing a payment that arrived', async () => {
    const started = await startedTipToEmployee();
    await decideDemoCheckout(t, started.checkoutUrl, 'pay');
    const late = await cancel(started.tipId, started.token);
    expect(late.json()).toMatchObject({ status: 'pending' });
  });

  it.each([
    [{ amountCents: 50_001 }, 'Der Betrag darf höchstens 500,00\u00a0€ betragen.'],
    [{ amountCents: 0 }, 'Der Betrag muss mindestens 0,50\u00a0€ betragen.'],
    // The payment provider's minimum charge in euros (decision 0476).
    [{ amountCents: 49 }, 'Der Betrag muss mindestens 0,50\u00a0€ betragen.'],
    [{ amountCents: 49, platformFee: true }, 'Der Betrag muss mindestens 0,50\u00a0€ betragen.'],
    [{ amountCents: 10.5 }, 'Der Betrag muss in ganzen Cent angegeben werden.'],
    [{ guestMessage: 'x'.repeat(201) }, 'Die Nachricht darf höchstens 200 Zeichen lang sein.'],
    [{ guestSessionId: 'kurz' }, 'Die Sitzungskennung ist ungültig.'],
  ])('rejects %j with a German message and writes nothing', async (body, message) => {
    const before = (await t.database.db.select({ id: tips.id }).from(tips)).length;
    const response = await startTipToEmployee(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
    expect((await t.database.db.select({ id: tips.id }).from(tips)).length).toBe(before);
  });

  it('refuses a tip through an inactive or unknown code', async () => {
    const unknown = await startTip(t, { code: 'aio-unbekannt-0000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('code_not_found');
  });
});

describe('DEMO_FAILURE_RATE', () => {
  it("fails like the spec's simulation when the rate strikes", async () => {
    const failing = await createTestApp({ config: { demoFailureRate: 1 } });
    try {
      const failingHotel = await createBusiness(failing.database.db, {
        employees: 1,
        points: ['person'],
      });
      const started = await startedTip(failing, { code: failingHotel.points[0]!.uid });
      await decideDemoCheckout(failing, started.checkoutUrl, 'pay');
      const result = (
        await failing.inject({ method: 'GET', url: `/api/guest/tips/${started.tipId}` })
      ).json();
      expect(result.status).toBe('failed');
      expect(['stripe_not_connected', 'session_expired', 'network_error']).toContain(
        result.errorClass,
      );
    } finally {
      await failing.close();
    }
  });
});

describe('a malformed demo-checkout link', () => {
  it.each(['/checkout/demo/nonsense', '/checkout/demo/cs_demo_%3Cscript%3E'])(
    'answers %s with a German page, not JSON',
    async (url) => {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('Zahlung nicht gefunden');
      expect(response.body).not.toContain('<script>');
    },
  );
});
