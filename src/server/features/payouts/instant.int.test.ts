import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { connectAgain } from '../../../../test/support/database';
import { createBusiness, createTip, type FactoryPerson } from '../../../../test/support/factories';
import type { Actor } from '../auth/actor';
import { demoPayouts, demoTransfers, payoutBatches, payouts, tips } from '../../db/schema';
import { payoutContext, type PayoutContext, runPayoutBatch } from './batches';
import { requestInstantPayout } from './instant';

/** Instant payout in demo mode: the rules and every bad input of. */
describe('instant payout (demo provider)', () => {
  let t: TestApp;
  let ctx: PayoutContext;
  beforeAll(async () => {
    t = await createTestApp();
    ctx = payoutContext(t.app.deps, t.app.log);
  });
  afterAll(async () => {
    await t.close();
  });

  const actorOf = (person: FactoryPerson, businessId: string): Actor => ({
    userId: person.id,
    profileId: person.id,
    role: 'employee',
    businessId,
    email: person.email,
    fullName: person.fullName,
    hasProfile: true,
    sessionId: 'test-session',
  });

  const post = (cookie: string, payload: Record<string, unknown>) =>
    t.inject({ method: 'POST', url: '/api/employee/payout/instant', headers: { cookie }, payload });

  it('shows balance and fee, pays once per confirmation and marks the tips paid out', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 2 });
    const [anna, ben] = hotel.employees;
    const db = t.database.db;
    const a1 = await createTip(db, {
      businessId: hotel.id,
      employeeId: anna!.id,
      amountCents: 12000,
    });
    const a2 = await createTip(db, {
      businessId: hotel.id,
      employeeId: anna!.id,
      amountCents: 345,
    });
    const b1 = await createTip(db, { businessId: hotel.id, employeeId: ben!.id, amountCents: 700 });
    const cookie = await signIn(t, anna!.email);

    const quote = await t.inject({ url: '/api/employee/payout/instant', headers: { cookie } });
    expect(quote.statusCode).toBe(200);
    // 1 % of 123,45 € is 1,2345 €, rounded up to the cent.
    expect(quote.json()).toEqual({
      available: true,
      reason: null,
      reasonCode: null,
      balanceCents: 12345,
      feeCents: 124,
      netCents: 12221,
      currency: 'eur',
      provider: 'demo',
    });

    const key = randomUUID();
    const first = await post(cookie, { balanceCents: 12345, idempotencyKey: key });
    expect(first.statusCode).toBe(201);
    const result = first.json();
    expect(result).toMatchObject({
      status: 'paid',
      amountCents: 12345,
      feeCents: 124,
      netCents: 12221,
    });
    expect(result.reference).toMatch(/^tr_demo_/);
    expect(result.cardPayoutReference).toMatch(/^po_demo_/);
    const [card] = await db
      .select()
      .from(demoPayouts)
      .where(eq(demoPayouts.id, result.cardPayoutReference));
    expect(card).toMatchObject({ amountCents: 12221, method: 'instant' });
    const [transfer] = await db
      .select()
      .from(demoTransfers)
      .where(eq(demoTransfers.id, result.reference));
    expect(transfer!.amountCents).toBe(12221);

    const rows = await db
      .select()
      .from(tips)
      .where(inArray(tips.id, [a1.id, a2.id, b1.id]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(a1.id)).toMatchObject({
      status: 'completed',
      stripeTransferId: result.reference,
    });
    expect(byId.get(a2.id)).toMatchObject({ status: 'completed' });
    // Ben's tip is his: untouched.
    expect(byId.get(b1.id)).toMatchObject({ status: 'pending', payoutId: null });

    // Sent again with the same key (a retried request): the same payout, nothing new.
    const again = await post(cookie, { balanceCents: 12345, idempotencyKey: key });
    expect(again.statusCode).toBe(200);
    expect(again.json().payoutId).toBe(result.payoutId);
    // A new confirmation with nothing left: 409, German.
    const empty = await post(cookie, { balanceCents: 12345, idempotencyKey: randomUUID() });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error.message).toContain('kein Guthaben');
    const all = await db.select().from(payouts).where(eq(payouts.employeeId, anna!.id));
    expect(all).toHaveLength(1);
    const [batch] = await db
      .select()
      .from(payoutBatches)
      .where(eq(payoutBatches.id, all[0]!.batchId));
    expect(batch).toMatchObject({ trigger: 'instant', requestedBy: anna!.id });

    // The owner sees it among the payouts.
    const owner = await signIn(t, hotel.owner.email);
    const list = await t.inject({ url: '/api/admin/payouts', headers: { cookie: owner } });
    expect(list.json().batches.map((b: { trigger: string }) => b.trigger)).toContain('instant');
  });

  it('two confirmations at once on two connections pay the balance once', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1 });
    const anna = hotel.employees[0]!;
    for (let i = 0; i < 6; i += 1) {
      await createTip(t.database.db, {
        businessId: hotel.id,
        employeeId: anna.id,
        amountCents: 500,
      });
    }
    const second = await connectAgain(t.database);
    try {
      const actor = actorOf(anna, hotel.id);
      const other: PayoutContext = { ...ctx, database: second };
      const results = await Promise.allSettled([
        requestInstantPayout(ctx, { actor, balanceCents: 3000, requestKey: randomUUID() }),
        requestInstantPayout(other, { actor, balanceCents: 3000, requestKey: randomUUID() }),
      ]);
      const paid = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r) => r.status === 'rejected');
      expect(paid).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(String((refused[0] as PromiseRejectedResult).reason.message)).toContain(
        'kein Guthaben',
      );
      const rows = await t.database.db
        .select()
        .from(payouts)
        .where(eq(payouts.employeeId, anna.id));
      expect(rows.map((row) => row.amountCents)).toEqual([3000]);
    } finally {
      await second.close();
    }
  });

  it('does not collide with a payout batch running at the same time', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 2 });
    const [anna, ben] = hotel.employees;
    const created = [];
    for (let i = 0; i < 10; i += 1) {
      created.push(
        await createTip(t.database.db, {
          businessId: hotel.id,
          employeeId: (i % 2 ? ben : anna)!.id,
          amountCents: 1000 + i,
        }),
      );
    }
    const second = await connectAgain(t.database);
    try {
      const actor = actorOf(anna!, hotel.id);
      const balance = created
        .filter((_, i) => i % 2 === 0)
        .reduce((sum, tip) => sum + tip.amountCents, 0);
      const [instant] = await Promise.allSettled([
        requestInstantPayout(
          { ...ctx, database: second },
          {
            actor,
            balanceCents: balance,
            requestKey: randomUUID(),
          },
        ),
        runPayoutBatch(ctx, { businessId: hotel.id, trigger: 'manual' }),
      ]);
      const rows = await t.database.db
        .select()
        .from(payouts)
        .where(eq(payouts.businessId, hotel.id));
      const paidFor = (id: string) =>
        rows.filter((row) => row.employeeId === id).reduce((sum, row) => sum + row.amountCents, 0);
      // Every tip once: Anna either instantly or by the batch, never both.
      expect(paidFor(anna!.id)).toBe(balance);
      expect(paidFor(ben!.id)).toBe(
        created.filter((_, i) => i % 2 === 1).reduce((sum, tip) => sum + tip.amountCents, 0),
      );
      if (instant.status === 'rejected') {
        expect(String(instant.reason.message)).toMatch(/kein Guthaben|geändert/);
      }
      const after = await t.database.db
        .select()
        .from(tips)
        .where(
          inArray(
            tips.id,
            created.map((tip) => tip.id),
          ),
        );
      expect(after.every((tip) => tip.status === 'completed' && tip.payoutId !== null)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('answers bad input and other people with a German 4xx and pays nothing', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 2 });
    const [anna, ben] = hotel.employees;
    const tip = await createTip(t.database.db, {
      businessId: hotel.id,
      employeeId: anna!.id,
      amountCents: 800,
    });
    const cookie = await signIn(t, anna!.email);
    const benCookie = await signIn(t, ben!.email);

    // Ben's session: his balance is zero; Anna's tip stays hers.
    const quote = await t.inject({
      url: '/api/employee/payout/instant',
      headers: { cookie: benCookie },
    });
    expect(quote.json()).toMatchObject({ available: false, balanceCents: 0 });
    expect(quote.json().reason).toContain('kein Guthaben');
    const ben1 = await post(benCookie, { balanceCents: 800, idempotencyKey: randomUUID() });
    expect(ben1.statusCode).toBe(409);
    expect(ben1.json().error.message).toContain('kein Guthaben');
    // Ben replays Anna's key: it is his own key space, nothing of Anna's is returned.
    const key = randomUUID();
    const changed = await post(cookie, { balanceCents: 700, idempotencyKey: key });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.message).toContain('geändert');
    const replay = await post(benCookie, { balanceCents: 800, idempotencyKey: key });
    expect(replay.statusCode).toBe(409);

    for (const payload of [
      {},
      { balanceCents: -1, idempotencyKey: randomUUID() },
      { balanceCents: 1.5, idempotencyKey: randomUUID() },
      { balanceCents: '800', idempotencyKey: randomUUID() },
      { balanceCents: 800, idempotencyKey: 'nicht-eindeutig' },
      { balanceCents: 800, idempotencyKey: randomUUID(), employeeId: ben!.id },
    ]) {
      const bad = await post(cookie, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().error.title).toBe('Eingabefehler');
    }
    const anonymous = await t.inject({
      method: 'POST',
      url: '/api/employee/payout/instant',
      payload: { balanceCents: 800, idempotencyKey: randomUUID() },
    });
    expect(anonymous.statusCode).toBe(401);

    // Below the fee: 0,30 € would leave nothing after 0,50 €.
    const small = await createBusiness(t.database.db, { employees: 1 });
    await createTip(t.database.db, {
      businessId: small.id,
      employeeId: small.employees[0]!.id,
      amountCents: 30,
    });
    const smallCookie = await signIn(t, small.employees[0]!.email);
    const below = await post(smallCookie, { balanceCents: 30, idempotencyKey: randomUUID() });
    expect(below.statusCode).toBe(409);
    expect(below.json().error.message).toContain('kleiner als die Gebühr');

    const [untouched] = await t.database.db.select().from(tips).where(eq(tips.id, tip.id));
    expect(untouched).toMatchObject({ status: 'pending', payoutId: null });
    const none = await t.database.db.select().from(payouts).where(eq(payouts.businessId, hotel.id));
    expect(none).toHaveLength(0);
  });
});
