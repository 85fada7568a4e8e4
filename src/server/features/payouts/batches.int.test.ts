import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { connectAgain } from '../../../../test/support/database';
import {
  createBusiness,
  createTip,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { demoTransfers, payouts, tipAllocations, tips } from '../../db/schema';
import { payoutContext, type PayoutContext, runPayoutBatch, runScheduledPayouts } from './batches';
import { PAYOUT_LEASE_MS } from './policy';

const HOUR_MS = 60 * 60_000;

describe('payout batches (demo provider)', () => {
  let t: TestApp;
  let ctx: PayoutContext;
  beforeAll(async () => {
    t = await createTestApp();
    ctx = payoutContext(t.app.deps, t.app.log);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A team tip paid and split like settlement does, with the shares given. */
  async function teamTip(hotel: FactoryBusiness, shares: number[]) {
    const team = hotel.teams[0]!;
    const tip = await createTip(t.database.db, {
      businessId: hotel.id,
      teamId: team.id,
      amountCents: shares.reduce((a, b) => a + b, 0),
    });
    await t.database.db.insert(tipAllocations).values(
      team.memberIds.map((profileId, index) => ({
        tipId: tip.id,
        profileId,
        amountCents: shares[index]!,
        reason: 'zu gleichen Teilen',
      })),
    );
    return tip;
  }

  const transfersOf = async (batchId: string) =>
    t.database.db.select().from(payouts).where(eq(payouts.batchId, batchId));

  it('pays every employee the unpaid sum of tips and team shares in one transfer each', async () => {
    const hotel = await createBusiness(t.database.db, {
      employees: 3,
      teams: [{ members: [1, 2] }],
    });
    const [anna, ben, clara] = hotel.employees.map((e) => e.id);
    const db = t.database.db;
    const a1 = await createTip(db, { businessId: hotel.id, employeeId: anna, amountCents: 1000 });
    const a2 = await createTip(db, { businessId: hotel.id, employeeId: anna, amountCents: 500 });
    const b1 = await createTip(db, { businessId: hotel.id, employeeId: ben, amountCents: 700 });
    // Not collected: money went back, already paid out, never paid.
    await createTip(db, { businessId: hotel.id, employeeId: anna, status: 'refunded' });
    await createTip(db, { businessId: hotel.id, employeeId: anna, status: 'completed' });
    await createTip(db, { businessId: hotel.id, employeeId: ben, status: 'initiated' });
    const team = await teamTip(hotel, [501, 500]);
    // Another business's tips stay untouched.
    const other = await createBusiness(db, { employees: 1 });
    const foreign = await createTip(db, {
      businessId: other.id,
      employeeId: other.employees[0]!.id,
    });

    const cookie = await signIn(t, hotel.owner.email);
    const run = await t.inject({ method: 'POST', url: '/api/admin/payouts', headers: { cookie } });
    expect(run.statusCode).toBe(201);
    const batch = run.json();
    expect(batch).toMatchObject({ trigger: 'manual', transferCount: 3, paidCount: 3 });
    expect(batch.totalCents).toBe(1500 + 700 + 501 + 500);
    const byEmployee = Object.fromEntries(
      batch.transfers.map((tr: { employeeId: string }) => [tr.employeeId, tr]),
    );
    expect(byEmployee[anna!]).toMatchObject({ amountCents: 1500, status: 'paid', tipCount: 2 });
    expect(byEmployee[ben!]).toMatchObject({ amountCents: 1201, status: 'paid', tipCount: 2 });
    expect(byEmployee[clara!]).toMatchObject({ amountCents: 500, status: 'paid', tipCount: 1 });

    const rows = await transfersOf(batch.id);
    expect(rows.map((r) => r.idempotencyKey).sort()).toEqual(
      [anna, ben, clara].map((id) => `payout:${batch.id}:${id}`).sort(),
    );
    const simulated = await db
      .select()
      .from(demoTransfers)
      .where(
        inArray(
          demoTransfers.idempotencyKey,
          rows.map((r) => r.idempotencyKey),
        ),
      );
    expect(simulated.map((s) => s.amountCents).sort()).toEqual([1201, 1500, 500].sort());

    const paid = await db
      .select()
      .from(tips)
      .where(inArray(tips.id, [a1.id, a2.id, b1.id, team.id, foreign.id]));
    const status = Object.fromEntries(paid.map((tip) => [tip.id, tip]));
    expect(status[a1.id]).toMatchObject({ status: 'completed' });
    expect(status[a1.id]!.stripeTransferId).toBe(byEmployee[anna!].reference);
    expect(status[a1.id]!.processedAt).not.toBeNull();
    expect(status[b1.id]!.stripeTransferId).toBe(byEmployee[ben!].reference);
    expect(status[team.id]).toMatchObject({ status: 'completed', stripeTransferId: null });
    expect(status[foreign.id]).toMatchObject({ status: 'pending', payoutId: null });

    // Nothing left: a second press is a 409 with a German message, and writes no batch.
    const again = await t.inject({
      method: 'POST',
      url: '/api/admin/payouts',
      headers: { cookie },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('keine bezahlten Trinkgelder');
    const list = await t.inject({ method: 'GET', url: '/api/admin/payouts', headers: { cookie } });
    expect(list.json().batches).toHaveLength(1);
  });

  it('two batches started at once on two connections pay each tip once', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 4 });
    const db = t.database.db;
    const created = [];
    for (let i = 0; i < 24; i += 1) {
      created.push(
        await createTip(db, {
          businessId: hotel.id,
          employeeId: hotel.employees[i % 4]!.id,
          amountCents: 100 + i,
        }),
      );
    }
    const second = await connectAgain(t.database);
    try {
      const other: PayoutContext = { ...ctx, database: second };
      const results = await Promise.all([
        runPayoutBatch(ctx, { businessId: hotel.id, trigger: 'manual' }),
        runPayoutBatch(other, { businessId: hotel.id, trigger: 'manual' }),
      ]);
      const batchIds = results.filter((id): id is string => id !== null);
      expect(batchIds.length).toBeGreaterThanOrEqual(1);
      const rows = await db.select().from(payouts).where(inArray(payouts.batchId, batchIds));
      const paidTotal = rows.reduce((sum, row) => sum + row.amountCents, 0);
      const tipTotal = created.reduce((sum, tip) => sum + tip.amountCents, 0);
      expect(paidTotal).toBe(tipTotal);
      const simulated = await db
        .select()
        .from(demoTransfers)
        .where(
          inArray(
            demoTransfers.idempotencyKey,
            rows.map((row) => row.idempotencyKey),
          ),
        );
      expect(simulated.reduce((sum, row) => sum + row.amountCents, 0)).toBe(tipTotal);
      const after = await db
        .select()
        .from(tips)
        .where(
          inArray(
            tips.id,
            created.map((tip) => tip.id),
          ),
        );
      expect(after.every((tip) => tip.status === 'completed')).toBe(true);
      // Each tip is carried by exactly one of the payouts.
      expect(new Set(after.map((tip) => tip.payoutId)).size).toBeLessThanOrEqual(rows.length);
      expect(after.every((tip) => rows.some((row) => row.id === tip.payoutId))).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('recovers a crash between the transfer and the database update without a second transfer', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1 });
    const db = t.database.db;
    const tip = await createTip(db, {
      businessId: hotel.id,
      employeeId: hotel.employees[0]!.id,
      amountCents: 1234,
    });
    const crashing: PayoutContext = {
      ...ctx,
      hooks: {
        afterTransfer: () => {
          throw new Error('simulated crash after the transfer');
        },
      },
    };
    await expect(
      runPayoutBatch(crashing, { businessId: hotel.id, trigger: 'manual' }),
    ).rejects.toThrow('simulated crash');
    const [stuck] = await db.select().from(payouts).where(eq(payouts.businessId, hotel.id));
    expect(stuck).toMatchObject({ status: 'processing', amountCents: 1234 });
    expect((await db.select().from(tips).where(eq(tips.id, tip.id)))[0]!.status).toBe('pending');
    const made = await db
      .select()
      .from(demoTransfers)
      .where(eq(demoTransfers.idempotencyKey, stuck!.idempotencyKey));
    expect(made).toHaveLength(1);

    // Within the lease nobody takes it over; afterwards the next run finishes it.
    await runScheduledPayouts(ctx);
    expect((await db.select().from(payouts).where(eq(payouts.id, stuck!.id)))[0]!.status).toBe(
      'processing',
    );
    t.clock.advance(PAYOUT_LEASE_MS + 1000);
    await runScheduledPayouts(ctx);
    const [done] = await db.select().from(payouts).where(eq(payouts.id, stuck!.id));
    expect(done).toMatchObject({ status: 'paid', providerTransferId: made[0]!.id, attempts: 2 });
    expect(
      await db
        .select()
        .from(demoTransfers)
        .where(eq(demoTransfers.idempotencyKey, stuck!.idempotencyKey)),
    ).toHaveLength(1);
    const [paidTip] = await db.select().from(tips).where(eq(tips.id, tip.id));
    expect(paidTip).toMatchObject({ status: 'completed', stripeTransferId: made[0]!.id });
    // No second payout was written for the same tip.
    expect(await db.select().from(payouts).where(eq(payouts.businessId, hotel.id))).toHaveLength(1);
  });

  it('runs on the schedule: daily by default, weekly when the owner says so', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1 });
    const db = t.database.db;
    const employeeId = hotel.employees[0]!.id;
    const scheduledBatches = async () => {
      const cookie = await signIn(t, hotel.owner.email);
      const list = await t.inject({
        method: 'GET',
        url: '/api/admin/payouts',
        headers: { cookie },
      });
      return list.json().batches.filter((b: { trigger: string }) => b.trigger === 'schedule');
    };
    await createTip(db, { businessId: hotel.id, employeeId });
    await runScheduledPayouts(ctx);
    expect(await scheduledBatches()).toHaveLength(1);

    await createTip(db, { businessId: hotel.id, employeeId });
    t.clock.advance(2 * HOUR_MS);
    await runScheduledPayouts(ctx);
    expect(await scheduledBatches()).toHaveLength(1);
    t.clock.advance(23 * HOUR_MS);
    await runScheduledPayouts(ctx);
    expect(await scheduledBatches()).toHaveLength(2);

    const cookie = await signIn(t, hotel.owner.email);
    const bad = await t.inject({
      method: 'PUT',
      url: '/api/admin/payouts/schedule',
      headers: { cookie },
      payload: { schedule: 'monthly' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].message).toContain('Rhythmus');
    const weekly = await t.inject({
      method: 'PUT',
      url: '/api/admin/payouts/schedule',
      headers: { cookie },
      payload: { schedule: 'weekly' },
    });
    expect(weekly.statusCode).toBe(200);
    expect(weekly.json().schedule).toBe('weekly');
    await createTip(db, { businessId: hotel.id, employeeId });
    t.clock.advance(25 * HOUR_MS);
    await runScheduledPayouts(ctx);
    expect(await scheduledBatches()).toHaveLength(2);
    t.clock.advance(6 * 24 * HOUR_MS);
    await runScheduledPayouts(ctx);
    expect(await scheduledBatches()).toHaveLength(3);
  });

  it('shows a batch only to its own business, and not to employees', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1 });
    const other = await createBusiness(t.database.db, { employees: 1 });
    await createTip(t.database.db, { businessId: hotel.id, employeeId: hotel.employees[0]!.id });
    const owner = await signIn(t, hotel.owner.email);
    const run = await t.inject({
      method: 'POST',
      url: '/api/admin/payouts',
      headers: { cookie: owner },
    });
    const batchId = run.json().id as string;
    const open = await t.inject({
      method: 'GET',
      url: `/api/admin/payouts/${batchId}`,
      headers: { cookie: owner },
    });
    expect(open.statusCode).toBe(200);
    expect(open.json().transfers[0].reference).toMatch(/^tr_demo_/);

    const otherOwner = await signIn(t, other.owner.email);
    const foreign = await t.inject({
      method: 'GET',
      url: `/api/admin/payouts/${batchId}`,
      headers: { cookie: otherOwner },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toContain('Auszahlung');
    const theirs = await t.inject({
      method: 'GET',
      url: '/api/admin/payouts',
      headers: { cookie: otherOwner },
    });
    expect(theirs.json().batches).toEqual([]);
    const employee = await signIn(t, hotel.employees[0]!.email);
    const denied = await t.inject({
      method: 'POST',
      url: '/api/admin/payouts',
      headers: { cookie: employee },
    });
    expect(denied.statusCode).toBe(403);
    const badId = await t.inject({
      method: 'GET',
      url: '/api/admin/payouts/nicht-da',
      headers: { cookie: owner },
    });
    expect(badId.statusCode).toBe(400);
  });
});
