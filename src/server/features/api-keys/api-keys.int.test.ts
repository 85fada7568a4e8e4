import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import { requestAs } from '../../../../test/support/plans';
import {
  API_KEY_ERRORS,
  API_KEYS_PER_BUSINESS,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyCreateInput,
  type ApiKeyList,
} from '../../../shared/api/api-keys';
import type { AuditAction } from '../../../shared/domain/audit';
import { adminAuditLog, apiKeys, businesses, businessPlans } from '../../db/schema';

/**
 * A business's API keys (decision 0630): made by its owners on Pro and shown once, kept as a hash,
 * acting for their own business only and never after revocation or expiry.
 */
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let hotel: FactoryBusiness;
let other: FactoryBusiness;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 1 });
  other = await createBusiness(t.database.db, { employees: 0 });
});
afterAll(async () => {
  await t.close();
});

const as = (email: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  requestAs(t, email, method, url, payload);

async function createKey(
  business: FactoryBusiness,
  input: Partial<ApiKeyCreateInput> = {},
): Promise<ApiKeyCreated> {
  const response = await as(business.owner.email, 'POST', '/api/admin/api-keys', {
    name: 'Lohnbüro',
    scopes: ['tips:read'],
    ...input,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ApiKeyCreated>();
}

const withKey = (secret: string | null, url = '/api/v1/key', address = '203.0.113.7') =>
  t.inject({
    method: 'GET',
    url,
    remoteAddress: address,
    headers: secret === null ? {} : { authorization: `Bearer ${secret}` },
  });

async function auditRows(businessId: string, action: AuditAction) {
  return t.database.db
    .select({ payload: adminAuditLog.payload, targetId: adminAuditLog.targetId })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.businessId, businessId), eq(adminAuditLog.action, action)));
}

