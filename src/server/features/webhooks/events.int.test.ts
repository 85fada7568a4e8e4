import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import {
  createBusiness,
  createTip,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import type { FakeStripe } from '../../../../test/support/fake-stripe';
import { startedTip } from '../../../../test/support/guest';
import { stripeEvent } from '../../../../test/support/stripe';
import { createStripeTestApp } from '../../../../test/support/stripe-app';
import type { WebhookEventType } from '../../../shared/api/webhooks';
import {
  outgoingWebhookEvents,
  paymentSessions,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { runRetention } from '../../jobs/retention';
import { payoutContext, runPayoutBatch } from '../payouts/batches';
import { TransferRefusedError } from '../payouts/transfers';
import { runWebhookDeliveries } from './delivery';
import { newWebhookSecret, sealWebhookSecret } from './secret';

/**
 * The events (decision 0650): written in the transaction of the change they announce, once per
 * change however often the provider reports it, one delivery per endpoint that wants the type,
 * nothing at all when none does; and kept only as long as the providers' payloads.
 */

async function addEndpoint(
  t: TestApp,
  businessId: string,
  types: WebhookEventType[],
  options: { disabled?: boolean } = {},
) {
  const id = randomUUID();
  await t.database.db.insert(webhookEndpoints).values({
    id,
    businessId,
    url: `https://hooks.invalid/${id}`,
    eventTypes: types,
    secretSealed: sealWebhookSecret(t.config.sessionSecret, id, newWebhookSecret()),
    ...(options.disabled ? { disabledAt: t.clock.now(), disabledReason: 'owner' as const } : {}),
  });
  return id;
}

async function eventsOf(t: TestApp, businessId: string, type?: WebhookEventType) {
  return t.database.db
    .select()
    .from(outgoingWebhookEvents)
    .where(
      and(
        eq(outgoingWebhookEvents.businessId, businessId),
        type ? eq(outgoingWebhookEvents.type, type) : undefined,
      ),
    );
}

async function deliveriesOfEvents(t: TestApp, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return t.database.db
    .select()
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.eventId, eventIds));
}

