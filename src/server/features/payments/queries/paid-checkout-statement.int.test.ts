import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../../../test/support/app';
import { createBusiness, type FactoryBusiness } from '../../../../../test/support/factories';
import type { FakeStripe } from '../../../../../test/support/fake-stripe';
import { startedTip } from '../../../../../test/support/guest';
import { createStripeTestApp } from '../../../../../test/support/stripe-app';
import { stripeEvent, timesCounted } from '../../../../../test/support/stripe';
import {
  analyticsEvents,
  paymentSessions,
  profiles,
  tipAllocations,
  tips,
  webhookEvents,
} from '../../../db/schema';
import { RealtimeHub, type TipChange } from '../../realtime/hub';
import { TIP_EVENTS_CHANNEL } from '../../tip-lifecycle/events';
import { type PaidCheckoutResult, paidCheckoutStatement } from './paid-checkout-statement';

/**
 * Decision 0283: a signed paid checkout of a person's tip settles in one statement; every other
 * paid checkout (a team split, a mismatching amount) still takes the general settlement, and
 * both write the same things.
 */
const WEBHOOK_SECRET = 'whsec_test_trinkgeld_one_statement';
const signer = new Stripe('sk_test_signer_only');

let t: TestApp;
let fake: FakeStripe;
let close: () => Promise<void>;
let hub: RealtimeHub;
let hotel: FactoryBusiness;
let otherHotel: FactoryBusiness;
const received: TipChange[] = [];

beforeAll(async () => {
  ({ t, fake, close } = await createStripeTestApp({ webhookSecret: WEBHOOK_SECRET }));
  hotel = await createBusiness(t.database.db, {
    employees: 2,
    teams: [{ members: [0, 1] }],
    points: ['person', 'team'],
  });
  otherHotel = await createBusiness(t.database.db, { employees: 1, points: ['person'] });
  for (const person of [...hotel.employees, ...otherHotel.employees]) {
    await t.database.db
      .update(profiles)
      .set({ stripeAccountId: `acct_${person.id.slice(0, 8)}`, stripeAccountStatus: 'enabled' })
      .where(eq(profiles.id, person.id));
  }
  hub = new RealtimeHub(t.database);
  await hub.start();
  for (const person of [...hotel.employees, ...otherHotel.employees]) {
    hub.subscribe(person.id, (change) => received.push(change));
  }
});
afterAll(async () => {
  await hub.stop();
  await close();
});

async function paidCheckoutAt(uid: string, amountCents = 1200) {
  const { tipId } = await startedTip(t, { code: uid, amountCents });
  const [session] = await t.database.db
    .select()
    .from(paymentSessions)
    .where(eq(paymentSessions.tipId, tipId));
  const checkout = session!.providerSessionId!;
  fake.pay(checkout);
  const payload = JSON.stringify(
    stripeEvent(t, 'checkout.session.completed', { ...fake.sessions.get(checkout) }),
  );
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    timestamp: Math.floor(t.clock.now().getTime() / 1000),
  });
  const deliver = () =>
    t.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  return { tipId, sessionId: session!.id, checkout, eventId: JSON.parse(payload).id, deliver };
}

async function liveUpdateOf(tipId: string): Promise<TipChange[]> {
  await vi.waitFor(() => expect(received.some((change) => change.tipId === tipId)).toBe(true), {
    timeout: 5_000,
    interval: 10,
  });
  return received.filter((change) => change.tipId === tipId);
}

