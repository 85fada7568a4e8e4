import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import { decideDemoCheckout, startedTip } from '../../../../test/support/guest';
import type { EmployeeTip } from '../../../shared/api/employee';
import type { PoolPage } from '../../../shared/api/pool';
import type { ShiftBoard } from '../../../shared/api/shifts';
import type { TeamTips } from '../../../shared/api/teams';
import { paymentEntrypoints, users } from '../../db/schema';
import { ManualClock } from '../../lib/clock';

/**
 * Shift routing: Monday 16 March 2026, 11:00 in Berlin. The fake clock moves
 * the days; every tip is paid through the demo checkout, so allocation happens as in production.
 */
const MONDAY = '2026-03-16';
const TUESDAY = '2026-03-17';
const DAY_MS = 86_400_000;

let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
let room: { id: string; uid: string };
let bar: { id: string; uid: string };
let teamPoint: { id: string; uid: string };
let maria: FactoryBusiness['employees'][number];
let jonas: FactoryBusiness['employees'][number];
let eva: FactoryBusiness['employees'][number];

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-03-16T10:00:00Z') });
  hotel = await createBusiness(t.database.db, {
    employees: [
      { fullName: 'Maria Schmidt' },
      { fullName: 'Jonas Weber' },
      { fullName: 'Eva Braun' },
    ],
    teams: [{ name: 'Service', members: [1, 2] }],
    points: ['object', 'object', 'team'],
  });
  cafe = await createBusiness(t.database.db, { employees: 1, points: ['object'] });
  [maria, jonas, eva] = hotel.employees as [typeof maria, typeof jonas, typeof eva];
  room = hotel.points[0]!;
  bar = hotel.points[1]!;
  teamPoint = hotel.points[2]!;
  // The bar is an object of the team Service: with nobody on shift there, the team gets its tips.
  await t.database.db
    .update(paymentEntrypoints)
    .set({ targetType: 'team', targetId: hotel.teams[0]!.id, label: 'Bar' })
    .where(eq(paymentEntrypoints.id, bar.id));
});
afterAll(async () => {
  await t.close();
});

const owner = () => signIn(t, hotel.owner.email);
async function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  cookie?: string,
) {
  return t.inject({
    method,
    url,
    headers: { cookie: cookie ?? (await owner()) },
    ...(payload ? { payload } : {}),
  });
}
const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.database.query<{ n: number }>(sql, params))[0]!.n);
const assignmentsOf = (businessId: string) =>
  count('SELECT count(*)::int AS n FROM shift_assignments WHERE business_id = $1', [businessId]);
const auditOf = (action: string) =>
  count('SELECT count(*)::int AS n FROM admin_audit_log WHERE action = $1', [action]);

async function payTip(code: string, amountCents: number, guestMessage?: string) {
  const started = await startedTip(t, {
    code,
    amountCents,
    ...(guestMessage ? { guestMessage } : {}),
  });
  const paid = await decideDemoCheckout(t, started.checkoutUrl, 'pay');
  expect(paid.statusCode).toBeLessThan(400);
  return started.tipId;
}