describe('tip events under Stripe', () => {
  const WEBHOOK_SECRET = 'whsec_test_outgoing_events';
  const signer = new Stripe('sk_test_signer_only');
  let t: TestApp;
  let fake: FakeStripe;
  let close: () => Promise<void>;
  let hotel: FactoryBusiness;

  beforeAll(async () => {
    ({ t, fake, close, hotel } = await createStripeTestApp({
      webhookSecret: WEBHOOK_SECRET,
      business: { employees: 1, points: ['person'], connectedAccounts: ['acct_events1'] },
    }));
  });
  afterAll(async () => {
    await close();
  });

  function sendWebhook(event: object) {
    const payload = JSON.stringify(event);
    return t.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signer.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
          timestamp: Math.floor(t.clock.now().getTime() / 1000),
        }),
      },
      payload,
    });
  }

  async function providerSessionOf(tipId: string) {
    const [row] = await t.database.db
      .select({ id: paymentSessions.providerSessionId })
      .from(paymentSessions)
      .where(eq(paymentSessions.tipId, tipId));
    return row!.id!;
  }

  it('a paid tip writes one tip.paid per wanting endpoint, however often Stripe reports it', async () => {
    const wants = await addEndpoint(t, hotel.id, ['tip.paid']);
    const wantsAll = await addEndpoint(t, hotel.id, ['tip.paid', 'tip.refunded', 'payout.paid']);
    const other = await addEndpoint(t, hotel.id, ['payout.failed']);
    const off = await addEndpoint(t, hotel.id, ['tip.paid'], { disabled: true });

    const started = await startedTip(t, { code: hotel.points[0]!.uid, amountCents: 1250 });
    const sessionId = await providerSessionOf(started.tipId);
    const intent = fake.pay(sessionId);
    const completed = stripeEvent(t, 'checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
    });
    // The same event twice, and the same payment under another event id.
    expect((await sendWebhook(completed)).statusCode).toBe(200);
    expect((await sendWebhook(completed)).statusCode).toBe(200);
    const again = stripeEvent(t, 'checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
    });
    expect((await sendWebhook(again)).statusCode).toBe(200);

    const paid = await eventsOf(t, hotel.id, 'tip.paid');
    expect(paid).toHaveLength(1);
    const body = JSON.parse(paid[0]!.payload!);
    expect(body).toMatchObject({
      type: 'tip.paid',
      data: {
        object: 'tip',
        id: started.tipId,
        amount: 1250,
        currency: 'eur',
        status: 'paid',
        recipient: { type: 'person', id: hotel.employees[0]!.id },
        payment_point: { id: hotel.points[0]!.id, uid: hotel.points[0]!.uid },
      },
    });
    expect(body.data.paid_at).toEqual(expect.any(String));
    expect(body.data.created).toEqual(expect.any(String));
    // Compact: no names of people in the event.
    expect(JSON.stringify(body)).not.toContain(hotel.employees[0]!.fullName);

    const deliveries = await deliveriesOfEvents(t, [paid[0]!.id]);
    expect(deliveries.map((delivery) => delivery.endpointId).sort()).toEqual(
      [wants, wantsAll].sort(),
    );
    expect(deliveries.every((delivery) => delivery.state === 'pending')).toBe(true);
    expect(deliveries.map((d) => d.endpointId)).not.toContain(other);
    expect(deliveries.map((d) => d.endpointId)).not.toContain(off);

    // The refund announces itself to the endpoint that asked for refunds only.
    const charge = fake.refund(intent);
    await sendWebhook(stripeEvent(t, 'charge.refunded', { id: charge, object: 'charge' }));
    await sendWebhook(stripeEvent(t, 'charge.refunded', { id: charge, object: 'charge' }));
    const refunded = await eventsOf(t, hotel.id, 'tip.refunded');
    expect(refunded).toHaveLength(1);
    expect(JSON.parse(refunded[0]!.payload!)).toMatchObject({
      type: 'tip.refunded',
      data: { id: started.tipId, status: 'refunded' },
    });
    const refundDeliveries = await deliveriesOfEvents(t, [refunded[0]!.id]);
    expect(refundDeliveries.map((delivery) => delivery.endpointId)).toEqual([wantsAll]);
  });

  it('writes no event rows when no endpoint wants the type', async () => {
    const quiet = await createBusiness(t.database.db, { employees: 1, points: ['person'] });
    await addEndpoint(t, quiet.id, ['payout.paid']);
    await addEndpoint(t, quiet.id, ['tip.paid'], { disabled: true });
    const tip = await createTip(t.database.db, {
      businessId: quiet.id,
      employeeId: quiet.employees[0]!.id,
      status: 'initiated',
    });
    const { markTipPaid } = await import('../tip-lifecycle/lifecycle');
    await t.database.db.transaction((tx) =>
      markTipPaid(tx, { tipId: tip.id, paymentId: null, at: t.clock.now() }),
    );
    expect(await eventsOf(t, quiet.id)).toEqual([]);
  });
});

