import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import type { FactoryBusiness } from '../../../../test/support/factories';
import type { FakeStripe } from '../../../../test/support/fake-stripe';
import { createStripeTestApp, startedStripeCheckout } from '../../../../test/support/stripe-app';
import { stripeEvent, timesCounted } from '../../../../test/support/stripe';
import { tips, webhookEvents } from '../../db/schema';

/**
 * Decision 0255: a signed event whose Checkout Session is final settles without asking Stripe
 * again, a redelivery is answered without settling again (from memory on the instance that
 * processed it, from the database on any other), and every tip is still counted exactly once.
 */
const WEBHOOK_SECRET = 'whsec_test_trinkgeld_fast_path';
const signer = new Stripe('sk_test_signer_only');

let t: TestApp;
let other: TestApp;
let fake: FakeStripe;
let close: () => Promise<void>;
let hotel: FactoryBusiness;

beforeAll(async () => {
  ({ t, fake, close, hotel } = await createStripeTestApp({
    webhookSecret: WEBHOOK_SECRET,
    business: { employees: 1, points: ['person'], connectedAccounts: ['acct_anna_fast_path'] },
  }));
  // A second instance on the same database, as behind a load balancer.
  other = await createTestApp({ database: t.database, clock: t.clock, config: t.config });
});
afterAll(async () => {
  await other.close();
  await close();
});

/** The event as Stripe sends it: the Checkout Session as the fake holds it now. */
function signedEvent(
  type: string,
  checkout: string,
  id = `evt_${Math.random().toString(36).slice(2)}`,
) {
  const payload = JSON.stringify(stripeEvent(t, type, { ...fake.sessions.get(checkout) }, id));
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    timestamp: Math.floor(t.clock.now().getTime() / 1000),
  });
  return {
    method: 'POST' as const,
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  };
}

/** A tip to the hotel's connected employee, its checkout open at the fake. */
const stripeTip = () => startedStripeCheckout(t, hotel.points[0]!.uid);

const askedStripe = (checkout: string) =>
  fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${checkout}`)
    .length;

async function stateOf(tipId: string) {
  const [tip] = await t.database.db.select().from(tips).where(eq(tips.id, tipId));
  return {
    status: tip!.status,
    counted: await timesCounted(t, tipId),
    held: tip!.reviewReason !== null,
  };
}

describe('webhook fast paths', () => {
  it('settles a signed paid checkout without asking Stripe, and counts a copy sent while the first is in flight once', async () => {
    const { tipId, checkout } = await stripeTip();
    fake.pay(checkout);
    const event = signedEvent('checkout.session.completed', checkout, `evt_inflight_${tipId}`);
    const answers = await Promise.all([t.inject(event), t.inject(event), other.inject(event)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.json().duplicate === false)).toHaveLength(1);
    expect(askedStripe(checkout)).toBe(0);
    expect(await stateOf(tipId)).toEqual({ status: 'pending', counted: 1, held: false });
    const stored = await t.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, `evt_inflight_${tipId}`));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.processedAt).not.toBeNull();
  });

  it('answers a redelivery of a processed event as a duplicate on this and on another instance', async () => {
    const { tipId, checkout } = await stripeTip();
    fake.pay(checkout);
    const event = signedEvent('checkout.session.completed', checkout);
    expect((await t.inject(event)).json()).toEqual({ received: true, duplicate: false });
    expect((await t.inject(event)).json()).toEqual({ received: true, duplicate: true });
    expect((await other.inject(event)).json()).toEqual({ received: true, duplicate: true });
    expect(await stateOf(tipId)).toEqual({ status: 'pending', counted: 1, held: false });
  });

  it('still holds a signed paid checkout for review when it charged another amount', async () => {
    const { tipId, checkout } = await stripeTip();
    fake.pay(checkout);
    fake.sessions.get(checkout)!.amount_total += 100;
    await t.inject(signedEvent('checkout.session.completed', checkout));
    expect(askedStripe(checkout)).toBe(0);
    expect(await stateOf(tipId)).toEqual({ status: 'pending', counted: 1, held: true });
  });

  it('asks Stripe when the signed checkout is not final yet', async () => {
    const { tipId, checkout } = await stripeTip();
    fake.failAsync(checkout);
    const answer = await t.inject(signedEvent('checkout.session.async_payment_failed', checkout));
    expect(answer.statusCode).toBe(200);
    expect(askedStripe(checkout)).toBe(1);
    expect(await stateOf(tipId)).toEqual({ status: 'failed', counted: 0, held: false });
  });

  it('keeps a paid tip paid when a signed "expired" arrives late', async () => {
    const { tipId, checkout } = await stripeTip();
    const open = { ...fake.sessions.get(checkout)! };
    fake.pay(checkout);
    await t.inject(signedEvent('checkout.session.completed', checkout));
    // An expiry of the same session, signed while it was still open, delivered last.
    fake.sessions.set(checkout, { ...open, status: 'expired' });
    const late = await t.inject(signedEvent('checkout.session.expired', checkout));
    expect(late.statusCode).toBe(200);
    expect(askedStripe(checkout)).toBe(0);
    expect(await stateOf(tipId)).toEqual({ status: 'pending', counted: 1, held: false });
  });
});
