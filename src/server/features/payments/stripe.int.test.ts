import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/support/app';
import type { FactoryBusiness, FactoryPerson } from '../../../../test/support/factories';
import type { FakeStripe } from '../../../../test/support/fake-stripe';
import { createStripeTestApp } from '../../../../test/support/stripe-app';
import { stripeEvent } from '../../../../test/support/stripe';
import { allowConsoleErrors } from '../../../../test/support/setup';
import {
  guestHeaders,
  startedTip,
  type GuestTipBody,
  startTip,
} from '../../../../test/support/guest';
import { paymentSessions, tips, webhookEvents } from '../../db/schema';
import { paymentContext } from './context';
import { runPaymentSessionExpiry } from './expiry';

const WEBHOOK_SECRET = 'whsec_test_trinkgeld_contract';
const signer = new Stripe('sk_test_signer_only');

let t: TestApp;
let fake: FakeStripe;
let close: () => Promise<void>;
let hotel: FactoryBusiness;
/** Connected to Stripe, so tips to this employee may start. */
let connectedEmployee: FactoryPerson;
/** The employee's point, the code most tests tip at. */
let connectedCode: string;

beforeAll(async () => {
  ({ t, fake, close, hotel } = await createStripeTestApp({
    webhookSecret: WEBHOOK_SECRET,
    // The first employee is connected, the second is not; the table tips the business pool.
    business: {
      employees: 2,
      points: ['person', 'person', 'object'],
      connectedAccounts: ['acct_connected123'],
    },
  }));
  connectedEmployee = hotel.employees[0]!;
  connectedCode = hotel.points[0]!.uid;
});
afterAll(async () => {
  await close();
});

/** A tip to the connected employee (or at the body's `code`) under Stripe. */
const startedTipToConnected = (body: GuestTipBody = {}) =>
  startedTip(t, { code: connectedCode, ...body });

function eventFor(
  type: string,
  objectId: string,
  id = `evt_${Math.random().toString(36).slice(2)}`,
) {
  const object = type.startsWith('charge') ? 'charge' : 'checkout.session';
  return stripeEvent(t, type, { id: objectId, object }, id);
}

function sendWebhook(
  event: object,
  options: { sign?: boolean; timestamp?: number; secret?: string } = {},
) {
  const payload = JSON.stringify(event);
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (options.sign !== false) {
    headers['stripe-signature'] = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: options.timestamp ?? Math.floor(t.clock.now().getTime() / 1000),
    });
  }
  return t.inject({ method: 'POST', url: '/api/payments/webhook', headers, payload });
}

const tipOf = async (tipId: string) =>
  (await t.database.db.select().from(tips).where(eq(tips.id, tipId)))[0]!;
const providerSessionOf = async (tipId: string) =>
  (await t.database.db.select().from(paymentSessions).where(eq(paymentSessions.tipId, tipId)))[0]!
    .providerSessionId!;

describe('Stripe provider against a local stand-in for the API', () => {
  it('creates a Checkout Session in EUR for tip plus contribution, with an idempotency key', async () => {
    const started = await startedTipToConnected({ amountCents: 1000, platformFee: true });
    const request = fake.lastCreate()!;
    const [session] = await t.database.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.tipId, started.tipId));

    expect(request.headers.authorization).toBe('Bearer sk_test_trinkgeld');
    expect(request.headers['idempotency-key']).toBe(`checkout:${session!.id}`);
    expect(request.form).toMatchObject({
      mode: 'payment',
      'allowed_payment_method_types[0]': 'card',
      locale: 'de',
      client_reference_id: started.tipId,
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '1000',
      'line_items[0][price_data][product_data][name]': `Trinkgeld für ${connectedEmployee.fullName}`,
      'line_items[1][price_data][unit_amount]': '45',
      'line_items[1][price_data][product_data][name]': 'Servicebeitrag',
      'metadata[tip_id]': started.tipId,
      'metadata[payment_session_id]': session!.id,
      'metadata[recipient_account]': 'acct_connected123',
      'payment_intent_data[transfer_group]': `tip_${started.tipId}`,
      'payment_intent_data[metadata][tip_id]': started.tipId,
      success_url: `${t.config.publicOrigin}/t/${connectedCode}?checkout=return&tip=${started.tipId}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${t.config.publicOrigin}/t/${connectedCode}?checkout=cancel&tip=${started.tipId}`,
    });
    // Stripe keeps a session open at least 30 minutes; we end ours after 5 and expire it there.
    expect(Number(request.form.expires_at)).toBeGreaterThanOrEqual(
      Math.floor(t.clock.now().getTime() / 1000) + 30 * 60,
    );
    expect(started.checkoutUrl).toBe(
      `https://checkout.stripe.com/c/pay/${session!.providerSessionId}`,
    );
    expect(fake.sessions.get(session!.providerSessionId!)?.amount_total).toBe(1045);
  });

  it("refuses a person's tip while they have no connected account", async () => {
    const colleague = hotel.points.find((p) => p.targetId === hotel.employees[1]!.id)!;
    const response = await startTip(t, { code: colleague.uid });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toMatchObject({
      code: 'payment_unavailable',
      title: 'Zahlungsabwicklung nicht verfügbar',
    });
  });

  it('records a failed attempt when Stripe refuses to open a checkout', async () => {
    fake.failNextCreate = 400;
    const table = hotel.points.find((p) => p.type === 'object')!;
    const response = await startTip(t, { code: table.uid });
    expect(response.statusCode).toBe(503);
    const [failed] = await t.database.db
      .select()
      .from(tips)
      .where(eq(tips.entrypointUid, table.uid));
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'provider_unavailable' });
  });
});

