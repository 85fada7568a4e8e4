import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, seededAt } from '../../../../test/support/database';
import type { StatsPeriod } from '../../../shared/domain/constants';
import type { Database } from '../../db/connect';
import { payouts, profiles, tipAllocations, tips } from '../../db/schema';
import { countMessagesSince, listReceivedTips } from './queries';
import { employeeStats, periodDays, periodStart } from './stats';

let database: Database;
let benId: string;
let now: Date;

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  now = seededAt();
  const [ben] = await database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.email, 'ben@demo.local'));
  benId = ben!.id;
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
    const totalCents = expected.reduce((sum, r) => sum + r.cents, 0);

    const stats = await employeeStats(database, { employeeId: benId, period, now });
    expect(stats.count).toBe(expected.length);
    expect(stats.totalCents).toBe(totalCents);
    expect(stats.averagePerDayCents).toBe(Math.round(totalCents / divisor));
    expect(stats.days.reduce((sum, d) => sum + d.totalCents, 0)).toBe(totalCents);
    // One bar per day of the period (issue 31, item 13): 'Letzte 2 Wochen' has 14.
    expect(stats.days).toHaveLength(divisor);
    expect(stats.days.at(-1)?.date).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(now),
    );
  });

  // Issue 31, item 13 (decision 0357): periods are whole local days ending today.
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
    expect(await countMessagesSince(database, { employeeId: benId, since })).toBe(expected.length);
  });
});
