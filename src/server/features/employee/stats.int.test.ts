import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, seededAt } from '../../../../test/support/database';
import { createBusiness, createTip, type TipOptions } from '../../../../test/support/factories';
import { createPayout, createTeamTip } from '../../../../test/support/received-tips';
import type { StatsPeriod } from '../../../shared/domain/constants';
import type { Database } from '../../db/connect';
import { payouts, tipAllocations, tips } from '../../db/schema';
import { countMessagesSince, listReceivedTips } from './queries';
import { employeeStats, periodDays, periodStart } from './stats';

const DAY_MS = 24 * 60 * 60 * 1000;

let database: Database;
let benId: string;
let now: Date;

/**
 * Ben's month: direct tips and team shares today, in the last two weeks and earlier in the month,
 * paid out or waiting, with and without messages; and what must not count for him: tips before
 * the month, unpaid or refunded ones, a share of nothing, a colleague's and another business's.
 */
beforeAll(async () => {
  database = await createTestDatabase();
  now = seededAt();
  const db = database.db;
  const hotel = await createBusiness(db, { employees: 2, teams: [{ members: [0, 1] }] });
  const cafe = await createBusiness(db, { employees: 1 });
  const [ben, anna] = hotel.employees;
  const teamId = hotel.teams[0]!.id;
  benId = ben!.id;

  const startOfToday = periodStart('day', now).getTime();
  /** The n-th of `of` moments spread over today so far (never in the future). */
  const today = (n: number, of: number) =>
    new Date(startOfToday + Math.floor(((now.getTime() - startOfToday) * n) / (of + 1)));
  const daysAgo = (days: number, hours = 0) =>
    new Date(now.getTime() - days * DAY_MS - hours * 3_600_000);
  const direct = (createdAt: Date, options: Partial<TipOptions> = {}) =>
    createTip(db, { businessId: hotel.id, employeeId: benId, createdAt, ...options });
  const teamTip = (
    createdAt: Date,
    benCents: number,
    payout?: { id: string },
    status?: TipOptions['status'],
  ) =>
    createTeamTip(db, {
      businessId: hotel.id,
      teamId,
      createdAt,
      ...(status ? { status } : {}),
      shares: [
        { profileId: benId, amountCents: benCents, ...(payout ? { payout } : {}) },
        { profileId: anna!.id, amountCents: 250 },
      ],
    });

  // Today.
  await direct(today(1, 3), { amountCents: 500, guestMessage: 'Danke für den tollen Abend!' });
  await direct(today(2, 3), { amountCents: 300 });
  await teamTip(today(3, 3), 450);
  // The last two weeks.
  const pendingPayout = await createPayout(db, {
    businessId: hotel.id,
    employeeId: benId,
    status: 'pending',
  });
  await direct(daysAgo(2), { amountCents: 700, status: 'completed' });
  await direct(daysAgo(3), { amountCents: 200, feedbackEmoji: 'clap' });
  await direct(daysAgo(4), { amountCents: 1_000, feedbackMessage: 'Super Service' });
  await direct(daysAgo(5), { amountCents: 400, guestMessage: '   ' });
  await teamTip(daysAgo(6), 350, pendingPayout);
  await teamTip(daysAgo(9), 600, undefined, 'completed');
  // Earlier this month, paid out.
  const paidPayout = await createPayout(db, {
    businessId: hotel.id,
    employeeId: benId,
    processedAt: daysAgo(12),
  });
  for (const days of [16, 18, 20, 22]) {
    await direct(daysAgo(days), { amountCents: 100 * days, status: 'completed' });
  }
  await direct(daysAgo(17), { amountCents: 900, guestMessage: 'Bis zum nächsten Mal' });
  await teamTip(daysAgo(19), 800, paidPayout, 'completed');
  await teamTip(daysAgo(21), 550, paidPayout, 'completed');

  // None of these count for Ben.
  await direct(daysAgo(40), { amountCents: 5_000, status: 'completed' });
  await direct(daysAgo(1), { amountCents: 5_000, status: 'failed' });
  await direct(daysAgo(1, 2), { amountCents: 5_000, status: 'initiated' });
  await direct(daysAgo(1, 4), { amountCents: 5_000, status: 'refunded' });
  await teamTip(daysAgo(2, 3), 0);
  await createTip(db, { businessId: hotel.id, employeeId: anna!.id, createdAt: daysAgo(1) });
  await createTip(db, {
    businessId: cafe.id,
    employeeId: cafe.employees[0]!.id,
    createdAt: today(1, 2),
    guestMessage: 'Nicht für Ben',
  });
});
afterAll(async () => {
  await database.close();
});

/** Everything Ben received, computed in plain code from the raw rows. */
async function receivedIndependently(employeeId: string) {
  const direct = await database.db.select().from(tips).where(eq(tips.employeeId, employeeId));
  const shares = await database.db
    .select({ tip: tips, allocation: tipAllocations })
    .from(tipAllocations)
    .innerJoin(tips, eq(tips.id, tipAllocations.tipId))
    .where(eq(tipAllocations.profileId, employeeId));
  const paid = (status: string) => status === 'pending' || status === 'completed';
  return [
    ...direct
      .filter((t) => paid(t.status))
      .map((t) => ({ at: t.createdAt, cents: t.amountCents, tip: t })),
    ...shares
      .filter((s) => paid(s.tip.status) && s.allocation.amountCents > 0)
      .map((s) => ({ at: s.tip.createdAt, cents: s.allocation.amountCents, tip: s.tip })),
  ];
}

