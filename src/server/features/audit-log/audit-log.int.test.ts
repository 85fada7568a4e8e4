import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  type FactoryBusiness,
  type FactoryPerson,
} from '../../../../test/support/factories';
import type { AuditLogPage } from '../../../shared/api/audit';
import { writeAudit } from '../audit/write';

let t: TestApp;
let hotel: FactoryBusiness;
let other: FactoryBusiness;
let platformAdmin: FactoryPerson;
let owner: string;

const start = Date.parse('2026-03-01T08:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { name: 'Hotel Log' });
  other = await createBusiness(t.database.db, { name: 'Café Log' });
  platformAdmin = await createPlatformAdmin(t.database.db);
  owner = await signIn(t, hotel.owner.email);
  const actor = { profileId: hotel.owner.id, businessId: hotel.id, hasProfile: true };
  // 60 rows an hour apart in the hotel, alternating actions; a few in the other business.
  for (let i = 0; i < 60; i += 1) {
    const at = new Date(start + i * 3_600_000);
    await writeAudit(
      t.database.db,
      i % 3 === 0
        ? {
            actor,
            action: 'entrypoint_create',
            targetType: 'entrypoint',
            targetId: `target-${i}`,
            payload: {
              uid: `punkt-${i}`,
              type: 'object',
              label: `Tisch ${i}`,
              targetType: 'tenant',
              targetId: hotel.id,
              targetName: hotel.name,
            },
            at,
          }
        : {
            actor,
            action: 'admin_navigation',
            targetType: 'page',
            targetId: `target-${i}`,
            payload: { destination: `/admin/seite-${i}` },
            at,
          },
    );
  }
  for (let i = 0; i < 3; i += 1) {
    await writeAudit(t.database.db, {
      actor: { profileId: other.owner.id, businessId: other.id, hasProfile: true },
      action: 'entrypoint_delete',
      targetType: 'entrypoint',
      payload: { uid: `weg-${i}`, label: null, type: 'object' },
      at: new Date(start + i * 60_000),
    });
  }
});
afterAll(async () => {
  await t.close();
});

async function page(query: string, cookie = owner): Promise<AuditLogPage> {
  const response = await t.inject({
    method: 'GET',
    url: `/api/admin/audit-log${query}`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/admin/audit-log', () => {
  it('pages 50 rows newest first, joined to the admin’s name and e-mail', async () => {
    const first = await page('');
    expect(first).toMatchObject({ page: 1, pageSize: 50, total: 60 });
    expect(first.items).toHaveLength(50);
    expect(first.items[0]).toMatchObject({
      targetId: 'target-59',
      payload: { destination: '/admin/seite-59' },
      createdAt: new Date(start + 59 * 3_600_000).toISOString(),
      admin: { id: hotel.owner.id, fullName: hotel.owner.fullName, email: hotel.owner.email },
    });
    const second = await page('?page=2');
    expect(second.items.map((i) => i.targetId)).toEqual(
      Array.from({ length: 10 }, (_, k) => `target-${9 - k}`),
    );
    const dashboard = await page('?pageSize=15');
    expect(dashboard.items).toHaveLength(15);
  });

  it('filters by action and by calendar day in Europe/Berlin', async () => {
    const created = await page('?action=entrypoint_create');
    expect(created.total).toBe(20);
    expect(created.items.every((i) => i.action === 'entrypoint_create')).toBe(true);
    // Rows 0..15 fall on 1 March Berlin time (08:00 UTC = 09:00 CET, up to 23:00 CET at i = 14).
    const firstDay = await page('?from=2026-03-01&to=2026-03-01');
    expect(firstDay.total).toBe(15);
    const fromSecond = await page('?from=2026-03-02');
    expect(fromSecond.total).toBe(45);
    expect((await page('?from=2026-03-02&to=2026-03-02&action=entrypoint_create')).total).toBe(8);
  });

  it('finds deactivations under user_deactivate, older ones stored as user_delete too', async () => {
    const shop = await createBusiness(t.database.db, { name: 'Kiosk Log', employees: 3 });
    const [ben, lena, kim] = shop.employees as [FactoryPerson, FactoryPerson, FactoryPerson];
    const shopActor = { profileId: shop.owner.id, businessId: shop.id, hasProfile: true };
    // Before user_deactivate existed (decision 0340) a deactivation was written as user_delete with its status.
    await t.database.query(
      `INSERT INTO admin_audit_log (admin_id, business_id, action, target_type, target_id, payload, created_at)
       VALUES ($1, $2, 'user_delete', 'user', $3, $4::jsonb, $5)`,
      [
        shop.owner.id,
        shop.id,
        ben.id,
        JSON.stringify({ email: ben.email, status: { from: 'active', to: 'deactivated' } }),
        new Date(start),
      ],
    );
    await writeAudit(t.database.db, {
      actor: shopActor,
      action: 'user_deactivate',
      targetType: 'user',
      targetId: lena.id,
      payload: {
        personName: lena.fullName,
        email: lena.email,
        status: { from: 'active', to: 'deactivated' },
      },
      at: new Date(start + 60_000),
    });
    await writeAudit(t.database.db, {
      actor: { profileId: kim.id, businessId: shop.id, hasProfile: true },
      action: 'user_delete',
      targetType: 'user',
      targetId: kim.id,
      payload: { reason: 'own_request' },
      at: new Date(start + 120_000),
    });
    const cookie = await signIn(t, shop.owner.email);
    const deactivated = await page('?action=user_deactivate', cookie);
    expect(deactivated.items.map((item) => item.targetId)).toEqual([lena.id, ben.id]);
    const deleted = await page('?action=user_delete', cookie);
    expect(deleted.items.map((item) => item.targetId)).toEqual([kim.id]);
  });

  it('shows one business only: the owner of another sees nothing of it', async () => {
    const mine = await page('', await signIn(t, other.owner.email));
    expect(mine.total).toBe(3);
    const response = await t.inject({
      method: 'GET',
      url: `/api/admin/audit-log?businessId=${hotel.id}`,
      headers: { cookie: await signIn(t, other.owner.email) },
    });
    expect(response.statusCode).toBe(404);
    const asAdmin = await page(`?businessId=${hotel.id}`, await signIn(t, platformAdmin.email));
    expect(asAdmin.total).toBe(60);
  });

  it.each([
    ['?pageSize=51', 'Seitengröße: höchstens 50 Einträge.'],
    ['?page=0', 'Seite: Bitte geben Sie eine Seitenzahl ab 1 an.'],
    ['?action=hacked', 'Aktion: Unbekannte Aktion.'],
    ['?from=01.03.2026', 'Von: Bitte geben Sie ein Datum im Format JJJJ-MM-TT an.'],
  ])('refuses %s with a German message naming the field', async (query, message) => {
    const response = await t.inject({
      method: 'GET',
      url: `/api/admin/audit-log${query}`,
      headers: { cookie: owner },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it('files the platform admin’s navigation under the business they are looking at', async () => {
    const cookie = await signIn(t, platformAdmin.email);
    const response = await t.inject({
      method: 'POST',
      url: `/api/audit/navigation?businessId=${other.id}`,
      headers: { cookie },
      payload: { destination: '/admin/uid-management' },
    });
    expect(response.statusCode).toBe(204);
    const log = await page(`?businessId=${other.id}&action=admin_navigation`, cookie);
    expect(log.items[0]).toMatchObject({
      targetId: '/admin/uid-management',
      admin: { id: platformAdmin.id },
    });
  });
});
