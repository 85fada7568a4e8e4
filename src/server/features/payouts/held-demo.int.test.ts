import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness } from '../../../../test/support/factories';
import { decideDemoCheckout, startedTip } from '../../../../test/support/guest';
import { adminAuditLog, demoCheckoutSessions, tips } from '../../db/schema';
import { payoutContext, runPayoutBatch } from './batches';

/**
 * Refunding a held tip with the demo provider, the default of every installation without Stripe:
 * the demo checkout records one refund per payment, the tip leaves the payouts, and a payment the
 * demo provider cannot refund leaves the tip held with a German error.
 */
describe('held tips refunded through the demo provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A tip paid through the demo checkout, then held for review as settlement would hold it. */
  async function paidAndHeld(uid: string) {
    const started = await startedTip(t, { code: uid, amountCents: 1200 });
    expect((await decideDemoCheckout(t, started.checkoutUrl, 'pay')).statusCode).toBeLessThan(400);
    const [paid] = await t.database.db
      .update(tips)
      .set({ reviewReason: 'Betrag weicht ab: erwartet 12,00 €.', reviewAt: t.clock.now() })
      .where(and(eq(tips.id, started.tipId), eq(tips.status, 'pending')))
      .returning();
    expect(paid?.paymentIntentId).toMatch(/^pi_demo_/);
    return paid!;
  }

  it('refunds once at the demo provider; the tip is refunded, audited and never paid out', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1, points: ['person'] });
    const other = await createBusiness(t.database.db, { employees: 1 });
    const held = await paidAndHeld(hotel.points[0]!.uid);
    const url = `/api/admin/payouts/held/${held.id}/refund`;

    const stranger = await signIn(t, other.owner.email);
    expect(
      (await t.inject({ method: 'POST', url, headers: { cookie: stranger } })).statusCode,
    ).toBe(404);
    const owner = await signIn(t, hotel.owner.email);
    const first = await t.inject({ method: 'POST', url, headers: { cookie: owner } });
    expect(first.statusCode).toBe(200);
    expect(first.json().held).toEqual([]);
    const again = await t.inject({ method: 'POST', url, headers: { cookie: owner } });
    expect(again.statusCode).toBe(404);

    const [checkout] = await t.database.db
      .select()
      .from(demoCheckoutSessions)
      .where(eq(demoCheckoutSessions.paymentId, held.paymentIntentId!));
    expect(checkout!.refundId).toMatch(/^re_demo_/);
    const [row] = await t.database.db.select().from(tips).where(eq(tips.id, held.id));
    expect(row).toMatchObject({ status: 'refunded', reviewReason: null });
    const [audit] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, held.id), eq(adminAuditLog.action, 'payment_refund')));
    expect(audit!.payload).toMatchObject({
      reason: 'held_for_review',
      refundId: checkout!.refundId,
      provider: 'demo',
      amountCents: 1200,
    });
    const ctx = payoutContext(t.app.deps, t.app.log);
    expect(await runPayoutBatch(ctx, { businessId: hotel.id, trigger: 'manual' })).toBeNull();
  });

  it('keeps the tip held and answers in German when the demo provider cannot refund it', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1, points: ['person'] });
    const held = await paidAndHeld(hotel.points[0]!.uid);
    // The demo payment is gone at the provider (as a payment unknown to a card provider would be).
    await t.database.db
      .update(demoCheckoutSessions)
      .set({ paymentId: 'pi_demo_unbekannt' })
      .where(eq(demoCheckoutSessions.paymentId, held.paymentIntentId!));
    const owner = await signIn(t, hotel.owner.email);
    const response = await t.inject({
      method: 'POST',
      url: `/api/admin/payouts/held/${held.id}/refund`,
      headers: { cookie: owner },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.title).toBe('Erstattung fehlgeschlagen');
    const [row] = await t.database.db.select().from(tips).where(eq(tips.id, held.id));
    expect(row).toMatchObject({ status: 'pending', reviewReason: held.reviewReason });
    const audits = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, held.id), eq(adminAuditLog.action, 'payment_refund')));
    expect(audits).toEqual([]);
  });
});