describe('employee statistics', () => {
  it.each<[StatsPeriod, number | 'calendar month']>([
    ['day', 1],
    ['week', 14],
    ['month', 'calendar month'],
  ])('for %s equal independently computed sums (divisor %s days)', async (period, days) => {
    const since = periodStart(period, now);
    // A daily average divides by the days of the period (decision 0180): 'Letzte 2 Wochen' by 14.
    const divisor = days === 'calendar month' ? periodDays(period, now) : days;
    const expected = (await receivedIndependently(benId)).filter((r) => r.at >= since);
    expect(expected.length).toBeGreaterThan(0);
    const totalCents = expected.reduce((sum, r) => sum + r.cents, 0);

    const stats = await employeeStats(database, { employeeId: benId, period, now });
    expect(stats.count).toBe(expected.length);
    expect(stats.totalCents).toBe(totalCents);
    expect(stats.averagePerDayCents).toBe(Math.round(totalCents / divisor));
    expect(stats.days.reduce((sum, d) => sum + d.totalCents, 0)).toBe(totalCents);
    // One bar per day of the period: 'Letzte 2 Wochen' has 14.
    expect(stats.days).toHaveLength(divisor);
    expect(stats.days.at(-1)?.date).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(now),
    );
  });

  // Decision 0357: periods are whole local days ending today.
  it('uses 14 days for the two-week period and a calendar month for the month', () => {
    const at = new Date('2026-03-31T10:00:00Z');
    expect(periodStart('day', at).toISOString()).toBe('2026-03-30T22:00:00.000Z');
    expect(periodStart('week', at).toISOString()).toBe('2026-03-17T23:00:00.000Z');
    expect(periodStart('month', at).toISOString()).toBe('2026-03-03T23:00:00.000Z');
  });

  it('divides by the days of the period: 14 days of tips over 14, a month over its days', () => {
    expect(periodDays('day', new Date('2026-03-31T10:00:00Z'))).toBe(1);
    expect(periodDays('week', new Date('2026-03-31T10:00:00Z'))).toBe(14);
    expect(periodDays('month', new Date('2026-03-31T10:00:00Z'))).toBe(28);
    expect(periodDays('month', new Date('2026-05-15T10:00:00Z'))).toBe(30);
    expect(periodDays('month', new Date('2026-08-15T10:00:00Z'))).toBe(31);
    // Over the switch to summer time (29 March 2026) the period still counts whole days.
    expect(periodDays('week', new Date('2026-04-02T10:00:00Z'))).toBe(14);
  });
});

describe('received tips', () => {
  it('lists direct tips and team shares newest first, paged, with the right total', async () => {
    const since = periodStart('month', now);
    const expected = (await receivedIndependently(benId)).filter((r) => r.at >= since);
    const first = await listReceivedTips(database, { employeeId: benId, since, limit: 10 });
    const second = await listReceivedTips(database, {
      employeeId: benId,
      since,
      limit: 10,
      offset: 10,
    });
    expect(first.total).toBe(expected.length);
    expect(first.rows).toHaveLength(10);
    expect(second.rows).toHaveLength(expected.length - 10);
    const all = [...first.rows, ...second.rows];
    for (let i = 1; i < all.length; i += 1) {
      expect(all[i - 1]!.created_at.getTime()).toBeGreaterThanOrEqual(all[i]!.created_at.getTime());
    }
    expect(new Set(all.map((r) => `${r.id}:${r.tip_source}`)).size).toBe(all.length);
    expect(all.some((r) => r.tip_source === 'team')).toBe(true);
  });

  it('marks a team share paid out only when its payout was paid', async () => {
    const since = periodStart('month', now);
    const { rows } = await listReceivedTips(database, { employeeId: benId, since, limit: 500 });
    const teamRows = rows.filter((r) => r.tip_source === 'team');
    // Shares carried by a paid payout, by one not yet paid, and by none at all.
    expect(new Set(teamRows.map((r) => r.status))).toEqual(new Set(['completed', 'pending']));
    const allocations = await database.db
      .select({ tipId: tipAllocations.tipId, payoutId: tipAllocations.payoutId })
      .from(tipAllocations)
      .where(eq(tipAllocations.profileId, benId));
    const payoutIds = allocations.map((a) => a.payoutId).filter((id): id is string => !!id);
    const paidPayouts = payoutIds.length
      ? await database.db.select().from(payouts).where(inArray(payouts.id, payoutIds))
      : [];
    for (const row of teamRows) {
      const allocation = allocations.find((a) => a.tipId === row.id)!;
      const payout = paidPayouts.find((p) => p.id === allocation.payoutId);
      expect(row.status).toBe(payout?.status === 'paid' ? 'completed' : 'pending');
      if (row.status === 'completed') expect(row.transfer_id).toBe(payout!.providerTransferId);
    }
  });

  it('counts only tips with a guest message or feedback emoji since a moment', async () => {
    const since = periodStart('week', now);
    const expected = (await receivedIndependently(benId)).filter(
      (r) =>
        r.at >= since &&
        ((r.tip.guestMessage ?? '').trim() ||
          (r.tip.feedbackMessage ?? '').trim() ||
          r.tip.feedbackEmoji),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await countMessagesSince(database, { employeeId: benId, since })).toBe(expected.length);
  });
});
