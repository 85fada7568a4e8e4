import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness, createTip } from '../../../../test/support/factories';
import { decideDemoCheckout, startedTip } from '../../../../test/support/guest';
import { demoCheckoutSessions, paymentSessions, tipAdjustments, tips } from '../../db/schema';
import { markTipRefunded } from '../tip-lifecycle/lifecycle';
import { recordTakenBack } from './adjustments';
import { payoutContext, type PayoutContext, runPayoutBatch } from './batches';

describe('settlement that checks and refunds that reduce payouts', () => {
  let t: TestApp;
  let ctx: PayoutContext;
  beforeAll(async () => {
    t = await createTestApp();
    ctx = payoutContext(t.app.deps, t.app.log);
  });
  afterAll(async () => {
    await t.close();
  });

  const refund = (tipId: string, total: number, ref: string) =>
    t.database.db.transaction((tx) =>
      recordTakenBack(tx, {
        tipId,
        kind: 'refund',
        totalTakenBackCents: total,
        providerRef: ref,
        providerReason: 'requested_by_customer',
        at: t.clock.now(),
      }),
    );
  const batchFor = async (businessId: string) => {
    const batchId = await runPayoutBatch(ctx, { businessId, trigger: 'manual' });
    return batchId;
  };
  const transfersOf = async (businessId: string, batchId: string, cookie: string) => {
    const open = await t.inject({
      method: 'GET',
      url: `/api/admin/payouts/${batchId}`,
      headers: { cookie },
    });
    void businessId;
    return open.json().transfers as {
      employeeId: string;
      amountCents: number;
      deductions: { amountCents: number; reason: string }[];
    }[];
  };

  it('holds a tip whose paid amount differs from what the guest was asked for', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1, points: ['person'] });
    const started = await startedTip(t, { code: hotel.points[0]!.uid, amountCents: 1000 });
    // The provider charged something else than the session asked for.
    const [session] = await t.database.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.tipId, started.tipId));
    await t.database.db
      .update(demoCheckoutSessions)
      .set({ amountCents: 100 })
      .where(eq(demoCheckoutSessions.paymentSessionId, session!.id));
    expect((await decideDemoCheckout(t, started.checkoutUrl, 'pay')).statusCode).toBe(303);

    const [tip] = await t.database.db.select().from(tips).where(eq(tips.id, started.tipId));
    expect(tip!.status).toBe('pending');
    expect(tip!.reviewReason).toBe('Betrag weicht ab: erwartet 10,00\u00a0€, bezahlt 1,00\u00a0€.');

    // Not paid out, and the owner sees why.
    expect(await batchFor(hotel.id)).toBeNull();
    const cookie = await signIn(t, hotel.owner.email);
    const overview = await t.inject({
      method: 'GET',
      url: '/api/admin/payouts',
      headers: { cookie },
    });
    expect(overview.json().held).toEqual([
      expect.objectContaining({
        tipId: started.tipId,
        recipient: hotel.employees[0]!.fullName,
        amountCents: 1000,
        reason: expect.stringContaining('Betrag weicht ab'),
      }),
    ]);
  });

  it('pays a matching payment out as usual', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1, points: ['person'] });
    const started = await startedTip(t, { code: hotel.points[0]!.uid, amountCents: 700 });
    await decideDemoCheckout(t, started.checkoutUrl, 'pay');
    const [tip] = await t.database.db.select().from(tips).where(eq(tips.id, started.tipId));
    expect(tip).toMatchObject({ status: 'pending', reviewReason: null });
    expect(await batchFor(hotel.id)).not.toBeNull();
  });

  it('deducts a partial refund before the payout and shows it with its reason', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1 });
    const employeeId = hotel.employees[0]!.id;
    const tip = await createTip(t.database.db, {
      businessId: hotel.id,
      employeeId,
      amountCents: 1000,
    });
    expect(await refund(tip.id, 300, 'ref_1')).toBe(1);
    // The same refund reported again adds nothing.
    expect(await refund(tip.id, 300, 'ref_1_again')).toBe(0);
    const batchId = await batchFor(hotel.id);
    const cookie = await signIn(t, hotel.owner.email);
    const [transfer] = await transfersOf(hotel.id, batchId!, cookie);
    expect(transfer).toMatchObject({ employeeId, amountCents: 700 });
    expect(transfer!.deductions).toEqual([
      {
        amountCents: 300,
        reason: 'Teilerstattung an den Gast: 3,00\u00a0€ (auf Wunsch des Gastes)',
      },
    ]);
    const [paid] = await t.database.db.select().from(tips).where(eq(tips.id, tip.id));
    expect(paid).toMatchObject({ status: 'completed', refundedCents: 300 });
  });

  it('carries a refund after the payout into the next batch as a negative balance', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1 });
    const employeeId = hotel.employees[0]!.id;
    const db = t.database.db;
    const first = await createTip(db, { businessId: hotel.id, employeeId, amountCents: 1000 });
    expect(await batchFor(hotel.id)).not.toBeNull();

    // The whole first tip goes back after it was paid out.
    await refund(first.id, 1000, 'ref_full');
    await db.transaction((tx) => markTipRefunded(tx, { tipId: first.id, at: t.clock.now() }));
    await createTip(db, { businessId: hotel.id, employeeId, amountCents: 400 });
    // 4,00 € new minus 10,00 € owed: nothing is paid, the balance waits.
    expect(await batchFor(hotel.id)).toBeNull();
    await createTip(db, { businessId: hotel.id, employeeId, amountCents: 800 });
    const batchId = await batchFor(hotel.id);
    const cookie = await signIn(t, hotel.owner.email);
    const [transfer] = await transfersOf(hotel.id, batchId!, cookie);
    expect(transfer!.amountCents).toBe(400 + 800 - 1000);
    expect(transfer!.deductions[0]!.reason).toContain('Erstattung an den Gast: 10,00');
    const open = await db.select().from(tipAdjustments).where(eq(tipAdjustments.tipId, first.id));
    expect(open.every((row) => row.payoutId !== null)).toBe(true);
  });

  it('a full refund of a tip never paid out removes it without deducting twice', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1 });
    const employeeId = hotel.employees[0]!.id;
    const db = t.database.db;
    const gone = await createTip(db, { businessId: hotel.id, employeeId, amountCents: 1000 });
    await refund(gone.id, 400, 'ref_part');
    await refund(gone.id, 1000, 'ref_rest');
    await db.transaction((tx) => markTipRefunded(tx, { tipId: gone.id, at: t.clock.now() }));
    expect(await db.select().from(tipAdjustments).where(eq(tipAdjustments.tipId, gone.id))).toEqual(
      [],
    );
    await createTip(db, { businessId: hotel.id, employeeId, amountCents: 500 });
    const batchId = await batchFor(hotel.id);
    const cookie = await signIn(t, hotel.owner.email);
    expect((await transfersOf(hotel.id, batchId!, cookie))[0]!.amountCents).toBe(500);
  });
});
