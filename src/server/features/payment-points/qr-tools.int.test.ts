import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import type { QrCard } from '../../../shared/api/employee';
import type { QrGeneratorResult } from '../../../shared/api/qr-admin';

let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({ config: { publicOrigin: 'https://tips.example' } });
  hotel = await createBusiness(t.database.db, { employees: 3, points: ['person'] });
  cafe = await createBusiness(t.database.db, { employees: 1, points: ['person'] });
  owner = await signIn(t, hotel.owner.email);
});
afterAll(async () => {
  await t.close();
});

async function auditCount(action: string, businessId: string) {
  const [row] = await t.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM admin_audit_log WHERE action = $1 AND business_id = $2',
    [action, businessId],
  );
  return row!.n;
}
async function pointCount(businessId: string) {
  const [row] = await t.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM payment_entrypoints WHERE business_id = $1',
    [businessId],
  );
  return row!.n;
}
const card = (employeeId: string, cookie = owner, query = '') =>
  t.inject({
    method: 'GET',
    url: `/api/admin/staff/${employeeId}/qr${query}`,
    headers: { cookie },
  });
const create = (employeeId: string, cookie = owner, query = '') =>
  t.inject({
    method: 'POST',
    url: `/api/admin/staff/${employeeId}/qr${query}`,
    headers: { cookie },
  });
const generate = (payload: object, cookie = owner, query = '') =>
  t.inject({ method: 'POST', url: `/api/admin/qr-codes${query}`, headers: { cookie }, payload });

describe('QR overview per employee', () => {
  it("shows an employee's active payment point, like the employee's own QR card", async () => {
    const [anna] = hotel.employees;
    const point = hotel.points[0]!;
    const response = await card(anna!.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      source: 'entrypoint',
      uid: point.uid,
      label: point.label,
      link: `https://tips.example/t/${point.uid}`,
      appleWalletUrl: null,
      others: [],
    });
    const own = await t.inject({
      method: 'GET',
      url: '/api/employee/qr',
      headers: { cookie: await signIn(t, anna!.email) },
    });
    expect(own.json()).toEqual(response.json());
  });

  it('falls back to an active legacy code, then to none', async () => {
    const ben = hotel.employees[1]!;
    expect((await card(ben.id)).json()).toMatchObject({ source: 'none' });
    await t.database.query(
      'INSERT INTO qr_codes (code, employee_id, business_id, is_active) VALUES ($1, $2, $3, true)',
      [`qr-legacy-${ben.id.slice(0, 8)}`, ben.id, hotel.id],
    );
    expect((await card(ben.id)).json()).toMatchObject({
      source: 'legacy',
      uid: `qr-legacy-${ben.id.slice(0, 8)}`,
    });
  });

  it('creates the code with the shared service and a qr_code_create audit row', async () => {
    const clara = hotel.employees[2]!;
    const auditBefore = await auditCount('qr_code_create', hotel.id);
    const response = await create(clara.id);
    expect(response.statusCode).toBe(201);
    const created: QrCard = response.json();
    expect(created.source).toBe('entrypoint');
    if (created.source !== 'entrypoint') return;
    expect(created.uid).toMatch(/^mitarbeiter-3-[0-9a-f]{8}-[a-z2-9]{10}$/);
    expect((await card(clara.id)).json()).toEqual(created);
    expect(await auditCount('qr_code_create', hotel.id)).toBe(auditBefore + 1);
    const [row] = await t.database.query<{ created_by: string; target_type: string }>(
      'SELECT created_by, target_type FROM payment_entrypoints WHERE uid = $1',
      [created.uid],
    );
    expect(row).toEqual({ created_by: hotel.owner.id, target_type: 'user' });

    // A second one is refused while the first is active, and nothing more is written.
    const again = await create(clara.id);
    expect(again.statusCode).toBe(409);
    expect(await auditCount('qr_code_create', hotel.id)).toBe(auditBefore + 1);
  });

  it("answers 404 for a person of another business, and for another business's id", async () => {
    const foreign = cafe.employees[0]!;
    const pointsBefore = await pointCount(cafe.id);
    for (const response of [await card(foreign.id), await create(foreign.id)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toContain('Mitarbeiter');
      expect(response.body).not.toContain(cafe.points[0]!.uid);
    }
    const scoped = await card(hotel.employees[0]!.id, owner, `?businessId=${cafe.id}`);
    expect(scoped.statusCode).toBe(404);
    expect(await pointCount(cafe.id)).toBe(pointsBefore);
    expect(await auditCount('qr_code_create', cafe.id)).toBe(0);
  });

  it('lets the platform admin work in a named business; refuses employees and anonymous', async () => {
    const admin = await signIn(t, (await createPlatformAdmin(t.database.db)).email);
    const foreign = cafe.employees[0]!;
    expect((await card(foreign.id, admin, `?businessId=${cafe.id}`)).statusCode).toBe(200);
    expect((await card(foreign.id, admin, `?businessId=${hotel.id}`)).statusCode).toBe(404);
    const employee = await signIn(t, hotel.employees[0]!.email);
    expect((await card(hotel.employees[1]!.id, employee)).statusCode).toBe(403);
    const anonymous = await t.inject({ method: 'GET', url: `/api/admin/staff/${foreign.id}/qr` });
    expect(anonymous.statusCode).toBe(401);
    expect((await card('not-a-uuid')).statusCode).toBe(400);
  });
});

