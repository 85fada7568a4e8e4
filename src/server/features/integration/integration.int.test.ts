import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import { type FakeAio, startFakeAio } from '../../../../test/support/fake-aio';
import type { IntegrationSettings } from '../../../shared/api/integration';
import type { PaymentPoint, PaymentPointDetails } from '../../../shared/api/payment-points';
import { ManualClock } from '../../lib/clock';
import { adminAuditLog, integrationSettings, paymentEntrypoints } from '../../db/schema';
import { createAioClient } from './aio-client';

const SYNC_SECRET = 'sync-secret-0123456789';
const TOKEN = 'aio-test-token';

let aio: FakeAio;
let t: TestApp;
let hotel: FactoryBusiness;
let other: FactoryBusiness;
let owner: string;

beforeAll(async () => {
  aio = await startFakeAio();
  t = await createTestApp({
    config: {
      aioApiUrl: aio.url,
      aioApiToken: TOKEN,
      aioSyncSecret: SYNC_SECRET,
      aioTenantId: 'trinkgeld-default-tenant',
      publicOrigin: 'https://trinkgeld.example.com',
    },
  });
  hotel = await createBusiness(t.database.db, { name: 'Hotel Nord', employees: 1 });
  other = await createBusiness(t.database.db, { name: 'Café Ost', employees: 1 });
  owner = await signIn(t, hotel.owner.email);
});
beforeEach(() => {
  aio.calls.length = 0;
  aio.failAlways(null);
  t.clock.sleeps.length = 0;
});
afterEach(async () => {
  await t.app.integrationSync.idle();
});
afterAll(async () => {
  await t.close();
  await aio.close();
});

const auditRows = () => t.database.db.select().from(adminAuditLog);
const pointRows = () => t.database.db.select().from(paymentEntrypoints);