const askedStripe = (checkout: string) =>
  fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${checkout}`)
    .length;

describe('a paid checkout in one statement', () => {
  it("settles a person's tip with its session, payment_success, the stored event and the live update", async () => {
    const anna = hotel.employees[0]!;
    const point = hotel.points.find((p) => p.type === 'person')!;
    const paid = await paidCheckoutAt(point.uid, 1250);

    const answer = await paid.deliver();
    expect(answer.json()).toEqual({ received: true, duplicate: false });
    expect(askedStripe(paid.checkout)).toBe(0);

    const [tip] = await t.database.db.select().from(tips).where(eq(tips.id, paid.tipId));
    expect(tip).toMatchObject({ status: 'pending', failureReason: null, reviewReason: null });
    expect(tip!.paidAt).not.toBeNull();
    expect(tip!.paymentIntentId).toBe(fake.sessions.get(paid.checkout)!.payment_intent);
    const [session] = await t.database.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.id, paid.sessionId));
    expect(session).toMatchObject({ status: 'completed', failureReason: null });
    expect(session!.completedAt).not.toBeNull();
    expect(session!.endedAt).not.toBeNull();
    const [success] = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(
        and(eq(analyticsEvents.tipId, paid.tipId), eq(analyticsEvents.name, 'payment_success')),
      );
    expect(success).toMatchObject({
      businessId: hotel.id,
      entrypointUid: point.uid,
      properties: { amount_cents: 1250, fee_covered: false, method: 'stripe' },
    });
    const [stored] = await t.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, paid.eventId));
    expect(stored!.processedAt).not.toBeNull();
    expect(stored!.error).toBeNull();
    expect(await liveUpdateOf(paid.tipId)).toEqual([
      {
        tipId: paid.tipId,
        status: 'pending',
        employeeIds: [anna.id],
        teamId: null,
        businessId: hotel.id,
      },
    ]);
    // Nobody of the other business hears of it.
    expect(received.filter((change) => change.businessId === otherHotel.id)).toEqual([]);
  });

  it('counts a redelivery, and two copies at once, exactly once', async () => {
    const point = otherHotel.points[0]!;
    const paid = await paidCheckoutAt(point.uid, 800);
    const answers = await Promise.all([paid.deliver(), paid.deliver()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await paid.deliver()).json()).toEqual({ received: true, duplicate: true });
    expect(await timesCounted(t, paid.tipId)).toBe(1);
    expect(await liveUpdateOf(paid.tipId)).toHaveLength(1);
  });

  it('leaves a team tip to the general settlement, which splits it among the members', async () => {
    const point = hotel.points.find((p) => p.type === 'team')!;
    const paid = await paidCheckoutAt(point.uid, 1000);
    expect((await paid.deliver()).json()).toEqual({ received: true, duplicate: false });
    const shares = await t.database.db
      .select({ profileId: tipAllocations.profileId, cents: tipAllocations.amountCents })
      .from(tipAllocations)
      .where(eq(tipAllocations.tipId, paid.tipId));
    expect(shares.map((share) => share.cents).sort()).toEqual([500, 500]);
    expect(shares.map((share) => share.profileId).sort()).toEqual(
      hotel.employees.map((person) => person.id).sort(),
    );
    expect(await timesCounted(t, paid.tipId)).toBe(1);
    const [stored] = await t.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, paid.eventId));
    expect(stored!.processedAt).not.toBeNull();
    const [update] = await liveUpdateOf(paid.tipId);
    expect(update!.employeeIds.sort()).toEqual(hotel.employees.map((person) => person.id).sort());
  });

  it('answers "not handled" and writes nothing for a checkout it may not settle', async () => {
    const run = async (checkout: string, amountCents: number | null, eventId: string) => {
      const statement = paidCheckoutStatement({
        provider: 'stripe',
        eventId,
        eventType: 'checkout.session.completed',
        payload: { id: eventId },
        providerSessionId: checkout,
        paymentId: 'pi_statement_test',
        amountCents,
        currency: 'EUR',
        at: t.clock.now(),
        channel: t.database.channelName(TIP_EVENTS_CHANNEL),
      });
      const [row] = await t.database.query<PaidCheckoutResult>(statement.text, statement.values);
      return row;
    };
    const statusOf = async (tipId: string) =>
      (await t.database.db.select().from(tips).where(eq(tips.id, tipId)))[0]!.status;
    const storedEvents = async (eventId: string) =>
      (await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId)))
        .length;

    const team = await paidCheckoutAt(hotel.points.find((p) => p.type === 'team')!.uid, 900);
    expect(await run(team.checkout, 900, 'evt_statement_team')).toMatchObject({
      handled: false,
      duplicate: false,
    });
    const person = await paidCheckoutAt(hotel.points.find((p) => p.type === 'person')!.uid, 700);
    expect(await run(person.checkout, 701, 'evt_statement_mismatch')).toMatchObject({
      handled: false,
    });
    for (const tipId of [team.tipId, person.tipId]) expect(await statusOf(tipId)).toBe('initiated');
    expect(await storedEvents('evt_statement_team')).toBe(0);
    expect(await storedEvents('evt_statement_mismatch')).toBe(0);

    expect(await run(person.checkout, 700, 'evt_statement_person')).toMatchObject({
      handled: true,
      duplicate: false,
    });
    expect(await statusOf(person.tipId)).toBe('pending');
    expect(await run(person.checkout, 700, 'evt_statement_person')).toMatchObject({
      handled: true,
      duplicate: true,
    });
    expect(await timesCounted(t, person.tipId)).toBe(1);
  });
});