describe('QR generator', () => {
  it('makes one business-pool point per designation and finds it again on the next preview', async () => {
    const before = await pointCount(hotel.id);
    const first = await generate({ type: 'object', designation: '  Tisch 7 / Terrasse ' });
    expect(first.statusCode).toBe(200);
    const result: QrGeneratorResult = first.json();
    expect(result).toMatchObject({
      type: 'object',
      designation: 'Tisch 7 / Terrasse',
      created: true,
    });
    expect(result.uid).toMatch(/^tisch-7-terrasse-[a-z2-9]{10}$/);
    expect(result.link).toBe(`https://tips.example/t/${encodeURIComponent(result.uid)}`);
    expect(await pointCount(hotel.id)).toBe(before + 1);
    expect(await auditCount('entrypoint_create', hotel.id)).toBe(1);

    const again = (await generate({ type: 'generic', designation: 'tisch 7 / terrasse' })).json();
    expect(again).toMatchObject({ uid: result.uid, created: false });
    expect(await pointCount(hotel.id)).toBe(before + 1);

    // Scanning the link really works: the guest page resolves it to the business pool.
    const guest = await t.inject({ method: 'GET', url: `/api/guest/codes/${result.uid}` });
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toMatchObject({ type: 'object', displayName: 'Tisch 7 / Terrasse' });
  });

  it("gives a personal code as the employee's own active code", async () => {
    const anna = hotel.employees[0]!;
    const response = await generate({ type: 'personal', designation: 'Anna', employeeId: anna.id });
    expect(response.json()).toMatchObject({ uid: hotel.points[0]!.uid, created: false });
  });

  it.each([
    [
      { designation: 'Bar' },
      'type',
      'Bitte wählen Sie einen Typ und geben Sie eine Bezeichnung ein.',
    ],
    [
      { type: 'object', designation: '   ' },
      'designation',
      'Bitte wählen Sie einen Typ und geben Sie eine Bezeichnung ein.',
    ],
    [
      { type: 'personal', designation: 'Anna' },
      'employeeId',
      'Mitarbeiter: Bitte wählen Sie einen Mitarbeiter aus.',
    ],
    [
      { type: 'object', designation: 'x'.repeat(81) },
      'designation',
      'Bezeichnung: höchstens 80 Zeichen.',
    ],
    [
      { type: 'table', designation: 'Bar' },
      'type',
      'Bitte wählen Sie einen Typ und geben Sie eine Bezeichnung ein.',
    ],
  ])(
    'refuses %j with the message on its field and writes nothing',
    async (body, field, message) => {
      const before = await pointCount(hotel.id);
      const response = await generate(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toContainEqual({ path: `body.${field}`, message });
      expect(await pointCount(hotel.id)).toBe(before);
    },
  );

  it('refuses a personal code for a person of another business', async () => {
    const response = await generate({
      type: 'personal',
      designation: 'Fremd',
      employeeId: cafe.employees[0]!.id,
    });
    expect(response.statusCode).toBe(404);
  });
});
