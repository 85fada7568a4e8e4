import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createTip,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import type { TipPage } from '../../../shared/api/employee';
import type { PoolPage } from '../../../shared/api/pool';
import { tipAllocations, tips } from '../../db/schema';

/**
 * The pool holds only money nobody has received, and a tip given from it
 * reaches the next payout like any other share.
 */
let t: TestApp;
let hotel: FactoryBusiness;
let other: FactoryBusiness;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 2, points: ['object'] });
  other = await createBusiness(t.database.db, { employees: 1, points: ['object'] });
});
afterAll(async () => {
  await t.close();
});

async function as(email: string) {
  const cookie = await signIn(t, email);
  return (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

const poolTip = (business: FactoryBusiness, amountCents: number, status = 'pending' as const) =>
  createTip(t.database.db, {
    businessId: business.id,
    entrypoint: business.points[0]!,
    amountCents,
    status,
  });

describe('the owner’s pool', () => {
  it('lists only paid tips nobody has received, never one already paid out', async () => {
    const owner = await as(hotel.owner.email);
    const waiting = await poolTip(hotel, 1500);
    // A tip marked paid out although nobody received it (as the old demo seed wrote them).
    const paidOut = await createTip(t.database.db, {
      businessId: hotel.id,
      entrypoint: hotel.points[0]!,
      amountCents: 900,
      status: 'completed',
    });
    const page = (await owner('GET', '/api/admin/pool')).json() as PoolPage;
    const ids = page.items.map((item) => item.id);
    expect(ids).toContain(waiting.id);
    expect(ids).not.toContain(paidOut.id);
    expect(page.totalCents).toBe(page.items.reduce((sum, item) => sum + item.amountCents, 0));
    const refused = await owner('POST', `/api/admin/pool/${paidOut.id}/assign`, {
      profileId: hotel.employees[0]!.id,
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const allocations = await t.database.db
      .select()
      .from(tipAllocations)
      .where(eq(tipAllocations.tipId, paidOut.id));
    expect(allocations).toEqual([]);
  });

  it('a tip given from the pool reaches the next payout, with reference and date', async () => {
    const owner = await as(hotel.owner.email);
    const anna = hotel.employees[0]!;
    const tip = await poolTip(hotel, 1500);
    const given = await owner('POST', `/api/admin/pool/${tip.id}/assign`, { profileId: anna.id });
    expect(given.statusCode).toBe(200);

    const run = await owner('POST', '/api/admin/payouts');
    expect(run.statusCode).toBe(201);
    const batch = run.json();
    const annaTransfer = batch.transfers.find(
      (transfer: { employeeId: string }) => transfer.employeeId === anna.id,
    );
    expect(annaTransfer).toBeDefined();
    expect(annaTransfer.amountCents).toBeGreaterThanOrEqual(1500);

    const [row] = await t.database.db.select().from(tips).where(eq(tips.id, tip.id));
    expect(row!.status).toBe('completed');
    const history = (
      await (
        await as(anna.email)
      )('GET', '/api/employee/tips?period=month')
    ).json() as TipPage;
    const received = history.items.find((item) => item.id === tip.id);
    expect(received).toMatchObject({ amountCents: 1500, status: 'completed' });
    expect(received!.transferReference).toMatch(/\S{8}/);
    expect(received!.processedAt).not.toBeNull();

    // Nothing is left to pay, and the pool no longer offers it.
    const again = await owner('POST', '/api/admin/payouts');
    expect(JSON.stringify(again.json())).not.toContain(tip.id);
    const pool = (await owner('GET', '/api/admin/pool')).json() as PoolPage;
    expect(pool.items.map((item) => item.id)).not.toContain(tip.id);
  });

  it('shows another business’s pool to nobody but its owner', async () => {
    const theirs = await poolTip(other, 700);
    const owner = await as(hotel.owner.email);
    const page = (await owner('GET', '/api/admin/pool')).json() as PoolPage;
    expect(page.items.map((item) => item.id)).not.toContain(theirs.id);
    const refused = await owner('POST', `/api/admin/pool/${theirs.id}/assign`, {
      profileId: hotel.employees[0]!.id,
    });
    expect(refused.statusCode).toBe(404);
  });
});
