import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { decideDemoCheckout, startedTip } from '../../../../test/support/guest';
import type { EmployeeTip } from '../../../shared/api/employee';
import type { Team } from '../../../shared/api/teams';

let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
let owner: string;
let cafeOwner: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, {
    employees: 4,
    teams: [{ name: 'Restaurant', members: [0, 1, 2] }],
    points: ['team'],
  });
  cafe = await createBusiness(t.database.db, { employees: 1 });
  owner = await signIn(t, hotel.owner.email);
  cafeOwner = await signIn(t, cafe.owner.email);
  admin = await signIn(t, (await createPlatformAdmin(t.database.db)).email);
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  cookie = owner,
  payload?: object,
) => t.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
/** The payloads of one action about one target. */
const auditPayloads = async (action: string, targetId: string) =>
  (
    await t.database.query<{ payload: Record<string, unknown> }>(
      'SELECT payload FROM admin_audit_log WHERE action = $1 AND target_id = $2',
      [action, targetId],
    )
  ).map((row) => row.payload);
const auditCount = async (action: string, targetId: string) =>
  Number(
    (
      await t.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM admin_audit_log WHERE action = $1 AND target_id = $2',
        [action, targetId],
      )
    )[0]!.n,
  );

async function payTeamTip(amountCents: number, guestMessage?: string) {
  const started = await startedTip(t, {
    code: hotel.points[0]!.uid,
    amountCents,
    ...(guestMessage ? { guestMessage } : {}),
  });
  await decideDemoCheckout(t, started.checkoutUrl, 'pay');
  return started.tipId;
}

async function shareOf(email: string, tipId: string): Promise<EmployeeTip | undefined> {
  const cookie = await signIn(t, email);
  const from = new Date(t.clock.now().getTime() - 86_400_000).toISOString();
  const today = await t.inject({
    method: 'GET',
    url: `/api/employee/today?from=${encodeURIComponent(from)}`,
    headers: { cookie },
  });
  expect(today.statusCode).toBe(200);
  const body = today.json() as { paid: EmployeeTip[]; pending: EmployeeTip[] };
  return [...body.paid, ...body.pending].find((tip) => tip.id === tipId);
}

