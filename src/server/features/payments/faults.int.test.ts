import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import type { FakeStripe } from '../../../../test/support/fake-stripe';
import { createStripeTestApp, startedStripeCheckout } from '../../../../test/support/stripe-app';
import { timesCounted } from '../../../../test/support/stripe';
import { analyticsEvents, paymentSessions, tips, webhookEvents } from '../../db/schema';
import { paymentContext } from './context';
import type { DemoProvider } from './demo-provider';
import { runPaymentSessionExpiry } from './expiry';
import { paymentProvidersFor } from './provider';
import { RECONCILE_AFTER_MS, runPaymentReconciliation } from './reconciliation';

/**
 * The webhook before the browser returns, twice, out of order, after the
 * session expired, with a wrong signature, and never at all. Each case ends in the right state
 * with the tip counted once (one `payment_success`, one paid tip per payment).
 */
const WEBHOOK_SECRET = 'whsec_test_trinkgeld_faults';
const signer = new Stripe('sk_test_signer_only');

let t: TestApp;
let fake: FakeStripe;
let close: () => Promise<void>;
let hotel: FactoryBusiness;

beforeAll(async () => {
  ({ t, fake, close, hotel } = await createStripeTestApp({
    webhookSecret: WEBHOOK_SECRET,
    business: { employees: 1, points: ['person'], connectedAccounts: ['acct_anna_faults'] },
  }));
});
afterAll(async () => {
  await close();
});

const ctx = () => paymentContext(t.app.deps, t.app.log);

function sendWebhook(
  type: string,
  objectId: string,
  options: { secret?: string; id?: string } = {},
) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(t.clock.now().getTime() / 1000),
    livemode: false,
    data: { object: { id: objectId, object: 'checkout.session' } },
  });
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: Math.floor(t.clock.now().getTime() / 1000),
  });
  return t.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

/** The browser coming back from the hosted checkout: the tip page polls the tip's state. */
const browserReturns = (tipId: string) =>
  t.inject({ method: 'GET', url: `/api/guest/tips/${tipId}` });

async function stateOf(tipId: string) {
  const { db } = t.database;
  const [tip] = await db.select().from(tips).where(eq(tips.id, tipId));
  const [session] = await db.select().from(paymentSessions).where(eq(paymentSessions.tipId, tipId));
  return { status: tip!.status, counted: await timesCounted(t, tipId), session: session!.status };
}

/** A tip to the hotel's connected employee, its checkout open at the fake. */
const stripeTip = () => startedStripeCheckout(t, hotel.points[0]!.uid);

describe('payment faults (Stripe stand-in)', () => {
  it('counts a webhook that arrives before the browser returns once', async () => {
    const { tipId, checkout } = await stripeTip();
    fake.pay(checkout);
    expect((await sendWebhook('checkout.session.completed', checkout)).statusCode).toBe(200);
    const page = await browserReturns(tipId);
    expect(page.json().status).toBe('pending');
    expect(await stateOf(tipId)).toEqual({ status: 'pending', counted: 1, session: 'completed' });
  });

  it('counts the browser returning before the webhook once', async () => {
    const { tipId, checkout } = await stripeTip();
    fake.pay(checkout);
    expect((await browserReturns(tipId)).json().status).toBe('pending');
    const late = await sendWebhook('checkout.session.completed', checkout);
    expect(late.json()).toEqual({ received: true, duplicate: false });
    expect(await stateOf(tipId)).toEqual({ status: 'pending', counted: 1, session: 'completed' });
  });

  it('counts the same event delivered twice at the same moment once', async () => {
    const { tipId, checkout } = await stripeTip();
    fake.pay(checkout);
    const id = `evt_twice_${tipId}`;
    const answers = await Promise.all([
      sendWebhook('checkout.session.completed', checkout, { id }),
      sendWebhook('checkout.session.completed', checkout, { id }),
      browserReturns(tipId),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const stored = await t.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, id));
    expect(stored).toHaveLength(1);
    expect(await stateOf(tipId)).toEqual({ status: 'pending', counted: 1, session: 'completed' });
  });

  it('does not move a paid tip back when "expired" and "failed" arrive after "completed"', async () => {
    const { tipId, checkout } = await stripeTip();
    fake.pay(checkout);
    await sendWebhook('checkout.session.completed', checkout);
    await sendWebhook('checkout.session.expired', checkout);
    await sendWebhook('checkout.session.async_payment_failed', checkout);
    expect(await stateOf(tipId)).toEqual({ status: 'pending', counted: 1, session: 'completed' });
  });

  it('keeps an expired, unpaid checkout expired when a late event arrives', async () => {
    const { tipId, checkout } = await stripeTip();
    t.clock.advance(5 * 60_000);
    await runPaymentSessionExpiry(ctx());
    expect(fake.sessions.get(checkout)?.status).toBe('expired');
    await sendWebhook('checkout.session.completed', checkout);
    expect(await stateOf(tipId)).toEqual({ status: 'expired', counted: 0, session: 'expired' });
  });

  it('refuses a webhook signed with a wrong secret and counts nothing', async () => {
    const { tipId, checkout } = await stripeTip();
    fake.pay(checkout);
    const forged = await sendWebhook('checkout.session.completed', checkout, {
      secret: 'whsec_wrong',
    });
    expect(forged.statusCode).toBe(400);
    expect(await stateOf(tipId)).toEqual({ status: 'initiated', counted: 0, session: 'open' });
  });
});