async function createPoint(name: string): Promise<PaymentPoint> {
  const response = await t.inject({
    method: 'POST',
    url: '/api/admin/entrypoints',
    headers: { cookie: owner },
    payload: { name, type: 'person', targetType: 'user', targetId: hotel.employees[0]!.id },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function storedIntegration(id: string) {
  const [row] = await t.database.db
    .select({ assets: paymentEntrypoints.outputAssets })
    .from(paymentEntrypoints)
    .where(eq(paymentEntrypoints.id, id));
  return row!.assets.integration;
}

describe('AiO client against a local GraphQL server', () => {
  it('creates an NFC object with the bearer token, tenant and input of spec §7', async () => {
    const clock = new ManualClock('2026-03-01T10:00:00Z');
    const client = createAioClient({ url: aio.url, token: TOKEN, sleep: (ms) => clock.sleep(ms) });
    const { object, attempts } = await client.createNfcObject({
      tenantId: 'tenant-a',
      nfcUid: 'anna-k7p2m9xq4d',
      baseUrl: 'https://trinkgeld.example.com/t/',
      notes: 'Anna · Hotel Nord',
    });
    expect(attempts).toBe(1);
    expect(object).toMatchObject({
      id: 'nfc-1',
      qrCode: { id: 'qr-1' },
      nfcUid: 'anna-k7p2m9xq4d',
    });
    expect(aio.calls).toHaveLength(1);
    expect(aio.calls[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(aio.calls[0]!.query).toContain('createNfcObject(tenantId: $tenantId, input: $input)');
    expect(aio.calls[0]!.variables).toEqual({
      tenantId: 'tenant-a',
      input: {
        nfcUid: 'anna-k7p2m9xq4d',
        baseUrl: 'https://trinkgeld.example.com/t/',
        type: 'QR_CODE',
        notes: 'Anna · Hotel Nord',
      },
    });
    expect(clock.sleeps).toEqual([]);
    expect(client.downloadLinks('qr-1')).toEqual({
      png: `${new URL(aio.url).origin}/qr/qr-1.png`,
      pdf: `${new URL(aio.url).origin}/qr/qr-1.pdf`,
      svg: `${new URL(aio.url).origin}/qr/qr-1.svg`,
    });
  });

  it('tries three times, waiting 1 s and then 2 s, on a fake clock', async () => {
    const clock = new ManualClock('2026-03-01T10:00:00Z');
    const client = createAioClient({ url: aio.url, token: TOKEN, sleep: (ms) => clock.sleep(ms) });
    aio.failNext(1, { status: 503 });
    aio.failNext(1, { graphqlError: 'Tenant vorübergehend gesperrt' });
    const { attempts } = await client.createNfcObject({
      tenantId: 't',
      nfcUid: 'x-uid',
      baseUrl: 'https://a/t/',
      notes: '',
    });
    expect(attempts).toBe(3);
    expect(aio.calls).toHaveLength(3);
    expect(clock.sleeps).toEqual([1_000, 2_000]);
    expect(clock.now().toISOString()).toBe('2026-03-01T10:00:03.000Z');
  });

  it('gives up after the third failure, and at once on a refused token', async () => {
    const clock = new ManualClock();
    const client = createAioClient({ url: aio.url, token: TOKEN, sleep: (ms) => clock.sleep(ms) });
    aio.failAlways({ status: 500 });
    await expect(client.ping()).rejects.toMatchObject({
      attempts: 3,
      message: 'AiO-Dienst antwortet mit HTTP 500.',
    });
    expect(clock.sleeps).toEqual([1_000, 2_000]);
    aio.failAlways({ status: 401 });
    await expect(client.ping()).rejects.toMatchObject({
      attempts: 1,
      message: 'AiO-Dienst lehnt den Token ab (HTTP 401).',
    });
    expect(clock.sleeps).toEqual([1_000, 2_000]);
  });
});

describe('registering payment points', () => {
  it('stores the NFC object, QR code id, download links and sync time after creation', async () => {
    const point = await createPoint('Anna');
    expect(point.integration.status).toBe('none');
    await t.app.integrationSync.idle();
    const stored = await storedIntegration(point.id);
    const service = new URL(aio.url).origin;
    expect(stored).toEqual({
      nfcObjectId: expect.stringMatching(/^nfc-\d+$/),
      qrCodeId: expect.stringMatching(/^qr-\d+$/),
      downloadLinks: {
        png: `${service}/qr/${stored!.qrCodeId}.png`,
        pdf: `${service}/qr/${stored!.qrCodeId}.pdf`,
        svg: `${service}/qr/${stored!.qrCodeId}.svg`,
      },
      syncedAt: t.clock.now().toISOString(),
    });
    expect(aio.calls[0]!.variables).toMatchObject({
      tenantId: 'trinkgeld-default-tenant',
      input: { nfcUid: point.uid, baseUrl: 'https://trinkgeld.example.com/t/', type: 'QR_CODE' },
    });
    const details: PaymentPointDetails = (
      await t.inject({
        method: 'GET',
        url: `/api/admin/entrypoints/${point.id}`,
        headers: { cookie: owner },
      })
    ).json();
    expect(details.point.integration).toMatchObject({
      status: 'synced',
      nfcObjectId: stored!.nfcObjectId,
    });
  });

  it('keeps the point when the service fails for good, and stores the error', async () => {
    aio.failAlways({ status: 502 });
    const started = t.clock.now().getTime();
    const point = await createPoint('Ben');
    // The point exists and works before the registration has even finished.
    expect(
      (await t.inject({ method: 'GET', url: `/api/guest/codes/${point.uid}` })).statusCode,
    ).toBe(200);
    await t.app.integrationSync.idle();
    expect(aio.calls).toHaveLength(3);
    expect(t.clock.sleeps).toEqual([1_000, 2_000]);
    expect(await storedIntegration(point.id)).toEqual({
      error: 'AiO-Dienst antwortet mit HTTP 502.',
      failedAt: new Date(started + 3_000).toISOString(),
    });
    const [row] = (await pointRows()).filter((r) => r.id === point.id);
    expect(row).toMatchObject({ active: true, uid: point.uid });
  });

  it('registers a regenerated point again under its new uid, with the business’s tenant id', async () => {
    await t.database.db
      .update(integrationSettings)
      .set({ tenantId: 'hotel-nord' })
      .where(eq(integrationSettings.businessId, hotel.id));
    const point = await createPoint('Clara');
    await t.app.integrationSync.idle();
    aio.calls.length = 0;
    const renewed: PaymentPoint = (
      await t.inject({
        method: 'POST',
        url: `/api/admin/entrypoints/${point.id}/regenerate`,
        headers: { cookie: owner },
      })
    ).json();
    expect(renewed.integration.status).toBe('none');
    await t.app.integrationSync.idle();
    expect(aio.calls.map((c) => c.variables)).toEqual([
      expect.objectContaining({
        tenantId: 'hotel-nord',
        input: expect.objectContaining({ nfcUid: renewed.uid }),
      }),
    ]);
    expect(await storedIntegration(point.id)).toMatchObject({ nfcObjectId: expect.any(String) });
  });
});

describe('integration settings', () => {
  const settings = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.inject({ method, url, headers: { cookie: owner }, ...(payload ? { payload } : {}) });

  it('tests the connection: Verbunden, then Fehler, each audited', async () => {
    const ok: IntegrationSettings = (await settings('POST', '/api/admin/integration/test')).json();
    expect(ok).toMatchObject({
      connectionStatus: 'connected',
      lastError: null,
      configured: true,
      syncEnabled: true,
    });
    expect(aio.calls[0]!.query).toContain('__typename');
    aio.failAlways({ status: 403 });
    const failed: IntegrationSettings = (
      await settings('POST', '/api/admin/integration/test')
    ).json();
    expect(failed).toMatchObject({
      connectionStatus: 'error',
      lastError: 'AiO-Dienst lehnt den Token ab (HTTP 403).',
    });
    const rows = (await auditRows()).filter((r) => r.action === 'integration_test');
    expect(rows.map((r) => r.payload.status)).toEqual(['connected', 'error']);
    expect((await settings('GET', '/api/admin/integration')).body).not.toContain(TOKEN);
  });

  it('saves a tenant id, refuses one with spaces, and resets to the default', async () => {
    const saved: IntegrationSettings = (
      await settings('PUT', '/api/admin/integration', { tenantId: 'hotel-nord-2' })
    ).json();
    expect(saved).toMatchObject({ tenantId: 'hotel-nord-2', connectionStatus: 'untested' });

    const before = (await auditRows()).length;
    const bad = await settings('PUT', '/api/admin/integration', { tenantId: 'hotel nord' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/^Tenant-ID: .*keine Leerzeichen/);
    expect((await auditRows()).length).toBe(before);
    expect((await settings('GET', '/api/admin/integration')).json().tenantId).toBe('hotel-nord-2');

    const reset: IntegrationSettings = (
      await settings('POST', '/api/admin/integration/reset')
    ).json();
    expect(reset.tenantId).toBe('trinkgeld-default-tenant');
    const last = (await auditRows()).filter((r) => r.action === 'settings_update').at(-1);
    expect(last!.payload).toEqual({
      setting: 'aio_tenant_id',
      from: 'hotel-nord-2',
      to: 'trinkgeld-default-tenant',
      reset: true,
    });
  });
});

describe('POST /api/aio/sync-entrypoint', () => {
  const sync = (payload: object, token: string | null = SYNC_SECRET) =>
    t.app.inject({
      method: 'POST',
      url: '/api/aio/sync-entrypoint',
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
      payload,
    });

  it('refuses a wrong or missing token and a payload missing fields, writing nothing', async () => {
    const [points, audits] = [(await pointRows()).length, (await auditRows()).length];
    const payload = { uid: 'tag-0001', type: 'object', target_id: hotel.id, target_type: 'tenant' };
    for (const token of ['sync-secret-012345678', 'falsch', null]) {
      const response = await sync(payload, token);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe('Authorization: Der Bearer-Token ist ungültig.');
    }
    const missing = await sync({ type: 'object', target_id: hotel.id, target_type: 'tenant' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('uid: Pflichtfeld.');
    const wrongType = await sync({ ...payload, target_type: 'room' });
    expect(wrongType.json().error.message).toBe('target_type: erlaubt sind user, team und tenant.');
    const unknownTarget = await sync({
      ...payload,
      target_id: '44444444-4444-4444-8444-444444444444',
    });
    expect(unknownTarget.statusCode).toBe(404);
    expect((await pointRows()).length).toBe(points);
    expect((await auditRows()).length).toBe(audits);
  });

  it('creates, then updates on a duplicate uid; never takes over another business’s uid', async () => {
    const payload = {
      uid: 'tag-0002',
      type: 'person',
      label: 'Empfang',
      target_id: hotel.employees[0]!.id,
      target_type: 'user',
      metadata: { department: 'Rezeption' },
    };
    const created = await sync(payload);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      success: true,
      data: { id: expect.any(String), uid: 'tag-0002', action: 'created' },
    });
    const updated = await sync({ ...payload, label: 'Empfang Nord' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      success: true,
      data: { id: created.json().data.id, uid: 'tag-0002', action: 'updated' },
    });
    const rows = (await pointRows()).filter((r) => r.uid === 'tag-0002');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      label: 'Empfang Nord',
      origin: 'external',
      businessId: hotel.id,
    });

    const hijack = await sync({ ...payload, target_id: other.id, target_type: 'tenant' });
    expect(hijack.statusCode).toBe(409);
    expect((await pointRows()).find((r) => r.uid === 'tag-0002')!.businessId).toBe(hotel.id);
    const audits = (await auditRows()).filter((r) => r.action === 'entrypoint_sync');
    expect(audits.map((a) => [a.businessId, a.adminId, a.payload.action])).toEqual([
      [hotel.id, null, 'created'],
      [hotel.id, null, 'updated'],
    ]);
  });
});
