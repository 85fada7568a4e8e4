import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import type { ShiftBoard } from '../../../shared/api/shifts';
import { ManualClock } from '../../lib/clock';

/**
 * Overnight shifts and 'Woche kopieren': Monday 16 March 2026, 11:00 in
 * Berlin (UTC+1). A shift 18:00–10:00 ends on the next day.
 */
const MONDAY = '2026-03-16';
const SUNDAY = '2026-03-22';

let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-03-16T10:00:00Z') });
  hotel = await createBusiness(t.database.db, {
    employees: [
      { fullName: 'Maria Schmidt' },
      { fullName: 'Jonas Weber' },
      { fullName: 'Eva Braun' },
    ],
    points: ['object', 'object', 'object'],
  });
  cafe = await createBusiness(t.database.db, { employees: 1, points: ['object'] });
});
afterAll(async () => {
  await t.close();
});

async function call(method: 'GET' | 'POST', url: string, payload?: object, cookie?: string) {
  return t.inject({
    method,
    url,
    headers: { cookie: cookie ?? (await signIn(t, hotel.owner.email)) },
    ...(payload ? { payload } : {}),
  });
}
const assign = async (point: number, person: number, day: string, start: string, end: string) => {
  const response = await call('POST', '/api/admin/shifts', {
    targetKind: 'point',
    targetId: hotel.points[point]!.id,
    profileId: hotel.employees[person]!.id,
    day,
    startTime: start,
    endTime: end,
  });
  expect(response.statusCode).toBe(201);
};
const copyWeek = (point: number, cookie?: string) =>
  call(
    'POST',
    '/api/admin/shifts/copy-week',
    { targetKind: 'point', targetId: hotel.points[point]!.id, fromDay: MONDAY },
    cookie,
  );
const rowsOf = (point: number) =>
  t.database.query<{ day: string; starts_at: Date; ends_at: Date }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, starts_at, ends_at FROM shift_assignments
      WHERE entrypoint_id = $1 ORDER BY starts_at`,
    [hotel.points[point]!.id],
  );
const iso = (value: Date | string) => new Date(value).toISOString();

describe('copying a week with overnight shifts', () => {
  it('copies 18:00–10:00 so that the copy ends at 10:00 on the day after the copied start', async () => {
    await assign(0, 0, MONDAY, '18:00', '10:00');
    expect((await copyWeek(0, await signIn(t, cafe.owner.email))).statusCode).toBe(404);
    const response = await copyWeek(0);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ copied: 1, removed: 0 });
    const rows = await rowsOf(0);
    expect(rows.map((row) => [row.day, iso(row.starts_at), iso(row.ends_at)])).toEqual([
      [MONDAY, '2026-03-16T17:00:00.000Z', '2026-03-17T09:00:00.000Z'],
      ['2026-03-23', '2026-03-23T17:00:00.000Z', '2026-03-24T09:00:00.000Z'],
    ]);
    const board = (await call('GET', '/api/admin/shifts')).json() as ShiftBoard;
    expect(
      board.assignments
        .filter((a) => a.targetId === hotel.points[0]!.id)
        .map((a) => [a.day, a.startTime, a.endTime]),
    ).toEqual([
      [MONDAY, '18:00', '10:00'],
      ['2026-03-23', '18:00', '10:00'],
    ]);
  });

  it('refuses a copy whose Monday would overlap last Sunday’s night shift, and writes nothing', async () => {
    await assign(1, 1, MONDAY, '08:00', '12:00');
    await assign(1, 1, SUNDAY, '18:00', '10:00');
    const before = await rowsOf(1);
    const response = await copyWeek(1);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/^Woche kopieren: .*Folgetag/);
    expect(await rowsOf(1)).toEqual(before);
  });

  it('refuses a copy whose Sunday night shift would run into a planned shift the Monday after', async () => {
    await assign(2, 2, SUNDAY, '18:00', '10:00');
    await assign(2, 2, '2026-03-30', '08:00', '12:00');
    const before = await rowsOf(2);
    const response = await copyWeek(2);
    expect(response.statusCode).toBe(409);
    expect(await rowsOf(2)).toEqual(before);
  });
});