describe('API keys', () => {
  it('shows the secret once and keeps only its hash; the list shows how to recognise it', async () => {
    const created = await createKey(hotel, { scopes: ['tips:read', 'staff:read'] });
    expect(created.secret).toMatch(/^tg_test_[A-Za-z0-9_-]{32}$/);
    expect(created.key).toMatchObject({
      name: 'Lohnbüro',
      prefix: 'tg_test_',
      lastFour: created.secret.slice(-4),
      scopes: ['tips:read', 'staff:read'],
      state: 'active',
      lastUsedAt: null,
      expiresAt: null,
    });
    const [stored] = await t.database.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.id, created.key.id));
    expect(JSON.stringify(stored)).not.toContain(created.secret);
    expect(stored!.secretHash).toMatch(/^[0-9a-f]{64}$/);

    const list = await as(hotel.owner.email, 'GET', '/api/admin/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.json<ApiKeyList>().items.map((key) => key.id)).toContain(created.key.id);
    const audited = await auditRows(hotel.id, 'api_key_create');
    expect(audited.find((row) => row.targetId === created.key.id)?.payload).toMatchObject({
      name: 'Lohnbüro',
      scopes: ['tips:read', 'staff:read'],
    });
  });

  it('acts for its own business only, and is invisible to another business', async () => {
    const created = await createKey(hotel);
    const answer = await withKey(created.secret);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      object: 'api_key',
      id: created.key.id,
      business: { id: hotel.id, name: hotel.name },
      scopes: ['tips:read'],
      livemode: false,
    });

    const theirs = await as(other.owner.email, 'GET', '/api/admin/api-keys');
    expect(theirs.json<ApiKeyList>().items.map((key) => key.id)).not.toContain(created.key.id);
    const revokeTheirs = await as(
      other.owner.email,
      'POST',
      `/api/admin/api-keys/${created.key.id}/revoke`,
    );
    expect(revokeTheirs.statusCode).toBe(404);
    expect((await withKey(created.secret)).statusCode).toBe(200);
    // An employee of the hotel sees no keys at all.
    const employee = await as(hotel.employees[0]!.email, 'GET', '/api/admin/api-keys');
    expect(employee.statusCode).toBe(403);
  });

  it('notes the last use and audits the first use from each address once', async () => {
    const created = await createKey(hotel);
    await withKey(created.secret, '/api/v1/key', '198.51.100.1');
    await withKey(created.secret, '/api/v1/key', '198.51.100.1');
    await withKey(created.secret, '/api/v1/key', '198.51.100.2');
    const used = (await auditRows(hotel.id, 'api_key_new_address')).filter(
      (row) => row.targetId === created.key.id,
    );
    expect(used.map((row) => (row.payload as { address: string }).address).sort()).toEqual([
      '198.51.100.1',
      '198.51.100.2',
    ]);
    const list = (await as(hotel.owner.email, 'GET', '/api/admin/api-keys')).json<ApiKeyList>();
    const key = list.items.find((item) => item.id === created.key.id)!;
    expect(key.lastUsedAt).toBe(t.clock.now().toISOString());
  });

  it('refuses a revoked key from then on, and says so in German', async () => {
    const created = await createKey(hotel);
    const revoked = await as(
      hotel.owner.email,
      'POST',
      `/api/admin/api-keys/${created.key.id}/revoke`,
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<ApiKey>().state).toBe('revoked');
    const refused = await withKey(created.secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      error: { code: 'api_key_invalid', message: API_KEY_ERRORS.api_key_invalid.message },
    });
    const again = await as(
      hotel.owner.email,
      'POST',
      `/api/admin/api-keys/${created.key.id}/revoke`,
    );
    expect(again.statusCode).toBe(409);
    expect(await auditRows(hotel.id, 'api_key_revoke')).toContainEqual({
      targetId: created.key.id,
      payload: { name: 'Lohnbüro' },
    });
  });

  it('works through its last day and not after', async () => {
    const tomorrow = new Date(t.clock.now().getTime() + DAY).toISOString().slice(0, 10);
    const created = await createKey(hotel, { expiresOn: tomorrow });
    expect(created.key.expiresAt).not.toBeNull();
    expect((await withKey(created.secret)).statusCode).toBe(200);
    t.clock.advance(3 * DAY);
    try {
      expect((await withKey(created.secret)).statusCode).toBe(401);
      const list = (await as(hotel.owner.email, 'GET', '/api/admin/api-keys')).json<ApiKeyList>();
      expect(list.items.find((key) => key.id === created.key.id)?.state).toBe('expired');
    } finally {
      t.clock.advance(-3 * DAY);
    }
    const yesterday = new Date(t.clock.now().getTime() - DAY).toISOString().slice(0, 10);
    const past = await as(hotel.owner.email, 'POST', '/api/admin/api-keys', {
      name: 'Alt',
      scopes: ['tips:read'],
      expiresOn: yesterday,
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      error: { message: API_KEY_ERRORS.api_key_expiry_past.message },
    });
  });

  it('refuses a request without a key, with a malformed one or an unknown one', async () => {
    const missing = await withKey(null);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ error: { code: 'api_key_missing' } });
    expect((await withKey('not-a-key')).statusCode).toBe(401);
    const unknown = await withKey(`tg_test_${'A'.repeat(32)}`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ error: { code: 'api_key_invalid' } });
    // A session cookie is no key.
    const session = await as(hotel.owner.email, 'GET', '/api/v1/key');
    expect(session.statusCode).toBe(401);
  });

  it('checks the body in German and writes nothing for bad input', async () => {
    const before = (await as(hotel.owner.email, 'GET', '/api/admin/api-keys')).json<ApiKeyList>();
    for (const body of [
      { name: '', scopes: ['tips:read'] },
      { name: 'X', scopes: [] },
      { name: 'X', scopes: ['tips:write'] },
      { name: 'X', scopes: ['tips:read', 'tips:read'] },
      { name: 'X', scopes: ['tips:read'], expiresOn: '31.12.2026' },
    ]) {
      const response = await as(hotel.owner.email, 'POST', '/api/admin/api-keys', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).not.toMatch(/Invalid|expected/);
    }
    const after = (await as(hotel.owner.email, 'GET', '/api/admin/api-keys')).json<ApiKeyList>();
    expect(after.items).toHaveLength(before.items.length);
  });

  it('limits the keys a business holds at once', async () => {
    const busy = await createBusiness(t.database.db, { employees: 0 });
    for (let i = 0; i < API_KEYS_PER_BUSINESS; i += 1) await createKey(busy, { name: `K${i}` });
    const refused = await as(busy.owner.email, 'POST', '/api/admin/api-keys', {
      name: 'Einer zu viel',
      scopes: ['tips:read'],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'api_key_limit' } });
  });
});

describe('API keys and the plan and state of their business', () => {
  it('on Basis: no new key, existing keys stay listed and revocable but do not work', async () => {
    const cafe = await createBusiness(t.database.db, { employees: 0 });
    const created = await createKey(cafe);
    await t.database.db
      .update(businessPlans)
      .set({ status: 'cancelled', currentPeriodEnd: new Date(t.clock.now().getTime() - DAY) })
      .where(eq(businessPlans.businessId, cafe.id));
    const refused = await as(cafe.owner.email, 'POST', '/api/admin/api-keys', {
      name: 'Neu',
      scopes: ['tips:read'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'plan_required' } });
    const used = await withKey(created.secret);
    expect(used.statusCode).toBe(403);
    expect(used.json()).toMatchObject({ error: { code: 'plan_required' } });
    expect(used.json<{ error: { message: string } }>().error.message).toContain('API-Zugang');
    const list = (await as(cafe.owner.email, 'GET', '/api/admin/api-keys')).json<ApiKeyList>();
    expect(list.items).toHaveLength(1);
    const revoked = await as(
      cafe.owner.email,
      'POST',
      `/api/admin/api-keys/${created.key.id}/revoke`,
    );
    expect(revoked.statusCode).toBe(200);
  });

  it('refuses the keys of a suspended business', async () => {
    const inn = await createBusiness(t.database.db, { employees: 0 });
    const created = await createKey(inn);
    await t.database.db
      .update(businesses)
      .set({ active: false, suspendedAt: t.clock.now(), suspensionReason: 'Prüfung' })
      .where(eq(businesses.id, inn.id));
    const refused = await withKey(created.secret);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'api_business_inactive' } });
  });
});
