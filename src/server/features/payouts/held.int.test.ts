import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness, createTip } from '../../../../test/support/factories';
import type { FakeStripe } from '../../../../test/support/fake-stripe';
import { createStripeTestApp } from '../../../../test/support/stripe-app';
import { adminAuditLog, payouts, profiles, tipAdjustments, tips } from '../../db/schema';
import { payoutContext, runPayoutBatch } from './batches';

const WEBHOOK_SECRET = 'whsec_test_held';
const signer = new Stripe('sk_test_signer_only');

/** Held tips (owner releases or refunds, audited) and won disputes, against the Stripe stand-in. */
describe('held tips and won disputes', () => {
  let fake: FakeStripe;
  let t: TestApp;

  beforeAll(async () => {
    ({ t, fake } = await createStripeTestApp({ webhookSecret: WEBHOOK_SECRET }));
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  async function readyAccount(profileId: string) {
    const id = `acct_test_held_${profileId.slice(0, 8)}`;
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
  }

  /** A paid Stripe tip (an intent the stand-in knows), optionally held for review. */
  async function stripeTip(businessId: string, employeeId: string, cents: number, held: boolean) {
    const tip = await createTip(t.database.db, { businessId, employeeId, amountCents: cents });
    const intent = `pi_test_held_${randomUUID().slice(0, 8)}`;
    fake.intents.set(intent, { id: intent, status: 'succeeded' });
    await t.database.db
      .update(tips)
      .set({
        paymentIntentId: intent,
        paymentProvider: 'stripe',
        reviewReason: held ? 'Betrag weicht ab: erwartet 10,00 €, bezahlt 1,00 €.' : null,
        reviewAt: held ? t.clock.now() : null,
      })
      .where(eq(tips.id, tip.id));
    return { ...tip, intent };
  }

  it('lets the owner release a held tip into the next payout, audited; others get 403/404', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1 });
    const other = await createBusiness(t.database.db, { employees: 1 });
    const employee = hotel.employees[0]!;
    await readyAccount(employee.id);
    const held = await stripeTip(hotel.id, employee.id, 1000, true);
    const ctx = payoutContext(t.app.deps, t.app.log);
    expect(await runPayoutBatch(ctx, { businessId: hotel.id, trigger: 'manual' })).toBeNull();

    const owner = await signIn(t, hotel.owner.email);
    const overview = await t.inject({ url: '/api/admin/payouts', headers: { cookie: owner } });
    expect(overview.json().held.map((h: { tipId: string }) => h.tipId)).toEqual([held.id]);

    const url = `/api/admin/payouts/held/${held.id}/release`;
    const stranger = await signIn(t, other.owner.email);
    expect(
      (await t.inject({ method: 'POST', url, headers: { cookie: stranger } })).statusCode,
    ).toBe(404);
    const staff = await signIn(t, employee.email);
    expect((await t.inject({ method: 'POST', url, headers: { cookie: staff } })).statusCode).toBe(
      403,
    );
    const bad = await t.inject({
      method: 'POST',
      url: '/api/admin/payouts/held/kein-tipp/release',
      headers: { cookie: owner },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].message).toBe('Ungültige Trinkgeld-ID.');

    const released = await t.inject({ method: 'POST', url, headers: { cookie: owner } });
    expect(released.statusCode).toBe(200);
    expect(released.json().held).toEqual([]);
    const again = await t.inject({ method: 'POST', url, headers: { cookie: owner } });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toContain('nicht zur Prüfung angehalten');
    const [audit] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.targetId, held.id), eq(adminAuditLog.action, 'held_tip_release')),
      );
    expect(audit).toBeDefined();

    const batchId = await runPayoutBatch(ctx, { businessId: hotel.id, trigger: 'manual' });
    expect(batchId).not.toBeNull();
    const [paid] = await t.database.db.select().from(tips).where(eq(tips.id, held.id));
    expect(paid).toMatchObject({ status: 'completed', reviewReason: null });
  });

  it('lets the owner refund a held tip once: one Stripe refund, tip refunded and never paid out', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1 });
    const employee = hotel.employees[0]!;
    await readyAccount(employee.id);
    const held = await stripeTip(hotel.id, employee.id, 1500, true);
    const owner = await signIn(t, hotel.owner.email);
    const url = `/api/admin/payouts/held/${held.id}/refund`;
    const first = await t.inject({ method: 'POST', url, headers: { cookie: owner } });
    expect(first.statusCode).toBe(200);
    const second = await t.inject({ method: 'POST', url, headers: { cookie: owner } });
    expect(second.statusCode).toBe(404);
    const refunds = fake.requests.filter(
      (r) =>
        r.method === 'POST' && r.path === '/v1/refunds' && r.form.payment_intent === held.intent,
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.headers['idempotency-key']).toBe(`refund-held-${held.id}`);
    const [row] = await t.database.db.select().from(tips).where(eq(tips.id, held.id));
    expect(row).toMatchObject({ status: 'refunded', reviewReason: null });
    const ctx = payoutContext(t.app.deps, t.app.log);
    expect(await runPayoutBatch(ctx, { businessId: hotel.id, trigger: 'manual' })).toBeNull();
    const [audit] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, held.id), eq(adminAuditLog.action, 'payment_refund')));
    expect(audit!.payload).toMatchObject({ reason: 'held_for_review' });
  });

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

  it('gives a won dispute back: the deduction is reversed in the next batch', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1 });
    const employee = hotel.employees[0]!;
    await readyAccount(employee.id);
    const tip = await stripeTip(hotel.id, employee.id, 2000, false);
    const ctx = payoutContext(t.app.deps, t.app.log);
    await runPayoutBatch(ctx, { businessId: hotel.id, trigger: 'manual' });

    const disputeId = fake.dispute(tip.intent, 2000);
    await deliver('charge.dispute.created', disputeId, 'dispute');
    // A new tip: the next batch pays it minus the dispute.
    await stripeTip(hotel.id, employee.id, 3000, false);
    const minus = await runPayoutBatch(ctx, { businessId: hotel.id, trigger: 'manual' });
    const [reduced] = await t.database.db.select().from(payouts).where(eq(payouts.batchId, minus!));
    expect(reduced!.amountCents).toBe(1000);

    // Still open: a closed-but-lost dispute gives nothing back.
    fake.disputes.get(disputeId)!.status = 'lost';
    await deliver('charge.dispute.closed', disputeId, 'dispute');
    expect(
      await t.database.db
        .select()
        .from(tipAdjustments)
        .where(and(eq(tipAdjustments.tipId, tip.id), eq(tipAdjustments.kind, 'dispute_won'))),
    ).toHaveLength(0);

    fake.disputes.get(disputeId)!.status = 'won';
    await deliver('charge.dispute.closed', disputeId, 'dispute');
    await deliver('charge.dispute.closed', disputeId, 'dispute');
    const credits = await t.database.db
      .select()
      .from(tipAdjustments)
      .where(and(eq(tipAdjustments.tipId, tip.id), eq(tipAdjustments.kind, 'dispute_won')));
    expect(credits.map((c) => c.amountCents)).toEqual([2000]);

    // No new tips needed: the money given back is paid out in the next batch.
    const back = await runPayoutBatch(ctx, { businessId: hotel.id, trigger: 'manual' });
    expect(back).not.toBeNull();
    const [returned] = await t.database.db.select().from(payouts).where(eq(payouts.batchId, back!));
    expect(returned).toMatchObject({ amountCents: 2000, status: 'paid' });
    const owner = await signIn(t, hotel.owner.email);
    const detail = await t.inject({
      url: `/api/admin/payouts/${back}`,
      headers: { cookie: owner },
    });
    expect(detail.json().transfers[0].deductions).toEqual([
      { amountCents: -2000, reason: 'Zahlungsstreit gewonnen: 20,00\u00a0€ zurück' },
    ]);
  });
});
