import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  createTip,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import type {
  DemoGenerationResult,
  PaymentPoint,
  PaymentPointDetails,
  PaymentPointList,
  PaymentPointTargets,
} from '../../../shared/api/payment-points';
import { adminAuditLog, paymentEntrypoints, tips } from '../../db/schema';

let t: TestApp;
let hotel: FactoryBusiness;
let other: FactoryBusiness;
let owner: string;
let otherOwner: string;
let admin: string;
let employee: string;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, {
    name: 'Hotel Alpha',
    employees: [{ fullName: 'Anna Alpha', jobTitle: 'Rezeption' }, { fullName: 'Ben Beta' }],
    teams: [{ name: 'Service', members: [0, 1] }],
    points: ['person', 'object'],
  });
  other = await createBusiness(t.database.db, { name: 'Café Gamma', points: ['person'] });
  owner = await signIn(t, hotel.owner.email);
  otherOwner = await signIn(t, other.owner.email);
  admin = await signIn(t, (await createPlatformAdmin(t.database.db)).email);
  employee = await signIn(t, hotel.employees[0]!.email);
});
afterAll(async () => {
  await t.close();
});

/** Each call a second later, so audit rows have a clear order. */
const call = (method: string, url: string, cookie: string, payload?: object) => {
  t.clock.advance(1_000);
  return t.inject({
    method: method as 'GET',
    url,
    headers: { cookie, 'user-agent': 'Vitest/Admin' },
    ...(payload ? { payload } : {}),
  });
};

async function auditCount(): Promise<number> {
  return (await t.database.db.select({ id: adminAuditLog.id }).from(adminAuditLog)).length;
}
async function pointCount(): Promise<number> {
  return (await t.database.db.select({ id: paymentEntrypoints.id }).from(paymentEntrypoints))
    .length;
}