describe('payout events and retention', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a paid payout writes payout.paid, a refused one payout.failed', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 2 });
    const endpointId = await addEndpoint(t, hotel.id, ['payout.paid', 'payout.failed']);
    const [anna, ben] = hotel.employees;
    await createTip(t.database.db, {
      businessId: hotel.id,
      employeeId: anna!.id,
      amountCents: 900,
    });
    const ctx = payoutContext(t.app.deps, t.app.log);
    await runPayoutBatch(ctx, { businessId: hotel.id, trigger: 'manual' });
    const paid = await eventsOf(t, hotel.id, 'payout.paid');
    expect(paid).toHaveLength(1);
    expect(JSON.parse(paid[0]!.payload!)).toMatchObject({
      type: 'payout.paid',
      data: {
        object: 'payout',
        amount: 900,
        currency: 'eur',
        status: 'paid',
        person: { id: anna!.id },
        provider_reference: expect.any(String),
      },
    });

    await createTip(t.database.db, { businessId: hotel.id, employeeId: ben!.id, amountCents: 400 });
    const refusing = {
      ...ctx,
      transfers: {
        ...ctx.transfers,
        createTransfer: () => Promise.reject(new TransferRefusedError('account closed')),
      },
    };
    await runPayoutBatch(refusing, { businessId: hotel.id, trigger: 'manual' });
    const failed = await eventsOf(t, hotel.id, 'payout.failed');
    expect(failed).toHaveLength(1);
    expect(JSON.parse(failed[0]!.payload!)).toMatchObject({
      data: {
        amount: 400,
        status: 'failed',
        person: { id: ben!.id },
        failure_reason: 'account closed',
      },
    });
    const deliveries = await deliveriesOfEvents(t, [paid[0]!.id, failed[0]!.id]);
    expect(deliveries.map((delivery) => delivery.endpointId)).toEqual([endpointId, endpointId]);
  });

  it('retention empties old payloads and answers and removes finished deliveries', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1 });
    const endpointId = randomUUID();
    await t.database.db.insert(webhookEndpoints).values({
      id: endpointId,
      businessId: hotel.id,
      url: 'https://hooks.invalid/retention',
      eventTypes: ['tip.paid'],
      secretSealed: sealWebhookSecret(t.config.sessionSecret, endpointId, newWebhookSecret()),
    });
    const old = t.clock.now();
    const days = t.config.retention.providerPayloadDays;
    const insertEvent = async (at: Date, state: 'delivered' | 'pending') => {
      const id = `msg_${randomUUID()}`;
      await t.database.db.insert(outgoingWebhookEvents).values({
        id,
        businessId: hotel.id,
        type: 'tip.paid',
        payload: '{"type":"tip.paid"}',
        createdAt: at,
      });
      const [delivery] = await t.database.db
        .insert(webhookDeliveries)
        .values({
          eventId: id,
          endpointId,
          state,
          attempts: 1,
          nextAttemptAt: state === 'pending' ? at : null,
          finishedAt: state === 'pending' ? null : at,
          createdAt: at,
        })
        .returning({ id: webhookDeliveries.id });
      await t.database.db.insert(webhookAttempts).values({
        deliveryId: delivery!.id,
        attemptedAt: at,
        status: 200,
        durationMs: 12,
        responseExcerpt: 'danke',
      });
      return { id, deliveryId: delivery!.id };
    };
    const expired = await insertEvent(old, 'delivered');
    const stuck = await insertEvent(old, 'pending');
    t.clock.advance(days * 24 * 3_600_000 + 60_000);
    const recent = await insertEvent(t.clock.now(), 'delivered');

    const removed = await runRetention(t.database, t.clock, t.config.retention);
    expect(removed.webhookPayloads).toBeGreaterThanOrEqual(2);
    const events = await t.database.db
      .select({ id: outgoingWebhookEvents.id, payload: outgoingWebhookEvents.payload })
      .from(outgoingWebhookEvents)
      .where(inArray(outgoingWebhookEvents.id, [expired.id, stuck.id, recent.id]));
    const payload = Object.fromEntries(events.map((event) => [event.id, event.payload]));
    // The old event whose only delivery was finished is gone altogether.
    expect(expired.id in payload).toBe(false);
    expect(removed.webhookEvents).toBeGreaterThanOrEqual(1);
    expect(payload[stuck.id]).toBeNull();
    expect(payload[recent.id]).toBe('{"type":"tip.paid"}');
    const deliveries = await t.database.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId));
    // The finished old delivery is gone; the pending one and the recent one stay.
    expect(deliveries.map((d) => d.id).sort()).toEqual(
      [stuck.deliveryId, recent.deliveryId].sort(),
    );
    const excerpts = await t.database.db
      .select({ id: webhookAttempts.deliveryId, excerpt: webhookAttempts.responseExcerpt })
      .from(webhookAttempts)
      .where(inArray(webhookAttempts.deliveryId, [stuck.deliveryId, recent.deliveryId]));
    const excerpt = Object.fromEntries(excerpts.map((row) => [row.id, row.excerpt]));
    expect(excerpt[stuck.deliveryId]).toBe('');
    expect(excerpt[recent.deliveryId]).toBe('danke');

    // A pending delivery whose payload is gone is not sent: it fails with the reason.
    t.clock.advance(60_000);
    const ctx = {
      database: t.database,
      clock: t.clock,
      mailer: t.app.deps.mailer,
      config: t.config,
      log: t.app.log,
      // No test reaches the network: the other tests' endpoints resolve nowhere.
      resolve: () => Promise.reject(new Error('kein Netz im Test')),
    };
    await runWebhookDeliveries(ctx);
    const [attempt] = await t.database.db
      .select()
      .from(webhookAttempts)
      .where(
        and(eq(webhookAttempts.deliveryId, stuck.deliveryId), eq(webhookAttempts.durationMs, 0)),
      );
    expect(attempt!.error).toMatch(/nicht mehr gespeichert/);
  });
});
