import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness, createTip } from '../../../../test/support/factories';
import type { FakeStripe } from '../../../../test/support/fake-stripe';
import { createStripeTestApp } from '../../../../test/support/stripe-app';
import { startedTip } from '../../../../test/support/guest';
import { paymentSessions, payouts, profiles, tipAdjustments, tips } from '../../db/schema';
import { payoutContext, type PayoutContext, runPayoutBatch, runScheduledPayouts } from './batches';
import { PAYOUT_LEASE_MS } from './policy';

/** Payout transfers against the local Stripe stand-in: the requests the SDK sends. */
const WEBHOOK_SECRET = 'whsec_test_transfers';
const signer = new Stripe('sk_test_signer_only');

describe('payout transfers with Stripe Connect', () => {
  let fake: FakeStripe;
  let t: TestApp;
  let ctx: PayoutContext;

  beforeAll(async () => {
    ({ t, fake } = await createStripeTestApp({ webhookSecret: WEBHOOK_SECRET }));
    ctx = payoutContext(t.app.deps, t.app.log);
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  /** Gives an employee an Express account that Stripe trusts (as account.updated would). */
  async function readyAccount(profileId: string): Promise<string> {
    const id = `acct_test_ready_${profileId.slice(0, 8)}`;
    fake.accounts.set(id, {
      id,
      object: 'account',
      email: 'x@test.local',
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      requirements: { past_due: [], disabled_reason: null },
    });
    await t.database.db
      .update(profiles)
      .set({ stripeAccountId: id, stripeAccountStatus: 'enabled', payoutsEnabled: true })
      .where(eq(profiles.id, profileId));
    return id;
  }

  it('sends one transfer per ready employee with the idempotency key, and reports the others', async () => {
    const hotel = await createBusiness(t.database.db, {
      employees: [{ payoutAccount: false }, { payoutAccount: false }],
    });
    const [ready, missing] = hotel.employees;
    const account = await readyAccount(ready!.id);
    const db = t.database.db;
    await createTip(db, { businessId: hotel.id, employeeId: ready!.id, amountCents: 800 });
    await createTip(db, { businessId: hotel.id, employeeId: ready!.id, amountCents: 450 });
    const waiting = await createTip(db, {
      businessId: hotel.id,
      employeeId: missing!.id,
      amountCents: 300,
    });

    const cookie = await signIn(t, hotel.owner.email);
    const run = await t.inject({ method: 'POST', url: '/api/admin/payouts', headers: { cookie } });
    expect(run.statusCode).toBe(201);
    const batch = run.json();
    expect(batch.transfers).toHaveLength(1);
    expect(batch.skipped).toEqual([
      { employeeId: missing!.id, name: missing!.fullName, amountCents: 300 },
    ]);

    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/transfers');
    expect(sent).toHaveLength(1);
    const [payout] = await db.select().from(payouts).where(eq(payouts.batchId, batch.id));
    expect(sent[0]!.headers['idempotency-key']).toBe(`payout:${batch.id}:${ready!.id}`);
    expect(sent[0]!.form).toMatchObject({
      amount: '1250',
      currency: 'eur',
      destination: account,
      transfer_group: `payout_batch_${batch.id}`,
      'metadata[payout_id]': payout!.id,
      'metadata[batch_id]': batch.id,
      'metadata[employee_id]': ready!.id,
    });
    expect(payout).toMatchObject({ status: 'paid', provider: 'stripe' });
    expect(payout!.providerTransferId).toMatch(/^tr_test_/);
    const [left] = await db.select().from(tips).where(eq(tips.id, waiting.id));
    expect(left).toMatchObject({ status: 'pending', payoutId: null });
  });

  it('retries a transfer interrupted by a crash with the same key, and Stripe makes one transfer', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1 });
    const employee = hotel.employees[0]!;
    await readyAccount(employee.id);
    await createTip(t.database.db, {
      businessId: hotel.id,
      employeeId: employee.id,
      amountCents: 999,
    });
    const crashing: PayoutContext = {
      ...ctx,
      hooks: {
        afterTransfer: () => {
          throw new Error('crash after the transfer call');
        },
      },
    };
    const before = fake.transfers.size;
    await expect(
      runPayoutBatch(crashing, { businessId: hotel.id, trigger: 'manual' }),
    ).rejects.toThrow('crash');
    t.clock.advance(PAYOUT_LEASE_MS + 1000);
    await runScheduledPayouts(ctx);

    const [payout] = await t.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.businessId, hotel.id));
    const sent = fake.requests.filter(
      (r) => r.path === '/v1/transfers' && r.headers['idempotency-key'] === payout!.idempotencyKey,
    );
    expect(sent).toHaveLength(2);
    expect(fake.transfers.size).toBe(before + 1);
    expect(payout).toMatchObject({ status: 'paid', attempts: 2 });
    expect(fake.transfers.get(payout!.providerTransferId!)?.amount).toBe(999);
  });

  /** A signed Stripe event naming one object, as Stripe would deliver it. */
  async function deliver(type: string, objectId: string, object: string) {
    const payload = JSON.stringify({
      id: `evt_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type,
      created: Math.floor(t.clock.now().getTime() / 1000),
      livemode: false,
      data: { object: { id: objectId, object } },
    });
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(t.clock.now().getTime() / 1000),
    });
    const response = await t.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(response.statusCode).toBe(200);
  }

  it('applies a checked payment, then a partial refund and a dispute as deductions', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1, points: ['person'] });
    // Under Stripe a person's tip is only taken when they have a connected account.
    await readyAccount(hotel.employees[0]!.id);
    const started = await startedTip(t, { code: hotel.points[0]!.uid, amountCents: 1000 });
    const [session] = await t.database.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.tipId, started.tipId));
    const intent = fake.pay(session!.providerSessionId!);
    await deliver('checkout.session.completed', session!.providerSessionId!, 'checkout.session');
    const [paid] = await t.database.db.select().from(tips).where(eq(tips.id, started.tipId));
    expect(paid).toMatchObject({ status: 'pending', reviewReason: null });

    await deliver('charge.refunded', fake.partialRefund(intent, 250), 'charge');
    await deliver('charge.dispute.created', fake.dispute(intent, 500), 'dispute');
    expect(
      fake.requests.some((r) => r.method === 'GET' && r.path.startsWith('/v1/disputes/dp_test_')),
    ).toBe(true);
    const [after] = await t.database.db.select().from(tips).where(eq(tips.id, started.tipId));
    expect(after).toMatchObject({ status: 'pending', refundedCents: 250 });
    const adjustments = await t.database.db
      .select()
      .from(tipAdjustments)
      .where(eq(tipAdjustments.tipId, started.tipId));
    expect(adjustments.map((a) => [a.kind, a.amountCents]).sort()).toEqual([
      ['dispute', 500],
      ['refund', 250],
    ]);
    expect(adjustments.find((a) => a.kind === 'dispute')!.reason).toBe(
      'Zahlungsstreit des Gastes über 5,00\u00a0€ (betrügerische Zahlung)',
    );
  });
});
