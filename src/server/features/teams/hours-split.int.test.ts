import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import { decideDemoCheckout, startedTip } from '../../../../test/support/guest';
import type { PoolPage } from '../../../shared/api/pool';
import type { TeamTips, WorkPoints } from '../../../shared/api/teams';
import { tipAllocations } from '../../db/schema';
import { ManualClock } from '../../lib/clock';

/**
 * A team that splits by hours (decision 0660), in March 2026 (Berlin is UTC+1): Anna works the
 * team's Monday 10:00–16:00, Ben 16:00–18:00; Cem works Sunday 18:00–02:00, past midnight, which
 * counts to Sunday. Nobody works Tuesday.
 */
const SUNDAY = '2026-03-15';
const MONDAY = '2026-03-16';

let t: TestApp;
let clock: ManualClock;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

beforeAll(async () => {
  clock = new ManualClock('2026-03-14T09:00:00Z');
  t = await createTestApp({ clock });
  hotel = await createBusiness(t.database.db, {
    employees: [{ fullName: 'Anna Adler' }, { fullName: 'Ben Berg' }, { fullName: 'Cem Cakir' }],
    points: ['team'],
  });
  cafe = await createBusiness(t.database.db, { employees: 1, points: ['team'] });
});
afterAll(async () => {
  await t.close();
});