async function receivedBy(email: string, tipId: string): Promise<EmployeeTip | undefined> {
  const cookie = await signIn(t, email);
  const response = await t.inject({
    method: 'GET',
    url: '/api/employee/tips?period=month&pageSize=100',
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return (response.json().items as EmployeeTip[]).find((tip) => tip.id === tipId);
}

const guestNote = async (code: string) =>
  (await t.inject({ method: 'GET', url: `/api/guest/codes/${code}` })).json().receiverNote;

/**
 * Whom the success step and the thank-you page name after paying: the page
 * said 'geht heute an Clara', the thank-you 'an Tisch 7 übermittelt'.
 */
async function thankedName(tipId: string) {
  const status = await t.inject({ method: 'GET', url: `/api/guest/tips/${tipId}` });
  const thanks = await t.inject({ method: 'GET', url: `/api/guest/thank-you?tipId=${tipId}` });
  expect(thanks.json().recipient.displayName).toBe(status.json().recipientName);
  return status.json().recipientName as string;
}

describe('assignments', () => {
  it('shows the plan of today and the next 14 days with objects, teams and people', async () => {
    const response = await call('GET', '/api/admin/shifts');
    expect(response.statusCode).toBe(200);
    const board = response.json() as ShiftBoard;
    expect(board.today).toBe(MONDAY);
    expect(board.days).toHaveLength(15);
    expect(board.days.at(-1)).toBe('2026-03-30');
    expect(board.targets.map((target) => `${target.kind}:${target.label}`)).toEqual([
      'point:Bar',
      'point:Tisch 1',
      'team:Service',
    ]);
    expect(board.targets[0]!.teamName).toBe('Service');
    expect(board.people.map((p) => p.name)).toContain('Maria Schmidt');
    expect(board.people.map((p) => p.id)).not.toContain(cafe.employees[0]!.id);
  });

  it.each([
    ['a point of another business', () => ({ targetId: cafe.points[0]!.id }), 404, 'Ziel'],
    [
      'a person of another business',
      () => ({ profileId: cafe.employees[0]!.id }),
      400,
      'Mitarbeiter',
    ],
    ['a team point', () => ({ targetId: teamPoint.id }), 400, 'Objekte'],
    ['an impossible date', () => ({ day: '2026-02-30' }), 400, 'Datum'],
    ['yesterday', () => ({ day: '2026-03-15' }), 400, 'heute bis in 14 Tagen'],
    ['a day after the plan', () => ({ day: '2026-03-31' }), 400, 'heute bis in 14 Tagen'],
    ['only a start time', () => ({ startTime: '08:00' }), 400, 'Beginn und Ende'],
    ['a time that is none', () => ({ startTime: '25:00', endTime: '26:00' }), 400, 'Uhrzeit'],
  ])('refuses %s with a German message and writes nothing', async (_, change, status, words) => {
    const before = [await assignmentsOf(hotel.id), await auditOf('shift_assign')];
    const response = await call('POST', '/api/admin/shifts', {
      targetKind: 'point',
      targetId: room.id,
      profileId: maria.id,
      day: MONDAY,
      ...change(),
    });
    expect(response.statusCode).toBe(status);
    expect(JSON.stringify(response.json().error)).toContain(words);
    expect([await assignmentsOf(hotel.id), await auditOf('shift_assign')]).toEqual(before);
  });

  it('refuses another business’s owner naming this business', async () => {
    const response = await call(
      'POST',
      `/api/admin/shifts?businessId=${hotel.id}`,
      { targetKind: 'point', targetId: room.id, profileId: maria.id, day: MONDAY },
      await signIn(t, cafe.owner.email),
    );
    expect(response.statusCode).toBe(404);
    expect(await assignmentsOf(hotel.id)).toBe(0);
  });

  it('refuses an assignment that overlaps the same person’s assignment there', async () => {
    const first = await call('POST', '/api/admin/shifts', {
      targetKind: 'point',
      targetId: room.id,
      profileId: jonas.id,
      day: '2026-03-20',
      startTime: '18:00',
      endTime: '02:00',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      startTime: '18:00',
      endTime: '02:00',
      personName: 'Jonas Weber',
    });
    const before = await auditOf('shift_assign');
    const overlap = await call('POST', '/api/admin/shifts', {
      targetKind: 'point',
      targetId: room.id,
      profileId: jonas.id,
      day: '2026-03-21',
      startTime: '01:00',
      endTime: '03:00',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error.message).toContain('schon eingeteilt');
    expect(await auditOf('shift_assign')).toBe(before);
    const removed = await call('DELETE', `/api/admin/shifts/${first.json().id}`);
    expect(removed.statusCode).toBe(204);
    expect(await auditOf('shift_unassign')).toBe(1);
    expect(
      (
        await call(
          'DELETE',
          `/api/admin/shifts/${first.json().id}`,
          undefined,
          await signIn(t, cafe.owner.email),
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('a tip to an object goes to whoever is on shift when it is paid', () => {
  it('room assigned to Maria today and Jonas tomorrow; nobody the day after: the pool', async () => {
    for (const [person, day] of [
      [maria, MONDAY],
      [jonas, TUESDAY],
    ] as const) {
      const response = await call('POST', '/api/admin/shifts', {
        targetKind: 'point',
        targetId: room.id,
        profileId: person.id,
        day,
      });
      expect(response.statusCode).toBe(201);
    }
    expect(await auditOf('shift_assign')).toBe(3);
    // The audit row names the person and the place, not only their ids.
    const [assigned] = await t.database.query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM admin_audit_log WHERE action = 'shift_assign' AND payload ->> 'profileId' = $1`,
      [maria.id],
    );
    expect(assigned!.payload).toEqual({
      targetKind: 'point',
      targetId: room.id,
      targetName: 'Tisch 1',
      profileId: maria.id,
      personName: maria.fullName,
      day: MONDAY,
      startTime: null,
      endTime: null,
    });
    expect(await guestNote(room.uid)).toBe('Ihr Trinkgeld geht heute an Maria.');

    const monday = await payTip(room.uid, 1200, 'Danke, Maria!');
    expect(await receivedBy(maria.email, monday)).toMatchObject({
      amountCents: 1200,
      tipSource: 'direct',
      allocationReason: 'im Dienst an Tisch 1',
      guestMessage: 'Danke, Maria!',
    });
    expect(await receivedBy(jonas.email, monday)).toBeUndefined();
    expect(await thankedName(monday)).toBe('Maria');

    t.clock.advance(DAY_MS);
    expect(await guestNote(room.uid)).toBe('Ihr Trinkgeld geht heute an Jonas.');
    const tuesday = await payTip(room.uid, 800);
    expect(await receivedBy(jonas.email, tuesday)).toMatchObject({ amountCents: 800 });
    expect(await receivedBy(maria.email, tuesday)).toBeUndefined();

    t.clock.advance(DAY_MS);
    // The page says what the payment does: nobody on shift, the pool.
    expect(await guestNote(room.uid)).toBe(
      `Gerade ist hier niemand eingeteilt: Ihr Trinkgeld geht an ${hotel.name}, das es an sein Team verteilt.`,
    );
    const wednesday = await payTip(room.uid, 500, 'Schönes Zimmer');
    expect(await thankedName(wednesday)).toBe(hotel.name);
    for (const person of [maria, jonas, eva]) {
      expect(await receivedBy(person.email, wednesday)).toBeUndefined();
    }

    // The owner sees it in the pool with its message and gives it to Eva, once.
    const pool = (await call('GET', '/api/admin/pool')).json() as PoolPage;
    expect(pool.items.find((tip) => tip.id === wednesday)).toMatchObject({
      amountCents: 500,
      placeLabel: 'Tisch 1',
      guestMessage: 'Schönes Zimmer',
    });
    expect(pool.items.map((tip) => tip.id)).not.toContain(monday);
    const cafeOwner = await signIn(t, cafe.owner.email);
    expect(
      (await call('POST', `/api/admin/pool/${wednesday}/assign`, { profileId: eva.id }, cafeOwner))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', `/api/admin/pool/${wednesday}/assign`, {
          profileId: cafe.employees[0]!.id,
        })
      ).statusCode,
    ).toBe(400);
    const given = await call('POST', `/api/admin/pool/${wednesday}/assign`, { profileId: eva.id });
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ personName: 'Eva Braun', amountCents: 500 });
    const again = await call('POST', `/api/admin/pool/${wednesday}/assign`, {
      profileId: maria.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('bereits zugewiesen');
    expect(await auditOf('pool_tip_assign')).toBe(1);
    const [poolRow] = await t.database.query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM admin_audit_log WHERE action = 'pool_tip_assign' AND target_id = $1`,
      [wednesday],
    );
    expect(poolRow!.payload).toMatchObject({
      profileId: eva.id,
      personName: 'Eva Braun',
      amountCents: 500,
      currency: 'eur',
      pointLabel: 'Tisch 1',
    });
    expect(poolRow!.payload.paidAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await receivedBy(eva.email, wednesday)).toMatchObject({
      amountCents: 500,
      allocationReason: 'vom Betrieb aus dem Pool zugewiesen (Tisch 1)',
      guestMessage: 'Schönes Zimmer',
    });
    expect(
      ((await call('GET', '/api/admin/pool')).json() as PoolPage).items.map((tip) => tip.id),
    ).not.toContain(wednesday);
  });

  it('an object of a team with nobody on shift goes to the team; a team on shift splits among those on shift', async () => {
    expect(await guestNote(bar.uid)).toBe(
      'Ihr Trinkgeld wird zu gleichen Teilen unter 2 Mitarbeitenden aufgeteilt.',
    );
    const toTeam = await payTip(bar.uid, 1001);
    expect(await thankedName(toTeam)).toBe('Service');
    const shares = [await receivedBy(jonas.email, toTeam), await receivedBy(eva.email, toTeam)];
    expect(shares.map((share) => share?.allocationReason)).toEqual([
      'zu gleichen Teilen unter 2 Mitgliedern',
      'zu gleichen Teilen unter 2 Mitgliedern',
    ]);
    // The extra cent goes to one of the two (the earlier member; both joined together here).
    expect(shares.map((share) => share?.amountCents).sort()).toEqual([500, 501]);

    const today = ((await call('GET', '/api/admin/shifts')).json() as ShiftBoard).today;
    const onShift = await call('POST', '/api/admin/shifts', {
      targetKind: 'team',
      targetId: hotel.teams[0]!.id,
      profileId: eva.id,
      day: today,
      startTime: '06:00',
      endTime: '23:00',
    });
    expect(onShift.statusCode).toBe(201);
    expect(await guestNote(teamPoint.uid)).toBe('Ihr Trinkgeld geht an das heutige Serviceteam.');
    const teamTip = await payTip(teamPoint.uid, 900, 'Für das Team');
    expect(await receivedBy(eva.email, teamTip)).toMatchObject({
      amountCents: 900,
      tipSource: 'team',
      allocationReason: 'als einziges Mitglied im Dienst',
    });
    expect(await receivedBy(jonas.email, teamTip)).toBeUndefined();

    // Every member sees the team's tips and how each was split, with the guest's words.
    const view = await t.inject({
      method: 'GET',
      url: '/api/employee/team-tips?period=week',
      headers: { cookie: await signIn(t, jonas.email) },
    });
    expect(view.statusCode).toBe(200);
    const body = view.json() as TeamTips;
    expect(body.teams.map((team) => team.name)).toEqual(['Service']);
    expect(body.items.find((tip) => tip.id === teamTip)).toMatchObject({
      guestMessage: 'Für das Team',
      shares: [{ name: 'Eva Braun', amountCents: 900, mine: false }],
    });
    expect(body.items.find((tip) => tip.id === toTeam)!.shares).toHaveLength(2);
    expect(JSON.stringify(body)).not.toMatch(/pi_test|guestSession|email/i);
    const outsider = await t.inject({
      method: 'GET',
      url: '/api/employee/team-tips',
      headers: { cookie: await signIn(t, maria.email) },
    });
    expect(outsider.json()).toMatchObject({ teams: [], items: [] });
  });

  it('copies a week onto the next one, replacing the plan there', async () => {
    const today = ((await call('GET', '/api/admin/shifts')).json() as ShiftBoard).today;
    const copy = await call('POST', '/api/admin/shifts/copy-week', {
      targetKind: 'team',
      targetId: hotel.teams[0]!.id,
      fromDay: today,
    });
    expect(copy.statusCode).toBe(200);
    expect(copy.json()).toEqual({ copied: 1, removed: 0 });
    const board = (await call('GET', '/api/admin/shifts')).json() as ShiftBoard;
    const copied = board.assignments.filter((a) => a.targetKind === 'team');
    expect(copied.map((a) => [a.day, a.startTime, a.endTime])).toEqual([
      [today, '06:00', '23:00'],
      [board.days[7], '06:00', '23:00'],
    ]);
    expect(
      (
        await call('POST', '/api/admin/shifts/copy-week', {
          targetKind: 'team',
          targetId: hotel.teams[0]!.id,
          fromDay: board.days[8],
        })
      ).statusCode,
    ).toBe(400);
    expect(await auditOf('shift_copy_week')).toBe(1);
  });
});

describe('a deactivated person’s tip page', () => {
  it('tells the guest and offers the team’s and the business’s tip page instead', async () => {
    const shop = await createBusiness(t.database.db, {
      employees: 2,
      teams: [{ name: 'Küche', members: [0, 1] }],
      points: ['person', 'team', 'business'],
    });
    await t.database.db
      .update(users)
      .set({ disabledAt: t.clock.now() })
      .where(eq(users.id, shop.employees[0]!.id));
    const response = await t.inject({
      method: 'GET',
      url: `/api/guest/codes/${shop.points[0]!.uid}`,
    });
    expect(response.statusCode).toBe(410);
    expect(response.json().error).toMatchObject({
      code: 'recipient_deactivated',
      message: expect.stringContaining('kein Trinkgeld mehr'),
      alternatives: [
        { path: `/t/${shop.points[1]!.uid}`, kind: 'team', name: 'Küche' },
        // Named as the page it opens is titled.
        { path: `/t/${shop.points[2]!.uid}`, kind: 'business', name: shop.points[2]!.label },
      ],
    });
  });
});
