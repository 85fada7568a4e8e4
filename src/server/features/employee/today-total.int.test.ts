import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createTip,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import type { TodayOverview } from '../../../shared/api/employee';
import { tipAllocations } from '../../db/schema';

/**
 * 'Heute' sums what the employee received since a moment (at most 48 hours back). The sum covers
 * every tip of that window, however many there are, and only the employee's own: direct tips and
 * shares of team tips, paid ones only.
 */
const HOUR_MS = 60 * 60 * 1000;
const BUSY_DAY_TIPS = 1_050;

let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
let from: Date;
let expectedCents = 0;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 2 });
  cafe = await createBusiness(t.database.db, { employees: 1 });
  const db = t.database.db;
  const now = t.clock.now();
  // 30 hours back: the window holds a whole Berlin midnight, so part of it is read from the
  // day totals and part from the tips of its first day.
  from = new Date(now.getTime() - 30 * HOUR_MS);
  const [nora, other] = hotel.employees;
  const spread = (index: number) =>
    new Date(from.getTime() + 60_000 + Math.floor((index * 29 * HOUR_MS) / BUSY_DAY_TIPS));

  for (let index = 0; index < BUSY_DAY_TIPS; index += 1) {
    const amountCents = 100 + (index % 7);
    await createTip(db, {
      businessId: hotel.id,
      employeeId: nora!.id,
      amountCents,
      status: index % 3 === 0 ? 'completed' : 'pending',
      createdAt: spread(index),
    });
    expectedCents += amountCents;
  }
  // A share of a team tip counts with its share, not the tip's amount.
  const teamTip = await createTip(db, {
    businessId: hotel.id,
    amountCents: 1_000,
    createdAt: new Date(now.getTime() - HOUR_MS),
  });
  await db.insert(tipAllocations).values([
    { tipId: teamTip.id, profileId: nora!.id, amountCents: 600, reason: 'team_equal' },
    { tipId: teamTip.id, profileId: other!.id, amountCents: 400, reason: 'team_equal' },
  ]);
  expectedCents += 600;

  // None of these count: before the window, not paid, someone else's, another business's.
  const base = { businessId: hotel.id, employeeId: nora!.id, amountCents: 5_000 };
  await createTip(db, { ...base, createdAt: new Date(from.getTime() - 60_000) });
  await createTip(db, { ...base, status: 'failed', createdAt: spread(3) });
  await createTip(db, { ...base, employeeId: other!.id, createdAt: spread(4) });
  await createTip(db, {
    businessId: cafe.id,
    employeeId: cafe.employees[0]!.id,
    amountCents: 5_000,
    createdAt: spread(5),
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** 'Heute' since `from` as the employee with this e-mail address sees it. */
async function todayOf(email: string): Promise<TodayOverview> {
  const cookie = await signIn(t, email);
  const response = await t.inject({
    method: 'GET',
    url: `/api/employee/today?from=${encodeURIComponent(from.toISOString())}`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as TodayOverview;
}

describe("'Heute' on a busy day", () => {
  it('sums every received tip of the window, past the first thousand', async () => {
    const today = await todayOf(hotel.employees[0]!.email);
    expect(today.totalCents).toBe(expectedCents);
    expect(today.paidCount + today.pendingCount).toBe(BUSY_DAY_TIPS + 1);
    expect(today.paid.length).toBeLessThanOrEqual(3);
    expect(today.pending.length).toBeLessThanOrEqual(3);
  });

  it("the other business's employee sees only their own tip", async () => {
    const today = await todayOf(cafe.employees[0]!.email);
    expect(today.totalCents).toBe(5_000);
    expect(today.paidCount + today.pendingCount).toBe(1);
  });
});