async function as(email: string) {
  const cookie = await signIn(t, email);
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

async function payTeamTip(amountCents: number, atUtc: string) {
  clock.set(atUtc);
  const started = await startedTip(t, { code: hotel.points[0]!.uid, amountCents });
  const paid = await decideDemoCheckout(t, started.checkoutUrl, 'pay');
  expect(paid.statusCode).toBeLessThan(400);
  return started.tipId;
}

const sharesOf = async (tipId: string) =>
  (await t.database.db.select().from(tipAllocations).where(eq(tipAllocations.tipId, tipId)))
    .map((row) => ({ ...row, reason: plain(row.reason) }))
    .sort((a, b) => b.amountCents - a.amountCents);

describe('a team split by hours', () => {
  it('splits each tip among who worked that Berlin day, by hours, and keeps the reason', async () => {
    let owner = await as(hotel.owner.email);
    const team = hotel.teams[0]!;
    const [anna, ben, cem] = hotel.employees as [
      (typeof hotel.employees)[0],
      (typeof hotel.employees)[0],
      (typeof hotel.employees)[0],
    ];
    const set = await owner('PATCH', `/api/admin/teams/${team.id}`, { splitRule: 'hours' });
    expect(set.statusCode).toBe(200);
    expect(set.json().splitRule).toBe('hours');
    // Another business cannot change it.
    const stranger = await as(cafe.owner.email);
    expect(
      (await stranger('PATCH', `/api/admin/teams/${team.id}`, { splitRule: 'equal' })).statusCode,
    ).toBe(404);

    const shift = async (person: string, day: string, start: string, end: string) => {
      const response = await owner('POST', '/api/admin/shifts', {
        targetKind: 'team',
        targetId: team.id,
        profileId: person,
        day,
        startTime: start,
        endTime: end,
      });
      expect(response.statusCode).toBe(201);
      return response.json().id as string;
    };
    await shift(cem.id, SUNDAY, '18:00', '02:00');
    const annaShift = await shift(anna.id, MONDAY, '10:00', '16:00');
    await shift(ben.id, MONDAY, '16:00', '18:00');

    // Sunday 23:30: only Cem worked that day.
    const sunday = await payTeamTip(901, '2026-03-15T22:30:00Z');
    expect((await sharesOf(sunday)).map((s) => [s.profileId, s.amountCents, s.reason])).toEqual([
      [cem.id, 901, '8 von 8 Stunden → 9,01 € von 9,01 €'],
    ]);
    // Monday 01:00, while Cem's Sunday shift still runs: it counts to Sunday, so Monday's rota
    // (Anna and Ben) shares this tip.
    const night = await payTeamTip(800, '2026-03-16T00:00:00Z');
    expect((await sharesOf(night)).map((s) => [s.profileId, s.amountCents])).toEqual([
      [anna.id, 600],
      [ben.id, 200],
    ]);
    // Monday 20:00: 6 and 2 of 8 hours.
    const monday = await payTeamTip(1000, '2026-03-16T19:00:00Z');
    const mondayShares = await sharesOf(monday);
    expect(mondayShares.map((s) => [s.profileId, s.amountCents, s.reason])).toEqual([
      [anna.id, 750, '6 von 8 Stunden → 7,50 € von 10,00 €'],
      [ben.id, 250, '2 von 8 Stunden → 2,50 € von 10,00 €'],
    ]);
    expect(mondayShares[0]).toMatchObject({
      splitRule: 'hours',
      workMinutes: 360,
      pointsMilli: 1000,
    });

    // Tuesday: nobody on the team's rota, the tip waits in the pool.
    const tuesday = await payTeamTip(500, '2026-03-17T12:00:00Z');
    expect(await sharesOf(tuesday)).toEqual([]);
    owner = await as(hotel.owner.email);
    const pool = (await owner('GET', '/api/admin/pool')).json() as PoolPage;
    expect(pool.items.map((item) => item.id)).toContain(tuesday);

    // The rota changes later: the shares and their explanation stay as they were made.
    expect((await owner('DELETE' as 'POST', `/api/admin/shifts/${annaShift}`)).statusCode).toBe(
      204,
    );
    expect((await sharesOf(monday)).map((s) => s.reason)).toEqual(
      mondayShares.map((s) => s.reason),
    );

    // Every member reads the explanation of every share; their own is marked.
    const annaView = (
      await (
        await as(anna.email)
      )('GET', '/api/employee/team-tips?period=month')
    ).json() as TeamTips;
    const item = annaView.items.find((tip) => tip.id === monday)!;
    expect(item.shares.map((s) => [plain(s.reason), s.mine])).toEqual([
      ['6 von 8 Stunden → 7,50 € von 10,00 €', true],
      ['2 von 8 Stunden → 2,50 € von 10,00 €', false],
    ]);
  });

  it('multiplies the hours by each person’s points and says them', async () => {
    clock.set('2026-03-18T07:00:00Z');
    const owner = await as(hotel.owner.email);
    const team = hotel.teams[0]!;
    const [anna, ben] = hotel.employees as [
      (typeof hotel.employees)[0],
      (typeof hotel.employees)[0],
    ];
    for (const [person, start, end] of [
      [anna.id, '10:00', '16:00'],
      [ben.id, '16:00', '18:00'],
    ] as const) {
      const response = await owner('POST', '/api/admin/shifts', {
        targetKind: 'team',
        targetId: team.id,
        profileId: person,
        day: '2026-03-18',
        startTime: start,
        endTime: end,
      });
      expect(response.statusCode).toBe(201);
    }
    const saved = await owner('PUT', '/api/admin/work-points', {
      items: [{ profileId: ben.id, points: '2', role: 'Bar' }],
    });
    expect(saved.statusCode).toBe(200);
    const points = saved.json() as WorkPoints;
    expect(points.items.find((item) => item.profileId === ben.id)).toMatchObject({
      pointsMilli: 2000,
      role: 'Bar',
    });
    expect(points.items.find((item) => item.profileId === anna.id)?.pointsMilli).toBe(1000);
    // Bad points and other businesses' people are refused in German; nothing changes.
    const bad = await owner('PUT', '/api/admin/work-points', {
      items: [{ profileId: ben.id, points: '0,0001' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Punkte:');
    const foreign = await owner('PUT', '/api/admin/work-points', {
      items: [{ profileId: cafe.employees[0]!.id, points: 1 }],
    });
    expect(foreign.statusCode).toBe(400);

    const tip = await payTeamTip(1000, '2026-03-18T17:30:00Z');
    expect((await sharesOf(tip)).map((s) => [s.profileId, s.amountCents, s.reason])).toEqual([
      [anna.id, 600, '6 Stunden × 1 Punkt = 6 von 10 Punktstunden → 6,00 € von 10,00 €'],
      [ben.id, 400, '2 Stunden × 2 Punkte = 4 von 10 Punktstunden → 4,00 € von 10,00 €'],
    ]);
    await (
      await as(hotel.owner.email)
    )('PUT', '/api/admin/work-points', { items: [{ profileId: ben.id, points: 1 }] });
  });
});