describe('POST /api/payments/webhook', () => {
  it('counts a tip once when the same signed event arrives twice', async () => {
    const started = await startedTipToConnected();
    const sessionId = await providerSessionOf(started.tipId);
    const intent = fake.pay(sessionId);
    const event = eventFor('checkout.session.completed', sessionId);

    const first = await sendWebhook(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const second = await sendWebhook(event);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ received: true, duplicate: true });

    const tip = await tipOf(started.tipId);
    expect(tip).toMatchObject({ status: 'pending', paymentIntentId: intent });
    const stored = await t.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, event.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.processedAt).not.toBeNull();
    const paidTips = await t.database.db
      .select()
      .from(tips)
      .where(eq(tips.paymentIntentId, intent));
    expect(paidTips).toHaveLength(1);
  });

  it('trusts the API, not the payload: a completed event for an unpaid session changes nothing', async () => {
    const started = await startedTipToConnected();
    const sessionId = await providerSessionOf(started.tipId);
    await sendWebhook(eventFor('checkout.session.completed', sessionId));
    expect((await tipOf(started.tipId)).status).toBe('initiated');
  });

  it('handles events out of order without moving a tip backwards', async () => {
    const started = await startedTipToConnected();
    const sessionId = await providerSessionOf(started.tipId);
    fake.pay(sessionId);
    // The "expired" signal arrives first, yet the session is paid: the re-read says so.
    await sendWebhook(eventFor('checkout.session.expired', sessionId));
    expect((await tipOf(started.tipId)).status).toBe('pending');
    await sendWebhook(eventFor('checkout.session.completed', sessionId));
    await sendWebhook(eventFor('checkout.session.async_payment_failed', sessionId));
    expect((await tipOf(started.tipId)).status).toBe('pending');

    // A payment that arrives after our five minutes still counts, once.
    const late = await startedTipToConnected();
    const lateSession = await providerSessionOf(late.tipId);
    t.clock.advance(5 * 60_000);
    // The job's expire call reaches Stripe after the guest paid: Stripe refuses, the tip counts.
    fake.pay(lateSession);
    await runPaymentSessionExpiry(paymentContext(t.app.deps, t.app.log));
    expect((await tipOf(late.tipId)).status).toBe('pending');
    await sendWebhook(eventFor('checkout.session.completed', lateSession));
    expect((await tipOf(late.tipId)).status).toBe('pending');
  });

  it('expires an unpaid session at Stripe too, and marks a failed delayed payment', async () => {
    const idle = await startedTipToConnected();
    const idleSession = await providerSessionOf(idle.tipId);
    t.clock.advance(5 * 60_000);
    await runPaymentSessionExpiry(paymentContext(t.app.deps, t.app.log));
    expect((await tipOf(idle.tipId)).status).toBe('expired');
    expect(fake.sessions.get(idleSession)?.status).toBe('expired');

    const delayed = await startedTipToConnected();
    const delayedSession = await providerSessionOf(delayed.tipId);
    fake.failAsync(delayedSession);
    await sendWebhook(eventFor('checkout.session.async_payment_failed', delayedSession));
    expect(await tipOf(delayed.tipId)).toMatchObject({ status: 'failed' });
  });

  it('cancels at Stripe when the guest comes back without paying', async () => {
    const started = await startedTipToConnected();
    const sessionId = await providerSessionOf(started.tipId);
    const response = await t.inject({
      method: 'POST',
      url: `/api/guest/tips/${started.tipId}/cancel`,
      headers: guestHeaders(t),
      payload: { token: started.token },
    });
    expect(response.json().status).toBe('cancelled');
    expect(fake.sessions.get(sessionId)?.status).toBe('expired');
  });

  it('answers with what it knows while Stripe cannot be asked', async () => {
    const started = await startedTipToConnected();
    fake.sessions.delete(await providerSessionOf(started.tipId));
    const status = await t.inject({ method: 'GET', url: `/api/guest/tips/${started.tipId}` });
    expect(status.statusCode).toBe(200);
    expect(status.json().status).toBe('initiated');
    const cancel = await t.inject({
      method: 'POST',
      url: `/api/guest/tips/${started.tipId}/cancel`,
      headers: guestHeaders(t),
      payload: { token: started.token },
    });
    expect(cancel.statusCode).toBe(503);
    expect((await tipOf(started.tipId)).status).toBe('initiated');
  });

  it('marks a tip refunded after re-reading the charge', async () => {
    const started = await startedTipToConnected();
    const intent = fake.pay(await providerSessionOf(started.tipId));
    await sendWebhook(
      eventFor('checkout.session.completed', await providerSessionOf(started.tipId)),
    );
    const charge = fake.refund(intent);
    await sendWebhook(eventFor('charge.refunded', charge));
    expect((await tipOf(started.tipId)).status).toBe('refunded');
  });

  it('refunds a pay-later link paid twice in full, once, with an idempotency key', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/api/guest/pay-later-links',
      headers: guestHeaders(t),
      payload: { code: connectedCode, amountCents: 700 },
    });
    const { token } = created.json<{ token: string }>();
    const late = await startedTipToConnected({ amountCents: 700, payLaterToken: token });
    t.clock.advance(6 * 60_000);
    const second = await startedTipToConnected({ amountCents: 700, payLaterToken: token });
    const lateSession = await providerSessionOf(late.tipId);
    const secondSession = await providerSessionOf(second.tipId);
    const secondIntent = fake.pay(secondSession);
    expect(
      (await sendWebhook(eventFor('checkout.session.completed', secondSession))).statusCode,
    ).toBe(200);
    // Stripe completes the checkout we had given up on after all.
    const lateIntent = fake.pay(lateSession);
    const event = eventFor('checkout.session.completed', lateSession);
    expect((await sendWebhook(event)).statusCode).toBe(200);
    // A redelivery with a new event id settles again: still one refund.
    expect(
      (await sendWebhook(eventFor('checkout.session.completed', lateSession))).statusCode,
    ).toBe(200);

    // The refunds of this link's two payments (another test refunds a link of its own).
    const refundCalls = fake.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/refunds' &&
        [lateIntent, secondIntent].includes(r.form.payment_intent ?? ''),
    );
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]!.form).toMatchObject({
      payment_intent: lateIntent,
      reason: 'duplicate',
      'metadata[tip_id]': late.tipId,
    });
    expect(refundCalls[0]!.headers['idempotency-key']).toBe(`refund-duplicate-${late.tipId}`);
    expect(fake.refunds.size).toBeGreaterThan(0);
    expect(await tipOf(late.tipId)).toMatchObject({
      status: 'refunded',
      paymentIntentId: lateIntent,
    });
    expect(await tipOf(second.tipId)).toMatchObject({ status: 'pending' });
  });

  it('keeps a refused refund reported and refunds it at the next settlement', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/api/guest/pay-later-links',
      headers: guestHeaders(t),
      payload: { code: connectedCode, amountCents: 900 },
    });
    const { token } = created.json<{ token: string }>();
    const late = await startedTipToConnected({ amountCents: 900, payLaterToken: token });
    t.clock.advance(6 * 60_000);
    const second = await startedTipToConnected({ amountCents: 900, payLaterToken: token });
    const lateSession = await providerSessionOf(late.tipId);
    const secondSession = await providerSessionOf(second.tipId);
    fake.pay(secondSession);
    await sendWebhook(eventFor('checkout.session.completed', secondSession));
    const lateIntent = fake.pay(lateSession);
    // Stripe refuses the refund this time; the failure is logged as an error.
    allowConsoleErrors();
    fake.failNextRefund = true;
    expect(
      (await sendWebhook(eventFor('checkout.session.completed', lateSession))).statusCode,
    ).toBe(200);
    expect(await tipOf(late.tipId)).toMatchObject({ status: 'pending' });

    await sendWebhook(eventFor('checkout.session.completed', lateSession));
    expect(await tipOf(late.tipId)).toMatchObject({
      status: 'refunded',
      paymentIntentId: lateIntent,
    });
    const keys = fake.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/refunds')
      .map((r) => r.headers['idempotency-key']);
    // Both tries used the same key, so Stripe could never refund twice.
    expect(keys.filter((key) => key === `refund-duplicate-${late.tipId}`)).toHaveLength(2);
  });

  it('rejects unsigned, forged and stale deliveries with 400 and stores nothing', async () => {
    const before = (await t.database.db.select().from(webhookEvents)).length;
    const event = eventFor('checkout.session.completed', 'cs_test_forged');

    const unsigned = await sendWebhook(event, { sign: false });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error).toMatchObject({
      code: 'webhook_signature_invalid',
      title: 'Ungültige Signatur',
    });
    expect((await sendWebhook(event, { secret: 'whsec_someone_else' })).statusCode).toBe(400);
    const stale = Math.floor(t.clock.now().getTime() / 1000) - 6 * 60;
    expect((await sendWebhook(event, { timestamp: stale })).statusCode).toBe(400);
    const tampered = await t.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({
          payload: JSON.stringify(event),
          secret: WEBHOOK_SECRET,
          timestamp: Math.floor(t.clock.now().getTime() / 1000),
        }),
      },
      payload: JSON.stringify({ ...event, type: 'charge.refunded' }),
    });
    expect(tampered.statusCode).toBe(400);
    expect((await t.database.db.select().from(webhookEvents)).length).toBe(before);
  });
});
