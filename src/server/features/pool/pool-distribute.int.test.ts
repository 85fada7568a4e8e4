import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createTip,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import type { PoolDistributionPreview, PoolPage } from '../../../shared/api/pool';
import { adminAuditLog, tipAllocations } from '../../db/schema';
import { ManualClock } from '../../lib/clock';

/**
 * 'Pool verteilen' by hours (decision 0660): the week of Monday 16 March 2026 (Berlin UTC+1).
 * Anna works 8 hours at a table, Ben 4 hours in a team, Cem 2 hours on Sunday night past
 * midnight; the pool holds three tips of that week and one of the week after.
 */
let t: TestApp;
let clock: ManualClock;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;

beforeAll(async () => {
  clock = new ManualClock('2026-03-16T07:00:00Z');
  t = await createTestApp({ clock });
  hotel = await createBusiness(t.database.db, {
    employees: [{ fullName: 'Anna Adler' }, { fullName: 'Ben Berg' }, { fullName: 'Cem Cakir' }],
    points: ['object', 'team'],
  });
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

const poolTip = (amountCents: number, createdAt: string) =>
  createTip(t.database.db, {
    businessId: hotel.id,
    entrypoint: hotel.points[0]!,
    amountCents,
    createdAt: new Date(createdAt),
  });
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('Pool verteilen by hours', () => {
  it('previews every share, writes exactly them once, and they reach the next payout', async () => {
    const owner = await as(hotel.owner.email);
    const [anna, ben, cem] = hotel.employees as [
      (typeof hotel.employees)[0],
      (typeof hotel.employees)[0],
      (typeof hotel.employees)[0],
    ];
    const shift = async (
      kind: 'point' | 'team',
      target: string,
      person: string,
      day: string,
      start: string,
      end: string,
    ) => {
      const response = await owner('POST', '/api/admin/shifts', {
        targetKind: kind,
        targetId: target,
        profileId: person,
        day,
        startTime: start,
        endTime: end,
      });
      expect(response.statusCode).toBe(201);
    };
    await shift('point', hotel.points[0]!.id, anna.id, '2026-03-17', '09:00', '17:00');
    await shift('team', hotel.teams[0]!.id, ben.id, '2026-03-18', '12:00', '16:00');
    await shift('point', hotel.points[0]!.id, cem.id, '2026-03-22', '23:00', '01:00');
    const tips = [
      await poolTip(1000, '2026-03-16T10:00:00Z'),
      await poolTip(700, '2026-03-19T10:00:00Z'),
      await poolTip(301, '2026-03-22T22:30:00Z'),
    ];
    const nextWeek = await poolTip(999, '2026-03-23T10:00:00Z');
    clock.set('2026-03-23T12:00:00Z');
    const now = await as(hotel.owner.email);

    const response = await now('GET', '/api/admin/pool/distribution?period=week&day=2026-03-18');
    expect(response.statusCode).toBe(200);
    const preview = response.json() as PoolDistributionPreview;
    expect(preview).toMatchObject({
      firstDay: '2026-03-16',
      lastDay: '2026-03-22',
      amountCents: 2001,
      tipCount: 3,
    });
    // 8 : 4 : 2 hours of 20,01 €.
    expect(
      preview.shares.map((s) => [s.profileId, s.minutes, s.pointsMilli, s.amountCents]),
    ).toEqual([
      [anna.id, 480, 1000, 1143],
      [ben.id, 240, 1000, 572],
      [cem.id, 120, 1000, 286],
    ]);
    expect(plain(preview.shares[0]!.explanation)).toBe(
      'Pool nach Arbeitsstunden verteilt (16.03.–22.03.2026): 8 von 14 Stunden → 11,43 € von 20,01 €',
    );

    // Another business sees its own (empty) pool and cannot confirm this one.
    const stranger = await as(cafe.owner.email);
    const theirs = (
      await stranger('GET', '/api/admin/pool/distribution?period=week&day=2026-03-18')
    ).json() as PoolDistributionPreview;
    expect(theirs).toMatchObject({ amountCents: 0, shares: [] });
    expect(
      (
        await stranger('POST', '/api/admin/pool/distribution', {
          period: 'week',
          day: '2026-03-18',
          fingerprint: preview.fingerprint,
        })
      ).statusCode,
    ).toBe(409);

    const confirmed = await now('POST', '/api/admin/pool/distribution', {
      period: 'week',
      day: '2026-03-18',
      fingerprint: preview.fingerprint,
    });
    expect(confirmed.statusCode).toBe(201);
    const result = confirmed.json() as PoolDistributionPreview & { distributionId: string };
    expect(result.shares).toEqual(preview.shares);

    // The allocations: each tip adds up to itself, each person to their previewed share.
    const rows = await t.database.db
      .select()
      .from(tipAllocations)
      .where(eq(tipAllocations.poolDistributionId, result.distributionId));
    for (const tip of tips) {
      const ofTip = rows.filter((row) => row.tipId === tip.id);
      expect(ofTip.reduce((sum, row) => sum + row.amountCents, 0)).toBe(tip.amountCents);
    }
    for (const share of preview.shares) {
      const ofPerson = rows.filter((row) => row.profileId === share.profileId);
      expect(ofPerson.reduce((sum, row) => sum + row.amountCents, 0)).toBe(share.amountCents);
      expect(ofPerson.every((row) => row.splitRule === 'pool_hours')).toBe(true);
      expect(ofPerson.every((row) => row.workMinutes === share.minutes)).toBe(true);
    }
    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'pool_distribute'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.businessId).toBe(hotel.id);

    // A second confirmation pays nothing twice.
    const again = await now('POST', '/api/admin/pool/distribution', {
      period: 'week',
      day: '2026-03-18',
      fingerprint: preview.fingerprint,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('pool_distribution_empty');
    const after = await t.database.db
      .select()
      .from(tipAllocations)
      .where(eq(tipAllocations.poolDistributionId, result.distributionId));
    expect(after).toHaveLength(rows.length);

    // The pool keeps only next week's tip; the manual assignment stays possible.
    const pool = (await now('GET', '/api/admin/pool')).json() as PoolPage;
    const ids = pool.items.map((item) => item.id);
    expect(ids).toContain(nextWeek.id);
    for (const tip of tips) expect(ids).not.toContain(tip.id);

    // The shares reach the next payout like any other allocation.
    const run = await now('POST', '/api/admin/payouts');
    expect(run.statusCode).toBe(201);
    const transfers = run.json().transfers as { employeeId: string; amountCents: number }[];
    for (const share of preview.shares) {
      expect(
        transfers.find((tr) => tr.employeeId === share.profileId)?.amountCents,
      ).toBeGreaterThanOrEqual(share.amountCents);
    }
  });

  it('refuses a stale preview in German and writes nothing', async () => {
    clock.set('2026-03-30T07:00:00Z');
    const owner = await as(hotel.owner.email);
    const planned = await owner('POST', '/api/admin/shifts', {
      targetKind: 'point',
      targetId: hotel.points[0]!.id,
      profileId: hotel.employees[0]!.id,
      day: '2026-03-30',
      startTime: '09:00',
      endTime: '12:00',
    });
    expect(planned.statusCode).toBe(201);
    await poolTip(400, '2026-03-30T10:00:00Z');
    const preview = (
      await owner('GET', '/api/admin/pool/distribution?period=day&day=2026-03-30')
    ).json() as PoolDistributionPreview;
    expect(preview.shares).toHaveLength(1);
    // More money arrives after the preview.
    await poolTip(100, '2026-03-30T11:00:00Z');
    const stale = await owner('POST', '/api/admin/pool/distribution', {
      period: 'day',
      day: '2026-03-30',
      fingerprint: preview.fingerprint,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({
      code: 'pool_distribution_changed',
      message: expect.stringMatching(/Vorschau erneut/),
    });
    // A day nobody worked is refused, too.
    await poolTip(100, '2026-03-29T11:00:00Z');
    const nobody = (
      await owner('GET', '/api/admin/pool/distribution?period=day&day=2026-03-29')
    ).json() as PoolDistributionPreview;
    expect(nobody.shares).toEqual([]);
    const refused = await owner('POST', '/api/admin/pool/distribution', {
      period: 'day',
      day: '2026-03-29',
      fingerprint: nobody.fingerprint,
    });
    expect(refused.json().error.code).toBe('pool_distribution_nobody');
    const bad = await owner('GET', '/api/admin/pool/distribution?period=month&day=2026-03-29');
    expect(bad.statusCode).toBe(400);
  });
});
