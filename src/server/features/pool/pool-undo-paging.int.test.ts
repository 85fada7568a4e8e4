import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createTip,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { POOL_CURSOR_MESSAGE, type PoolPage } from '../../../shared/api/pool';
import { adminAuditLog, tipAllocations } from '../../db/schema';

/**
 * A pool assignment can be taken back until the next payout (never after,
 * never by another business), and the pool pages through all its tips with a cursor.
 */
let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 2, points: ['object'] });
  cafe = await createBusiness(t.database.db, { employees: 1, points: ['object'] });
});
afterAll(async () => {
  await t.close();
});

async function as(email: string) {
  const cookie = await signIn(t, email);
  return (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

const poolTip = (business: FactoryBusiness, amountCents: number, createdAt?: Date) =>
  createTip(t.database.db, {
    businessId: business.id,
    entrypoint: business.points[0]!,
    amountCents,
    ...(createdAt ? { createdAt } : {}),
  });

const allocationsOf = (tipId: string) =>
  t.database.db.select().from(tipAllocations).where(eq(tipAllocations.tipId, tipId));
const auditOf = (tipId: string, action: (typeof adminAuditLog.$inferSelect)['action']) =>
  t.database.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.targetId, tipId), eq(adminAuditLog.action, action)));

describe('undoing a pool assignment', () => {
  it('puts the tip back into the pool, with an audit row, until the next payout', async () => {
    const owner = await as(hotel.owner.email);
    const anna = hotel.employees[0]!;
    const tip = await poolTip(hotel, 1300);
    expect(
      (await owner('POST', `/api/admin/pool/${tip.id}/assign`, { profileId: anna.id })).statusCode,
    ).toBe(200);
    const assigned = (await owner('GET', '/api/admin/pool')).json() as PoolPage;
    expect(assigned.items.map((item) => item.id)).not.toContain(tip.id);
    expect(assigned.assigned.find((item) => item.id === tip.id)).toMatchObject({
      amountCents: 1300,
      profileId: anna.id,
      personName: anna.fullName,
    });

    const [given] = await t.database.query<{ cents: string }>(
      `SELECT coalesce(sum(amount_cents), 0)::text AS cents FROM tip_day_totals
       WHERE business_id = $1 AND kind = 'person' AND key = $2`,
      [hotel.id, anna.id],
    );
    expect(given!.cents).toBe('1300');

    const undone = await owner('POST', `/api/admin/pool/${tip.id}/unassign`);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({
      tipId: tip.id,
      profileId: anna.id,
      personName: anna.fullName,
      amountCents: 1300,
    });
    expect(await allocationsOf(tip.id)).toEqual([]);
    // The person's report totals lose the share again (the allocation triggers, migration 0260).
    const [personTotal] = await t.database.query<{ cents: string }>(
      `SELECT coalesce(sum(amount_cents), 0)::text AS cents FROM tip_day_totals
       WHERE business_id = $1 AND kind = 'person' AND key = $2`,
      [hotel.id, anna.id],
    );
    expect(personTotal!.cents).toBe('0');
    const audit = await auditOf(tip.id, 'pool_tip_unassign');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.payload).toMatchObject({ profileId: anna.id, personName: anna.fullName });
    const back = (await owner('GET', '/api/admin/pool')).json() as PoolPage;
    expect(back.items.map((item) => item.id)).toContain(tip.id);
    expect(back.assigned.map((item) => item.id)).not.toContain(tip.id);

    // Twice is refused in German: there is nothing left to undo.
    const again = await owner('POST', `/api/admin/pool/${tip.id}/unassign`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('pool_tip_not_assigned');
  });

  it('is refused once the payout has carried the tip', async () => {
    const owner = await as(hotel.owner.email);
    const ben = hotel.employees[1]!;
    const tip = await poolTip(hotel, 1700);
    await owner('POST', `/api/admin/pool/${tip.id}/assign`, { profileId: ben.id });
    expect((await owner('POST', '/api/admin/payouts')).statusCode).toBe(201);
    const refused = await owner('POST', `/api/admin/pool/${tip.id}/unassign`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'pool_tip_paid_out',
      message: expect.stringMatching(/bereits ausgezahlt/),
    });
    expect(await allocationsOf(tip.id)).toHaveLength(1);
    expect(await auditOf(tip.id, 'pool_tip_unassign')).toEqual([]);
    const pool = (await owner('GET', '/api/admin/pool')).json() as PoolPage;
    expect(pool.assigned.map((item) => item.id)).not.toContain(tip.id);
  });

  it("never lets another business's owner undo it, nor a share that is not from the pool", async () => {
    const owner = await as(hotel.owner.email);
    const stranger = await as(cafe.owner.email);
    const tip = await poolTip(hotel, 900);
    await owner('POST', `/api/admin/pool/${tip.id}/assign`, { profileId: hotel.employees[0]!.id });
    const refused = await stranger('POST', `/api/admin/pool/${tip.id}/unassign`);
    expect(refused.statusCode).toBe(404);
    expect(await allocationsOf(tip.id)).toHaveLength(1);
    expect(await auditOf(tip.id, 'pool_tip_unassign')).toEqual([]);
    const theirs = (await stranger('GET', '/api/admin/pool')).json() as PoolPage;
    expect(theirs.assigned.map((item) => item.id)).not.toContain(tip.id);

    const employees = await as(hotel.employees[0]!.email);
    expect((await employees('POST', `/api/admin/pool/${tip.id}/unassign`)).statusCode).toBe(403);

    const direct = await createTip(t.database.db, {
      businessId: hotel.id,
      employeeId: hotel.employees[0]!.id,
      amountCents: 500,
    });
    const notPool = await owner('POST', `/api/admin/pool/${direct.id}/unassign`);
    expect(notPool.statusCode).toBe(409);
    expect(notPool.json().error.code).toBe('pool_tip_not_assigned');
  });
});