describe('reconciliation: the webhook never arrives', () => {
  it('settles a paid checkout nobody told us about, once, even with two instances and a late webhook', async () => {
    const { tipId, checkout } = await stripeTip();
    fake.pay(checkout);
    const asked = () =>
      fake.requests.filter(
        (r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${checkout}`,
      ).length;
    // Not yet stale: nobody asks.
    await runPaymentReconciliation(ctx());
    expect(asked()).toBe(0);
    expect((await stateOf(tipId)).status).toBe('initiated');

    t.clock.advance(RECONCILE_AFTER_MS);
    await Promise.all([runPaymentReconciliation(ctx()), runPaymentReconciliation(ctx())]);
    expect(asked()).toBe(1);
    expect(await stateOf(tipId)).toEqual({ status: 'pending', counted: 1, session: 'completed' });

    await runPaymentReconciliation(ctx());
    expect(asked()).toBe(1);
    await sendWebhook('checkout.session.completed', checkout);
    expect(await stateOf(tipId)).toEqual({ status: 'pending', counted: 1, session: 'completed' });
  });

  it('marks a failed delayed payment and leaves an unpaid open checkout open', async () => {
    const failed = await stripeTip();
    const open = await stripeTip();
    fake.failAsync(failed.checkout);
    t.clock.advance(RECONCILE_AFTER_MS);
    await runPaymentReconciliation(ctx());
    expect(await stateOf(failed.tipId)).toEqual({
      status: 'failed',
      counted: 0,
      session: 'failed',
    });
    expect(await stateOf(open.tipId)).toEqual({ status: 'initiated', counted: 0, session: 'open' });
  });

  it('asks again later when the provider cannot be reached', async () => {
    const { tipId, checkout } = await stripeTip();
    const kept = fake.sessions.get(checkout)!;
    fake.sessions.delete(checkout);
    t.clock.advance(RECONCILE_AFTER_MS);
    const unreachable = await runPaymentReconciliation(ctx());
    expect(unreachable.failed).toBeGreaterThanOrEqual(1);
    expect((await stateOf(tipId)).status).toBe('initiated');

    fake.sessions.set(checkout, kept);
    fake.pay(checkout);
    await runPaymentReconciliation(ctx());
    expect(await stateOf(tipId)).toEqual({ status: 'pending', counted: 1, session: 'completed' });
  });

  it('counts a payment taken after our expiry when closing the checkout at Stripe had failed', async () => {
    const { tipId, checkout } = await stripeTip();
    const kept = fake.sessions.get(checkout)!;
    fake.sessions.delete(checkout);
    t.clock.advance(5 * 60_000);
    await runPaymentSessionExpiry(ctx());
    expect((await stateOf(tipId)).status).toBe('expired');

    // Stripe kept its checkout open (it lives 30 minutes) and the guest paid; no webhook came.
    fake.sessions.set(checkout, kept);
    fake.pay(checkout);
    await runPaymentReconciliation(ctx());
    expect(await stateOf(tipId)).toEqual({ status: 'pending', counted: 1, session: 'completed' });
    await runPaymentReconciliation(ctx());
    expect(await stateOf(tipId)).toEqual({ status: 'pending', counted: 1, session: 'completed' });
  });
});

describe('reconciliation with the demo provider', () => {
  it('settles a demo payment whose event was lost, once', async () => {
    const demo = await createTestApp();
    try {
      const demoHotel = await createBusiness(demo.database.db, {
        employees: 1,
        points: ['person'],
      });
      const demoCtx = paymentContext(demo.app.deps, demo.app.log);
      const response = await demo.inject({
        method: 'POST',
        url: '/api/guest/tips',
        headers: { origin: demo.config.publicOrigin },
        payload: {
          code: demoHotel.points[0]!.uid,
          amountCents: 700,
          platformFee: false,
          paymentMethod: 'stripe',
          guestSessionId: 'faults-demo-tab-0000001',
        },
      });
      expect(response.statusCode).toBe(201);
      const { tipId, checkoutUrl } = response.json<{ tipId: string; checkoutUrl: string }>();
      const provider = paymentProvidersFor(demo.app.deps).byName('demo') as DemoProvider;
      // The payer's choice is recorded at the provider, but the event that says so is lost.
      await provider.decide(new URL(checkoutUrl).pathname.split('/').pop()!, { paid: true });

      demo.clock.advance(RECONCILE_AFTER_MS);
      await Promise.all([runPaymentReconciliation(demoCtx), runPaymentReconciliation(demoCtx)]);
      await runPaymentReconciliation(demoCtx);
      const [tip] = await demo.database.db.select().from(tips).where(eq(tips.id, tipId));
      const counted = await demo.database.db
        .select()
        .from(analyticsEvents)
        .where(and(eq(analyticsEvents.tipId, tipId), eq(analyticsEvents.name, 'payment_success')));
      expect(tip?.status).toBe('pending');
      expect(counted).toHaveLength(1);
    } finally {
      await demo.close();
    }
  });
});
