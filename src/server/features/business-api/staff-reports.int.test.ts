import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createTip,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { requestAs } from '../../../../test/support/plans';
import type { ApiKeyCreated, ApiKeyScope } from '../../../shared/api/api-keys';
import type { ApiRecipientReport, ApiStaffMember } from '../../../shared/api/business-api';
import type { Report } from '../../../shared/api/reports';
import { tipAllocations, users } from '../../db/schema';
import { API_KEY_RATE } from '../api-keys/guard';

/**
 * The business API's people (GET /api/v1/staff, staff:read) and a period's totals per recipient
 * (GET /api/v1/reports/recipients, reports:read): the same people and numbers the console shows.
 */
let t: TestApp;
let hotel: FactoryBusiness;
let other: FactoryBusiness;
let hotelKey: string;
let otherKey: string;

async function keyFor(business: FactoryBusiness, scopes: ApiKeyScope[]) {
  const response = await requestAs(t, business.owner.email, 'POST', '/api/admin/api-keys', {
    name: 'Lohnbüro',
    scopes,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ApiKeyCreated>().secret;
}

const get = (key: string, url: string) => {
  // A new window for the key's rate limit: these tests are not about limits.
  t.clock.advance(API_KEY_RATE.windowMs);
  return t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
};

async function walk(key: string, limit: number): Promise<ApiStaffMember[]> {
  const people: ApiStaffMember[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < 30; pages += 1) {
    const response = await get(
      key,
      `/api/v1/staff?limit=${limit}${after ? `&starting_after=${after}` : ''}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ has_more: boolean; data: ApiStaffMember[]; url: string }>();
    expect(page.url).toBe('/api/v1/staff');
    people.push(...page.data);
    if (!page.has_more) return people;
    after = page.data.at(-1)!.id;
  }
  throw new Error('more than 30 pages');
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  hotel = await createBusiness(db, {
    employees: [{ fullName: 'Jürgen Größe' }, { fullName: 'Zoë Weiß' }, { fullName: 'Ali Kaya' }],
    teams: [{ name: 'Küche', members: [0, 1] }],
    points: ['person', 'object'],
  });
  other = await createBusiness(db, { employees: 1 });
  // Ali has left: deactivated, still listed for the payroll's last month.
  await db
    .update(users)
    .set({ disabledAt: t.clock.now() })
    .where(eq(users.id, hotel.employees[2]!.id));
  hotelKey = await keyFor(hotel, ['staff:read', 'reports:read']);
  otherKey = await keyFor(other, ['staff:read']);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/v1/staff', () => {
  it('pages through every person of the key’s business once, the same at every page size', async () => {
    const expected = [hotel.owner.id, ...hotel.employees.map((person) => person.id)].sort();
    const whole = await walk(hotelKey, 100);
    expect(whole.map((person) => person.id).sort()).toEqual(expected);
    for (const limit of [1, 2, 3]) {
      expect((await walk(hotelKey, limit)).map((person) => person.id)).toEqual(
        whole.map((person) => person.id),
      );
    }
  });

  it('shows role, state, teams and the payout account, and no one of another business', async () => {
    const people = await walk(hotelKey, 100);
    const juergen = people.find((person) => person.id === hotel.employees[0]!.id);
    expect(juergen).toMatchObject({
      object: 'staff_member',
      name: 'Jürgen Größe',
      email: hotel.employees[0]!.email,
      role: 'employee',
      deactivated_at: null,
      teams: [{ id: hotel.teams[0]!.id, name: 'Küche' }],
    });
    expect(typeof juergen!.payouts_enabled).toBe('boolean');
    const ali = people.find((person) => person.id === hotel.employees[2]!.id);
    expect(ali).toMatchObject({ status: 'deactivated', teams: [] });
    expect(ali!.deactivated_at).not.toBeNull();
    expect(people.find((person) => person.id === hotel.owner.id)?.role).toBe('business_owner');

    const theirs = await walk(otherKey, 100);
    expect(theirs.map((person) => person.id).sort()).toEqual(
      [other.owner.id, other.employees[0]!.id].sort(),
    );
    // A person of the hotel is no cursor of the other business's list.
    const cursor = await get(otherKey, `/api/v1/staff?starting_after=${hotel.employees[0]!.id}`);
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json()).toMatchObject({ error: { code: 'cursor_unknown' } });
  });

  it('needs the staff:read scope', async () => {
    const tipsOnly = await keyFor(hotel, ['tips:read']);
    const refused = await get(tipsOnly, '/api/v1/staff');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'api_key_scope_missing' } });
  });
});

describe('GET /api/v1/reports/recipients', () => {
  // Berlin days: 23:30 UTC on 31 March is 1 April in Berlin (summer time), outside March.
  const inMarch = new Date('2026-03-10T11:00:00Z');
  const lateMarchUtc = new Date('2026-03-31T21:30:00Z');
  const aprilInBerlin = new Date('2026-03-31T22:30:00Z');

  beforeAll(async () => {
    const db = t.database.db;
    const [juergen, zoe] = hotel.employees;
    await createTip(db, {
      businessId: hotel.id,
      employeeId: juergen!.id,
      entrypoint: hotel.points[0]!,
      amountCents: 1000,
      platformFeeCovered: true,
      createdAt: inMarch,
    });
    await createTip(db, {
      businessId: hotel.id,
      employeeId: zoe!.id,
      amountCents: 250,
      createdAt: lateMarchUtc,
    });
    await createTip(db, {
      businessId: hotel.id,
      employeeId: zoe!.id,
      amountCents: 999,
      createdAt: aprilInBerlin,
    });
    const team = await createTip(db, {
      businessId: hotel.id,
      teamId: hotel.teams[0]!.id,
      amountCents: 301,
      createdAt: inMarch,
    });
    await db.insert(tipAllocations).values([
      { tipId: team.id, profileId: juergen!.id, amountCents: 151, reason: 'gleich' },
      { tipId: team.id, profileId: zoe!.id, amountCents: 150, reason: 'gleich' },
    ]);
    // The owner's pool: a table tip that reached nobody.
    await createTip(db, {
      businessId: hotel.id,
      entrypoint: hotel.points[1]!,
      amountCents: 500,
      createdAt: inMarch,
    });
    await createTip(db, {
      businessId: other.id,
      employeeId: other.employees[0]!.id,
      amountCents: 7000,
      createdAt: inMarch,
    });
  });

  it('equals the console’s report to the cent, per person, team and pool, on Berlin days', async () => {
    const response = await get(
      hotelKey,
      '/api/v1/reports/recipients?from=2026-03-01&to=2026-03-31',
    );
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<ApiRecipientReport>();
    const cookie = await signIn(t, hotel.owner.email);
    const console = (
      await t.inject({
        method: 'GET',
        url: '/api/admin/reports?from=2026-03-01&to=2026-03-31',
        headers: { cookie },
      })
    ).json<Report>();
    expect(report).toEqual({
      object: 'recipient_report',
      from: '2026-03-01',
      to: '2026-03-31',
      time_zone: 'Europe/Berlin',
      currency: console.currency,
      total: {
        amount: console.totals.amountCents,
        count: console.totals.count,
        platform_fees: console.totals.contributionsCents,
        amount_refunded: console.totals.refundedCents,
      },
      people: console.byEmployee.map((item) => ({
        id: item.id,
        name: item.name,
        amount: item.amountCents,
        count: item.count,
      })),
      teams: console.byTeam.map((item) => ({
        id: item.id,
        name: item.name,
        amount: item.amountCents,
        count: item.count,
      })),
      pool: { amount: console.pool.amountCents, count: console.pool.count },
    });
    // And the numbers themselves: the April tip (Berlin) is out; people and pool make the total.
    expect(report.total.amount).toBe(1000 + 250 + 301 + 500);
    expect(report.people).toEqual([
      { id: hotel.employees[0]!.id, name: 'Jürgen Größe', amount: 1151, count: 2 },
      { id: hotel.employees[1]!.id, name: 'Zoë Weiß', amount: 400, count: 2 },
    ]);
    expect(report.pool).toEqual({ amount: 500, count: 1 });
    const people = report.people.reduce((sum, person) => sum + person.amount, 0);
    expect(people + report.pool.amount).toBe(report.total.amount);
  });

  it('refuses a reversed range in German and needs reports:read', async () => {
    const reversed = await get(
      hotelKey,
      '/api/v1/reports/recipients?from=2026-03-31&to=2026-03-01',
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.message).toMatch(/[äöüß]|Zeitraum|Datum|vor/);
    const missing = await get(hotelKey, '/api/v1/reports/recipients');
    expect(missing.statusCode).toBe(400);
    const refused = await get(otherKey, '/api/v1/reports/recipients?from=2026-03-01&to=2026-03-31');
    expect(refused.statusCode).toBe(403);
  });
});
