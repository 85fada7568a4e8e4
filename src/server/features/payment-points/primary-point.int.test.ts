import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import type { QrCard } from '../../../shared/api/employee';
import type { PaymentPoint, PaymentPointList } from '../../../shared/api/payment-points';

/** Decision 0355: one primary personal payment point per employee. */
let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({ config: { publicOrigin: 'https://tips.example' } });
  hotel = await createBusiness(t.database.db, { employees: 1, points: ['person'] });
  cafe = await createBusiness(t.database.db, { employees: 1, points: ['person'] });
  // Points made through the API carry the clock's time: after the factory's points. Set before
  // signing in: the clock starts at the suite's seeding time, so a jump after signing in outlives
  // the session's idle limit once the suite has run for half an hour.
  t.clock.set(Date.now() + 60_000);
  owner = await signIn(t, hotel.owner.email);
});
afterAll(async () => {
  await t.close();
});

const ownCard = async (email: string): Promise<QrCard> =>
  (
    await t.inject({
      method: 'GET',
      url: '/api/employee/qr',
      headers: { cookie: await signIn(t, email) },
    })
  ).json();
const overviewCard = async (employeeId: string, cookie = owner): Promise<QrCard> =>
  (
    await t.inject({
      method: 'GET',
      url: `/api/admin/staff/${employeeId}/qr`,
      headers: { cookie },
    })
  ).json();
const listPoints = async (cookie = owner): Promise<PaymentPoint[]> =>
  (
    (
      await t.inject({ method: 'GET', url: '/api/admin/entrypoints', headers: { cookie } })
    ).json() as PaymentPointList
  ).items;
const makePrimary = (id: string, cookie = owner) =>
  t.inject({ method: 'POST', url: `/api/admin/entrypoints/${id}/primary`, headers: { cookie } });
async function auditRows(businessId: string) {
  return t.database.query<{ action: string; target_id: string }>(
    "SELECT action, target_id FROM admin_audit_log WHERE action = 'entrypoint_primary' AND business_id = $1",
    [businessId],
  );
}

describe('primary personal payment point', () => {
  let terrace: PaymentPoint;

  it("keeps the employee's first point on 'Mein QR-Code' when a second one is created", async () => {
    const anna = hotel.employees[0]!;
    const first = hotel.points[0]!;
    const created = await t.inject({
      method: 'POST',
      url: '/api/admin/entrypoints',
      headers: { cookie: owner },
      payload: {
        type: 'person',
        name: 'Anna Terrasse',
        targetType: 'user',
        targetId: anna.id,
      },
    });
    expect(created.statusCode).toBe(201);
    terrace = created.json();
    expect(terrace.primary).toBe(false);

    const card = await ownCard(anna.email);
    expect(card).toMatchObject({ source: 'entrypoint', uid: first.uid });
    if (card.source !== 'entrypoint') return;
    expect(card.others).toEqual([
      { uid: terrace.uid, label: 'Anna Terrasse', link: `https://tips.example/t/${terrace.uid}` },
    ]);
    expect(await overviewCard(anna.id)).toEqual(card);

    const listed = await listPoints();
    expect(listed.find((p) => p.uid === first.uid)?.primary).toBe(true);
    expect(listed.find((p) => p.uid === terrace.uid)?.primary).toBe(false);
  });

  it('lets the owner mark another point as primary, audited, and lists the first under it', async () => {
    const anna = hotel.employees[0]!;
    const first = hotel.points[0]!;
    const response = await makePrimary(terrace.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ uid: terrace.uid, primary: true });

    const card = await ownCard(anna.email);
    expect(card).toMatchObject({ source: 'entrypoint', uid: terrace.uid });
    if (card.source !== 'entrypoint') return;
    expect(card.others.map((other) => other.uid)).toEqual([first.uid]);
    expect(await overviewCard(anna.id)).toEqual(card);
    expect(await auditRows(hotel.id)).toEqual([
      { action: 'entrypoint_primary', target_id: terrace.id },
    ]);

    // Marking the first again moves the mark: only one point per person carries it.
    expect((await makePrimary(first.id)).statusCode).toBe(200);
    expect(await ownCard(anna.email)).toMatchObject({ uid: first.uid });
    const [row] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payment_entrypoints WHERE target_id = $1 AND is_primary',
      [anna.id],
    );
    expect(row!.n).toBe(1);
  });

  it('falls back to the next point when the primary one is deactivated', async () => {
    const anna = hotel.employees[0]!;
    const first = hotel.points[0]!;
    await t.inject({
      method: 'POST',
      url: `/api/admin/entrypoints/${first.id}/deactivate`,
      headers: { cookie: owner },
    });
    expect(await ownCard(anna.email)).toMatchObject({ uid: terrace.uid, others: [] });
    const refused = await makePrimary(first.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('Haupt-QR-Code');
  });

  it("refuses another business's point and leaves it unchanged", async () => {
    const foreign = cafe.points[0]!;
    const response = await makePrimary(foreign.id);
    expect(response.statusCode).toBe(404);
    expect(await auditRows(cafe.id)).toEqual([]);
    const cafeOwner = await signIn(t, cafe.owner.email);
    expect((await listPoints(cafeOwner)).find((p) => p.id === foreign.id)?.primary).toBe(true);
    const [row] = await t.database.query<{ is_primary: boolean }>(
      'SELECT is_primary FROM payment_entrypoints WHERE id = $1',
      [foreign.id],
    );
    expect(row!.is_primary).toBe(false);
    // An employee may not mark points at all.
    const employee = await signIn(t, hotel.employees[0]!.email);
    expect((await makePrimary(terrace.id, employee)).statusCode).toBe(403);
  });

  it('refuses a team or business point', async () => {
    const table = await t.inject({
      method: 'POST',
      url: '/api/admin/entrypoints',
      headers: { cookie: owner },
      payload: { type: 'object', name: 'Tisch 9', targetType: 'tenant', targetId: hotel.id },
    });
    expect(table.statusCode).toBe(201);
    expect((await makePrimary(table.json().id)).statusCode).toBe(400);
  });
});