describe('teams', () => {
  it('lists only the own business’s teams, with members and points', async () => {
    const response = await call('GET', '/api/admin/teams');
    expect(response.statusCode).toBe(200);
    const [team] = response.json().items as Team[];
    expect(team).toMatchObject({ name: 'Restaurant', splitRule: 'equal', pointCount: 1 });
    expect(team!.members.map((m) => m.profileId).sort()).toEqual(
      hotel.teams[0]!.memberIds.slice().sort(),
    );
    expect((await call('GET', '/api/admin/teams', cafeOwner)).json().items).toEqual([]);
    expect(
      (await call('GET', `/api/admin/teams?businessId=${hotel.id}`, cafeOwner)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/admin/teams?businessId=${hotel.id}`, admin)).json().items,
    ).toHaveLength(1);
  });

  it('creates, renames and deletes a team, each audit-logged', async () => {
    const created = await call('POST', '/api/admin/teams', owner, {
      name: ' Bar ',
      splitRule: 'weighted',
    });
    expect(created.statusCode).toBe(201);
    const team = created.json() as Team;
    expect(team).toMatchObject({ name: 'Bar', splitRule: 'weighted', members: [] });
    expect(await auditCount('team_create', team.id)).toBe(1);
    const renamed = await call('PATCH', `/api/admin/teams/${team.id}`, owner, { name: 'Hotelbar' });
    expect(renamed.json().name).toBe('Hotelbar');
    expect(await auditPayloads('team_update', team.id)).toEqual([
      { teamName: 'Hotelbar', fields: ['name'], name: { from: 'Bar', to: 'Hotelbar' } },
    ]);
    expect(
      (await call('PATCH', `/api/admin/teams/${team.id}`, cafeOwner, { name: 'X' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/admin/teams/${team.id}`, cafeOwner)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/teams/${team.id}`)).statusCode).toBe(204);
    expect(await auditCount('team_delete', team.id)).toBe(1);
    expect(
      (await call('GET', '/api/admin/teams')).json().items.map((t: Team) => t.id),
    ).not.toContain(team.id);
  });

  it('refuses to delete a team that active payment points still tip', async () => {
    const response = await call('DELETE', `/api/admin/teams/${hotel.teams[0]!.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('Bezahlpunkte');
  });

  it.each([
    [{ members: [{ profileId: 'x', weight: 1 }] }, 'Mitglied'],
    [{ members: [{ profileId: '00000000-0000-4000-8000-000000000000', weight: -1 }] }, 'Gewicht'],
    [{ members: [{ profileId: '00000000-0000-4000-8000-000000000000', weight: 1.5 }] }, 'Gewicht'],
  ])('refuses bad members %o with a German message naming the field', async (payload, field) => {
    const response = await call(
      'PUT',
      `/api/admin/teams/${hotel.teams[0]!.id}/members`,
      owner,
      payload,
    );
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().error)).toContain(field);
  });

  it('refuses a member of another business and writes nothing', async () => {
    const response = await call('PUT', `/api/admin/teams/${hotel.teams[0]!.id}/members`, owner, {
      members: [{ profileId: hotel.employees[0]!.id }, { profileId: cafe.employees[0]!.id }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'Mitglied: Diese Person gehört nicht zu diesem Betrieb.',
    );
    const team = (await call('GET', '/api/admin/teams')).json().items[0] as Team;
    expect(team.members).toHaveLength(3);
  });
});

describe('saving a whole team in one call', () => {
  const make = async (name: string) =>
    (await call('POST', '/api/admin/teams', owner, { name, splitRule: 'equal' })).json() as Team;
  const current = async (id: string) =>
    ((await call('GET', '/api/admin/teams')).json().items as Team[]).find((team) => team.id === id);

  it('refuses 0 points in a weighted team with a German field message and leaves the team unchanged', async () => {
    const team = await make('Küche');
    const response = await call('PUT', `/api/admin/teams/${team.id}`, owner, {
      name: 'Küche neu',
      splitRule: 'weighted',
      members: [
        { profileId: hotel.employees[0]!.id, weight: 2 },
        { profileId: hotel.employees[1]!.id, weight: 0 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().error)).toContain('Punkte');
    expect(await current(team.id)).toMatchObject({
      name: 'Küche',
      splitRule: 'equal',
      members: [],
    });
    expect(await auditCount('team_update', team.id)).toBe(0);
  });

  it('a refused member list leaves name, split and members unchanged (no half-saved team)', async () => {
    const team = await make('Empfang');
    const response = await call('PUT', `/api/admin/teams/${team.id}`, owner, {
      name: 'Rezeption',
      splitRule: 'weighted',
      members: [
        { profileId: hotel.employees[0]!.id, weight: 2 },
        { profileId: cafe.employees[0]!.id, weight: 1 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'Mitglied: Diese Person gehört nicht zu diesem Betrieb.',
    );
    expect(await current(team.id)).toMatchObject({
      name: 'Empfang',
      splitRule: 'equal',
      members: [],
    });
    expect(await auditCount('team_update', team.id)).toBe(0);
  });

  it('saves name, split and members together; another business gets 404', async () => {
    const team = await make('Spa');
    const body = {
      name: 'Wellness',
      splitRule: 'weighted',
      members: [
        { profileId: hotel.employees[0]!.id, weight: 3 },
        { profileId: hotel.employees[1]!.id, weight: 1 },
      ],
    };
    expect((await call('PUT', `/api/admin/teams/${team.id}`, cafeOwner, body)).statusCode).toBe(
      404,
    );
    const response = await call('PUT', `/api/admin/teams/${team.id}`, owner, body);
    expect(response.statusCode).toBe(200);
    const saved = response.json() as Team;
    expect(saved).toMatchObject({ name: 'Wellness', splitRule: 'weighted' });
    expect(await auditCount('team_update', team.id)).toBe(2);
    expect(saved.members.map((m) => [m.profileId, m.weight]).sort()).toEqual(
      [
        [hotel.employees[0]!.id, 3],
        [hotel.employees[1]!.id, 1],
      ].sort(),
    );
  });
});

describe('the guest knows who receives', () => {
  it('the tip page of a team says how it is split; a table with nobody on shift says the business shares it out', async () => {
    const team = await t.inject({ method: 'GET', url: `/api/guest/codes/${hotel.points[0]!.uid}` });
    expect(team.json().receiverNote).toBe(
      'Ihr Trinkgeld wird zu gleichen Teilen unter 3 Mitarbeitenden aufgeteilt.',
    );
    const shop = await createBusiness(t.database.db, { points: ['object'] });
    const table = await t.inject({ method: 'GET', url: `/api/guest/codes/${shop.points[0]!.uid}` });
    expect(table.json().receiverNote).toBe(
      `Gerade ist hier niemand eingeteilt: Ihr Trinkgeld geht an ${shop.name}, das es an sein Team verteilt.`,
    );
  });
});

describe('team tips split to the cent', () => {
  it('10,00 € to three members shows 3,34 / 3,33 / 3,33 € with the reason and the message in every dashboard', async () => {
    const tipId = await payTeamTip(1000, 'Danke ans ganze Team!');
    const shares = await Promise.all(
      hotel.employees.slice(0, 3).map((employee) => shareOf(employee.email, tipId)),
    );
    expect(shares.map((share) => share!.amountCents).sort()).toEqual([333, 333, 334]);
    for (const share of shares) {
      expect(share).toMatchObject({
        tipSource: 'team',
        teamName: 'Restaurant',
        tipAmountCents: 1000,
        allocationReason: 'zu gleichen Teilen unter 3 Mitgliedern',
        guestMessage: 'Danke ans ganze Team!',
      });
    }
    expect(await shareOf(hotel.employees[3]!.email, tipId)).toBeUndefined();
  });

  it('a membership change with points changes only future tips', async () => {
    const before = await payTeamTip(1000);
    const [first, second, , fourth] = hotel.employees;
    await call('PATCH', `/api/admin/teams/${hotel.teams[0]!.id}`, owner, { splitRule: 'weighted' });
    const response = await call('PUT', `/api/admin/teams/${hotel.teams[0]!.id}/members`, owner, {
      members: [
        { profileId: first!.id, weight: 2 },
        { profileId: fourth!.id, weight: 3 },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as Team).members).toHaveLength(2);
    // The audit rows name the team, the people and what changed.
    const updates = await auditPayloads('team_update', hotel.teams[0]!.id);
    const members = updates.find((payload) => 'members' in payload);
    const rule = updates.find((payload) => 'splitRule' in payload);
    expect(members).toEqual({
      teamName: hotel.teams[0]!.name,
      members: [
        { profileId: first!.id, personName: first!.fullName, weight: 2 },
        { profileId: fourth!.id, personName: fourth!.fullName, weight: 3 },
      ],
    });
    expect(rule).toMatchObject({ splitRule: { from: 'equal', to: 'weighted' } });
    const after = await payTeamTip(1000);

    expect([333, 334]).toContain((await shareOf(second!.email, before))?.amountCents);
    expect(await shareOf(second!.email, after)).toBeUndefined();
    expect(await shareOf(fourth!.email, before)).toBeUndefined();
    expect(await shareOf(first!.email, after)).toMatchObject({
      amountCents: 400,
      allocationReason: '2 von 5 Punkten',
    });
    expect(await shareOf(fourth!.email, after)).toMatchObject({
      amountCents: 600,
      allocationReason: '3 von 5 Punkten',
    });
  });
});