async function create(cookie: string, body: object, query = ''): Promise<PaymentPoint> {
  const response = await call('POST', `/api/admin/entrypoints${query}`, cookie, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('creating a payment point', () => {
  it('generates a readable, unguessable uid on the server and audits it in the same business', async () => {
    const anna = hotel.employees[0]!;
    const point = await create(owner, {
      name: 'Anna an der Rezeption',
      type: 'person',
      targetType: 'user',
      targetId: anna.id,
      description: 'Empfang',
      department: 'Rezeption',
    });
    expect(point).toMatchObject({
      type: 'person',
      name: 'Anna an der Rezeption',
      label: 'Anna an der Rezeption',
      targetName: 'Anna Alpha',
      targetJobTitle: 'Rezeption',
      department: 'Rezeption',
      active: true,
      demo: false,
      origin: 'trinkgeld',
      integration: { status: 'none' },
    });
    expect(point.uid).toMatch(/^anna-an-der-rezeption-[a-z2-9]{10}$/);
    expect(point.link).toBe(`${t.config.publicOrigin}/t/${point.uid}`);

    const [row] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, point.id));
    expect(row).toMatchObject({
      action: 'entrypoint_create',
      businessId: hotel.id,
      adminId: hotel.owner.id,
      targetType: 'entrypoint',
      userAgent: 'Vitest/Admin',
      payload: { uid: point.uid, type: 'person', targetType: 'user', targetName: 'Anna Alpha' },
    });

    // A guest can use it at once.
    const guest = await t.inject({ method: 'GET', url: `/api/guest/codes/${point.uid}` });
    expect(guest.json()).toMatchObject({ displayName: 'Anna Alpha' });
  });

  it('never hands out the same uid twice for the same name', async () => {
    const body = { name: 'Tisch 9', type: 'object', targetType: 'tenant', targetId: hotel.id };
    const uids = new Set<string>();
    for (let i = 0; i < 5; i += 1) uids.add((await create(owner, body)).uid);
    expect(uids.size).toBe(5);
  });

  it('puts the platform admin’s point into the business they picked', async () => {
    const point = await create(
      admin,
      { name: 'Team-Topf', type: 'team', targetType: 'team', targetId: hotel.teams[0]!.id },
      `?businessId=${hotel.id}`,
    );
    const [row] = await t.database.db
      .select()
      .from(paymentEntrypoints)
      .where(eq(paymentEntrypoints.id, point.id));
    expect(row!.businessId).toBe(hotel.id);
    const [audit] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, point.id));
    expect(audit!.businessId).toBe(hotel.id);
  });

  it.each([
    [
      'no name',
      { name: '  ', type: 'person', targetType: 'user' },
      400,
      'Bitte geben Sie einen Namen ein.',
    ],
    ['no type', { name: 'X', targetType: 'user' }, 400, 'Bitte wählen Sie einen Typ aus.'],
    [
      'no target',
      { name: 'X', type: 'person', targetType: 'user', targetId: '' },
      400,
      'Bitte wählen Sie ein Ziel aus.',
    ],
    [
      'a custom uid with spaces',
      { name: 'X', type: 'object', targetType: 'tenant', uid: 'mein tag' },
      400,
      'Die UID muss',
    ],
    [
      'an unknown field',
      { name: 'X', type: 'object', targetType: 'tenant', active: false },
      400,
      '',
    ],
  ])('refuses %s with a German message, writing nothing', async (_name, body, status, message) => {
    const [points, audits] = [await pointCount(), await auditCount()];
    const payload = { targetId: hotel.id, ...body };
    const response = await call('POST', '/api/admin/entrypoints', owner, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toContain(message);
    expect(await pointCount()).toBe(points);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses a target of another business, an unknown target and a taken uid', async () => {
    const [points, audits] = [await pointCount(), await auditCount()];
    const foreign = await call('POST', '/api/admin/entrypoints', owner, {
      name: 'Fremd',
      type: 'person',
      targetType: 'user',
      targetId: other.employees[0]!.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(
      'Ziel: Das gewählte Ziel gehört nicht zu diesem Betrieb.',
    );
    const foreignTenant = await call('POST', '/api/admin/entrypoints', owner, {
      name: 'Fremd',
      type: 'object',
      targetType: 'tenant',
      targetId: other.id,
    });
    expect(foreignTenant.statusCode).toBe(400);
    const taken = await call('POST', '/api/admin/entrypoints', owner, {
      name: 'Doppelt',
      type: 'object',
      targetType: 'tenant',
      targetId: hotel.id,
      uid: other.points[0]!.uid,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('UID: Diese UID ist bereits vergeben.');
    expect(await pointCount()).toBe(points);
    expect(await auditCount()).toBe(audits);
  });

  it('accepts the uid of an existing tag when it is free', async () => {
    const point = await create(owner, {
      name: 'NFC-Sticker Bar',
      type: 'object',
      targetType: 'tenant',
      targetId: hotel.id,
      uid: 'NFC-04A2-BAR',
    });
    expect(point.uid).toBe('NFC-04A2-BAR');
  });
});

describe('listing, details and targets', () => {
  it('lists only the own business, newest first; the other owner sees none of it', async () => {
    const list: PaymentPointList = (await call('GET', '/api/admin/entrypoints', owner)).json();
    expect(list.items.length).toBeGreaterThan(2);
    const created = list.items.map((item) => item.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const otherList: PaymentPointList = (
      await call('GET', '/api/admin/entrypoints', otherOwner)
    ).json();
    expect(otherList.items.map((item) => item.uid)).toEqual([other.points[0]!.uid]);
    const sneaky = await call('GET', `/api/admin/entrypoints?businessId=${hotel.id}`, otherOwner);
    expect(sneaky.statusCode).toBe(404);
  });

  it('computes the statistics from the paid tips through the point only', async () => {
    const point = hotel.points[0]!;
    const now = t.clock.now().getTime();
    const at = (days: number) => new Date(now - days * 86_400_000);
    await createTip(t.database.db, {
      businessId: hotel.id,
      entrypoint: point,
      amountCents: 500,
      status: 'completed',
      createdAt: at(10),
    });
    await createTip(t.database.db, {
      businessId: hotel.id,
      entrypoint: point,
      amountCents: 1250,
      status: 'pending',
      createdAt: at(2),
    });
    await createTip(t.database.db, {
      businessId: hotel.id,
      entrypoint: point,
      amountCents: 999,
      status: 'failed',
      createdAt: at(1),
    });
    await createTip(t.database.db, {
      businessId: hotel.id,
      entrypoint: hotel.points[1]!,
      amountCents: 700,
    });

    const details: PaymentPointDetails = (
      await call('GET', `/api/admin/entrypoints/${point.id}`, owner)
    ).json();
    expect(details.stats).toEqual({
      scanCount: 2,
      totalTipsCents: 1750,
      averageTipCents: 875,
      lastActivity: at(2).toISOString(),
      currency: 'eur',
    });
    const unknown = await call('GET', `/api/admin/entrypoints/${other.points[0]!.id}`, owner);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Der Bezahlpunkt wurde nicht gefunden.');
    const malformed = await call('GET', '/api/admin/entrypoints/123', owner);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe('Ungültige Bezahlpunkt-ID.');
  });

  it('offers the employees, teams and the business itself as targets', async () => {
    const targets: PaymentPointTargets = (
      await call('GET', '/api/admin/entrypoints/targets', owner)
    ).json();
    expect(targets.users.map((u) => u.fullName)).toEqual(['Anna Alpha', 'Ben Beta']);
    expect(targets.teams.map((team) => team.name)).toEqual(['Service']);
    expect(targets.tenant).toEqual({ id: hotel.id, name: 'Hotel Alpha' });
  });
});

describe('changing a payment point', () => {
  it('deactivates (guests are refused), activates again, and audits each', async () => {
    const point = await create(owner, {
      name: 'Tisch 3',
      type: 'object',
      targetType: 'tenant',
      targetId: hotel.id,
    });
    const off = await call('POST', `/api/admin/entrypoints/${point.id}/deactivate`, owner);
    expect(off.json()).toMatchObject({ active: false });
    const guest = await t.inject({ method: 'GET', url: `/api/guest/codes/${point.uid}` });
    expect(guest.statusCode).toBe(410);
    expect(guest.json().error.title).toBe('Code nicht aktiv');
    const on = await call('POST', `/api/admin/entrypoints/${point.id}/activate`, owner);
    expect(on.json()).toMatchObject({ active: true });
    const actions = await t.database.db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, point.id))
      .orderBy(adminAuditLog.createdAt);
    expect(actions.map((a) => a.action)).toEqual([
      'entrypoint_create',
      'entrypoint_deactivate',
      'entrypoint_activate',
    ]);
  });

  it('regenerates: the old uid stops working at once, the new one works, tips stay', async () => {
    const point = await create(owner, {
      name: 'Ben',
      type: 'person',
      targetType: 'user',
      targetId: hotel.employees[1]!.id,
    });
    await t.database.db
      .update(paymentEntrypoints)
      .set({ outputAssets: { integration: { nfcObjectId: 'nfc-1', syncedAt: 'x' } } })
      .where(eq(paymentEntrypoints.id, point.id));
    const tip = await createTip(t.database.db, {
      businessId: hotel.id,
      entrypoint: point,
      employeeId: hotel.employees[1]!.id,
    });
    const response = await call('POST', `/api/admin/entrypoints/${point.id}/regenerate`, owner);
    const renewed: PaymentPoint = response.json();
    expect(renewed.uid).not.toBe(point.uid);
    expect(renewed.uid).toMatch(/^ben-[a-z2-9]{10}$/);
    expect(renewed.integration.status).toBe('none');
    expect(
      (await t.inject({ method: 'GET', url: `/api/guest/codes/${point.uid}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: 'GET', url: `/api/guest/codes/${renewed.uid}` })).statusCode,
    ).toBe(200);
    const [kept] = await t.database.db.select().from(tips).where(eq(tips.id, tip.id));
    expect(kept!.entrypointId).toBe(point.id);
    const [audit] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'entrypoint_regenerate_uid'));
    expect(audit!.payload).toEqual({ label: 'Ben', oldUid: point.uid, newUid: renewed.uid });
  });

  it('updates name, label and department, keeping type, target and uid', async () => {
    const point = await create(owner, {
      name: 'Alt',
      type: 'object',
      targetType: 'tenant',
      targetId: hotel.id,
    });
    const response = await call('PATCH', `/api/admin/entrypoints/${point.id}`, owner, {
      name: 'Neu',
      label: 'Tisch am Fenster',
      department: 'Terrasse',
    });
    expect(response.json()).toMatchObject({
      uid: point.uid,
      name: 'Neu',
      label: 'Tisch am Fenster',
      department: 'Terrasse',
    });
    const refused = await call('PATCH', `/api/admin/entrypoints/${point.id}`, owner, {
      targetId: other.id,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('deletes; the point is gone for everyone, its tips remain', async () => {
    const point = await create(owner, {
      name: 'Weg',
      type: 'object',
      targetType: 'tenant',
      targetId: hotel.id,
    });
    const tip = await createTip(t.database.db, { businessId: hotel.id, entrypoint: point });
    const otherTry = await call('DELETE', `/api/admin/entrypoints/${point.id}`, otherOwner);
    expect(otherTry.statusCode).toBe(404);
    const response = await call('DELETE', `/api/admin/entrypoints/${point.id}`, owner);
    expect(response.statusCode).toBe(204);
    expect((await call('GET', `/api/admin/entrypoints/${point.id}`, owner)).statusCode).toBe(404);
    const [kept] = await t.database.db.select().from(tips).where(eq(tips.id, tip.id));
    expect(kept).toMatchObject({ entrypointId: null, entrypointUid: point.uid });
    const again = await call('DELETE', `/api/admin/entrypoints/${point.id}`, owner);
    expect(again.statusCode).toBe(404);
  });

  it('refuses employees everywhere', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/entrypoints'],
      ['POST', '/api/admin/entrypoints'],
      ['POST', `/api/admin/entrypoints/${hotel.points[0]!.id}/deactivate`],
    ] as const) {
      const response = await call(method, url, employee, {});
      expect(response.statusCode, url).toBe(403);
    }
  });
});

describe('demo generator (spec §6, §7)', () => {
  it('refuses anonymous visitors, employees and owners with the spec’s texts', async () => {
    const anonymous = await t.inject({
      method: 'POST',
      url: '/api/admin/entrypoints/demo',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toMatchObject({
      title: 'Nicht authentifiziert',
      message: 'Sie müssen angemeldet sein.',
    });
    for (const cookie of [employee, owner]) {
      const response = await call('POST', '/api/admin/entrypoints/demo', cookie, {});
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject({
        title: 'Keine Berechtigung',
        message: 'Nur Administratoren können Demo-Daten generieren.',
      });
    }
  });

  it('replaces the business’s demo points with ten new ones and leaves other points alone', async () => {
    const demoBusiness = await createBusiness(t.database.db, { employees: 2, points: ['person'] });
    const query = `?businessId=${demoBusiness.id}`;
    const first: DemoGenerationResult = (
      await call('POST', `/api/admin/entrypoints/demo${query}`, admin, {})
    ).json();
    expect(first.created).toBe(10);
    expect(first.deleted).toBe(0);
    const byType = (items: PaymentPoint[]) =>
      items.reduce<Record<string, number>>(
        (acc, item) => ({ ...acc, [item.type]: (acc[item.type] ?? 0) + 1 }),
        {},
      );
    expect(byType(first.items)).toEqual({ person: 4, object: 3, team: 3 });
    for (const item of first.items) {
      expect(item.uid).toMatch(/^aio-[a-z0-9-]+-[a-z2-9]{10}$/);
      expect(item.demo).toBe(true);
      expect(item.department).toBeTruthy();
      expect(item.shift).toBeTruthy();
    }

    const second: DemoGenerationResult = (
      await call('POST', `/api/admin/entrypoints/demo${query}`, admin, {})
    ).json();
    expect(second.deleted).toBe(10);
    const list: PaymentPointList = (
      await call('GET', `/api/admin/entrypoints${query}`, admin)
    ).json();
    expect(list.items).toHaveLength(11);
    expect(list.items.map((i) => i.uid)).toContain(demoBusiness.points[0]!.uid);
    expect(list.items.filter((i) => first.items.some((f) => f.uid === i.uid))).toEqual([]);
    // Other businesses keep their points.
    expect((await call('GET', '/api/admin/entrypoints', otherOwner)).json().items).toHaveLength(1);
    const audits = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'demo_data_generate'));
    expect(audits.map((a) => [a.businessId, a.payload])).toEqual([
      [demoBusiness.id, { deleted: 0, created: 10 }],
      [demoBusiness.id, { deleted: 10, created: 10 }],
    ]);
  });
});