describe('paging through the pool', () => {
  it('reaches every tip once with the cursor, newest first, and says when it ends', async () => {
    const bar = await createBusiness(t.database.db, { employees: 1, points: ['object'] });
    const owner = await as(bar.owner.email);
    const start = Date.parse('2026-03-01T12:00:00.000Z');
    const made: string[] = [];
    // 45 tips, two of them in the same millisecond (the cursor orders them by id).
    for (let i = 0; i < 45; i += 1) {
      const at = new Date(start + Math.min(i, 43) * 60_000);
      made.push((await poolTip(bar, 100 + i, at)).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    const pages: number[] = [];
    do {
      const query: string = cursor ? `?limit=20&cursor=${encodeURIComponent(cursor)}` : '?limit=20';
      const response = await owner('GET', `/api/admin/pool${query}`);
      expect(response.statusCode).toBe(200);
      const page = response.json() as PoolPage;
      expect(page.total).toBe(45);
      expect(page.totalCents).toBe(made.length * 100 + (44 * 45) / 2);
      pages.push(page.items.length);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual([20, 20, 5]);
    expect(new Set(seen).size).toBe(45);
    expect([...seen].sort()).toEqual([...made].sort());
    // Newest first.
    expect([made[43], made[44]]).toContain(seen[0]);
    expect(seen.at(-1)).toBe(made[0]);
  });

  it('refuses a broken cursor or limit with a German message, never a 500', async () => {
    const owner = await as(hotel.owner.email);
    for (const query of [
      '?cursor=abc',
      '?cursor=2026-13-45T99:99:99Z_x',
      '?limit=0',
      '?limit=abc',
      '?limit=101',
    ]) {
      const response = await owner('GET', `/api/admin/pool${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toMatch(/Weitere Trinkgelder|Anzahl/);
    }
    const bad = await owner('GET', '/api/admin/pool?cursor=abc');
    expect(bad.json().error.message).toContain(POOL_CURSOR_MESSAGE);
  });
});
