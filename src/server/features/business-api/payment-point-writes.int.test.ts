import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import { requestAs } from '../../../../test/support/plans';
import type { ApiKeyCreated, ApiKeyScope } from '../../../shared/api/api-keys';
import type { ApiPaymentPoint } from '../../../shared/api/business-api';
import {
  adminAuditLog,
  idempotencyKeys,
  outgoingWebhookEvents,
  paymentEntrypoints,
  webhookEndpoints,
} from '../../db/schema';
import { API_KEY_RATE } from '../api-keys/guard';
import { IDEMPOTENCY_KEY_TTL_MS, runIdempotent } from '../api-keys/idempotency';
import { hashSecret } from '../api-keys/service';
import { apiKeys } from '../../db/schema';
import { runRetention } from '../../jobs/retention';

/**
 * POST /api/v1/payment-points and /api/v1/payment-points/{id}/deactivate (payment_points:write)
 * with the Idempotency-Key of the IETF draft (decision 0640), audited with the key as the actor
 * and announced to webhook endpoints (decision 0650).
 */
let t: TestApp;
let hotel: FactoryBusiness;
let other: FactoryBusiness;
let hotelKey: string;
let secondKey: string;
let otherKey: string;

async function keyFor(business: FactoryBusiness, scopes: ApiKeyScope[]) {
  const response = await requestAs(t, business.owner.email, 'POST', '/api/admin/api-keys', {
    name: 'Kasse',
    scopes,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ApiKeyCreated>().secret;
}

async function keyIdOf(secret: string) {
  const [row] = await t.database.db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(eq(apiKeys.secretHash, hashSecret(secret)));
  return row!.id;
}

function post(key: string, url: string, body: unknown, idempotencyKey?: string) {
  // A new window for the key's rate limit: these tests are not about limits.
  t.clock.advance(API_KEY_RATE.windowMs);
  // As a payroll system sends it: no Origin, no Referer, no cookie (`t.inject` would add Origin).
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${key}`,
      ...(idempotencyKey !== undefined ? { 'idempotency-key': idempotencyKey } : {}),
    },
    payload: body as object,
  });
}

const tableFor = (business: FactoryBusiness, name: string) => ({
  type: 'object',
  name,
  target: { type: 'tenant', id: business.id },
});

async function pointsNamed(business: FactoryBusiness, label: string) {
  return t.database.db
    .select({ id: paymentEntrypoints.id })
    .from(paymentEntrypoints)
    .where(
      and(eq(paymentEntrypoints.businessId, business.id), eq(paymentEntrypoints.label, label)),
    );
}

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 2, points: ['person'] });
  other = await createBusiness(t.database.db, { employees: 1 });
  hotelKey = await keyFor(hotel, ['payment_points:write']);
  secondKey = await keyFor(hotel, ['payment_points:write']);
  otherKey = await keyFor(other, ['payment_points:write']);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/v1/payment-points', () => {
  it('creates a point as the console would, audited with the key as the actor', async () => {
    const person = hotel.employees[1]!;
    const response = await post(hotelKey, '/api/v1/payment-points', {
      type: 'person',
      name: 'Zimmerservice',
      target: { type: 'user', id: person.id },
    });
    expect(response.statusCode, response.body).toBe(201);
    const point = response.json<ApiPaymentPoint>();
    expect(point).toMatchObject({
      object: 'payment_point',
      type: 'person',
      label: 'Zimmerservice',
      target: { type: 'user', id: person.id, name: person.fullName },
      active: true,
    });
    expect(point.url).toBe(`${t.config.publicOrigin}/t/${point.uid}`);
    const [audit] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.action, 'entrypoint_create'), eq(adminAuditLog.targetId, point.id)),
      );
    expect(audit).toMatchObject({
      businessId: hotel.id,
      adminId: null,
      apiKeyId: await keyIdOf(hotelKey),
    });
    // The owner's audit log names the key.
    const log = await requestAs(
      t,
      hotel.owner.email,
      'GET',
      `/api/admin/audit-log?businessId=${hotel.id}&action=entrypoint_create`,
    );
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().items[0]).toMatchObject({
      admin: null,
      apiKey: { id: await keyIdOf(hotelKey), name: 'Kasse' },
    });
    // The API's answer is what GET shows.
    t.clock.advance(API_KEY_RATE.windowMs);
    const readKey = await keyFor(hotel, ['payment_points:read']);
    const read = await t.inject({
      method: 'GET',
      url: `/api/v1/payment-points/${point.id}`,
      headers: { authorization: `Bearer ${readKey}` },
    });
    expect(read.json()).toEqual(point);
  });

  it('refuses a target of another business and a body the schema refuses, in German', async () => {
    const foreign = await post(hotelKey, '/api/v1/payment-points', {
      type: 'person',
      name: 'Fremd',
      target: { type: 'user', id: other.employees[0]!.id },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ error: { code: 'target_not_found' } });
    const invalid = await post(hotelKey, '/api/v1/payment-points', { type: 'object' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toEqual(expect.any(String));
    const scope = await post(
      await keyFor(hotel, ['payment_points:read']),
      '/api/v1/payment-points',
      tableFor(hotel, 'Tisch 9'),
    );
    expect(scope.statusCode).toBe(403);
  });
});

describe('Idempotency-Key', () => {
  it('answers the first answer again for the same key and body, and creates one point', async () => {
    const body = tableFor(hotel, 'Tisch 1');
    const first = await post(hotelKey, '/api/v1/payment-points', body, 'tisch-1-anlegen');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same body with its keys in another order is the same request.
    const again = await post(
      hotelKey,
      '/api/v1/payment-points',
      { target: { id: hotel.id, type: 'tenant' }, name: 'Tisch 1', type: 'object' },
      'tisch-1-anlegen',
    );
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await pointsNamed(hotel, 'Tisch 1')).toHaveLength(1);
  });

  it('answers 422 for the same key with another body, and 400 for a malformed key', async () => {
    await post(hotelKey, '/api/v1/payment-points', tableFor(hotel, 'Tisch 2'), 'tisch-2');
    const reused = await post(
      hotelKey,
      '/api/v1/payment-points',
      tableFor(hotel, 'Tisch 3'),
      'tisch-2',
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({
      error: {
        code: 'idempotency_key_reused',
        message: expect.stringContaining('Idempotency-Key'),
      },
    });
    expect(await pointsNamed(hotel, 'Tisch 3')).toHaveLength(0);
    // Another route with the same key is another request too.
    const elsewhere = await post(
      hotelKey,
      `/api/v1/payment-points/${hotel.points[0]!.id}/deactivate`,
      undefined,
      'tisch-2',
    );
    expect(elsewhere.statusCode).toBe(422);

    for (const bad of ['', 'x'.repeat(256), 'mit\tTab']) {
      const refused = await post(hotelKey, '/api/v1/payment-points', tableFor(hotel, 'T'), bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().error.message).toMatch(/Idempotency-Key|ungültig/);
    }
  });

  it('answers 409 while a request with the key still runs, and runs anew after it failed', async () => {
    const apiKeyId = await keyIdOf(hotelKey);
    const body = tableFor(hotel, 'Tisch 4');
    let finish!: () => void;
    const blocked = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const first = runIdempotent(
      { database: t.database, clock: t.clock },
      { apiKeyId, key: 'tisch-4', method: 'POST', path: '/api/v1/payment-points', body },
      async () => {
        started();
        await blocked;
        throw new Error('the first attempt fails');
      },
    );
    await running;
    const concurrent = await post(hotelKey, '/api/v1/payment-points', body, 'tisch-4');
    expect(concurrent.statusCode).toBe(409);
    expect(concurrent.json()).toMatchObject({ error: { code: 'idempotency_key_in_use' } });
    finish();
    await expect(first).rejects.toThrow('the first attempt fails');
    // The failed request kept nothing: the key runs anew and creates the point once.
    const retried = await post(hotelKey, '/api/v1/payment-points', body, 'tisch-4');
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await pointsNamed(hotel, 'Tisch 4')).toHaveLength(1);
  });

  it('gives the key back after a refusal, so the corrected request runs with it', async () => {
    const refused = await post(
      hotelKey,
      '/api/v1/payment-points',
      { type: 'object', name: 'Tisch 5', target: { type: 'tenant', id: other.id } },
      'tisch-5',
    );
    expect(refused.statusCode).toBe(400);
    const rows = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.idempotencyKey, 'tisch-5'));
    expect(rows).toHaveLength(0);
    const corrected = await post(
      hotelKey,
      '/api/v1/payment-points',
      tableFor(hotel, 'Tisch 5'),
      'tisch-5',
    );
    expect(corrected.statusCode, corrected.body).toBe(201);
  });

  it('keeps a key per API key: another key with the same Idempotency-Key is independent', async () => {
    const mine = await post(hotelKey, '/api/v1/payment-points', tableFor(hotel, 'Tisch 6'), 'k');
    const theirs = await post(secondKey, '/api/v1/payment-points', tableFor(hotel, 'Tisch 7'), 'k');
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    const stranger = await post(
      otherKey,
      '/api/v1/payment-points',
      tableFor(other, 'Tisch 6'),
      'k',
    );
    expect(stranger.statusCode).toBe(201);
    expect(stranger.json<ApiPaymentPoint>().id).not.toBe(mine.json<ApiPaymentPoint>().id);
  });

  it('forgets a key after 24 hours: the same key then runs anew', async () => {
    const first = await post(hotelKey, '/api/v1/payment-points', tableFor(hotel, 'Tisch 8'), 'day');
    expect(first.statusCode).toBe(201);
    t.clock.advance(IDEMPOTENCY_KEY_TTL_MS - 10 * API_KEY_RATE.windowMs);
    const within = await post(
      hotelKey,
      '/api/v1/payment-points',
      tableFor(hotel, 'Tisch 9'),
      'day',
    );
    expect(within.statusCode).toBe(422);
    t.clock.advance(10 * API_KEY_RATE.windowMs);
    const later = await post(hotelKey, '/api/v1/payment-points', tableFor(hotel, 'Tisch 9'), 'day');
    expect(later.statusCode, later.body).toBe(201);
    // The retention job deletes expired keys of every API key.
    await post(hotelKey, '/api/v1/payment-points', tableFor(hotel, 'Tisch 10'), 'old');
    t.clock.advance(IDEMPOTENCY_KEY_TTL_MS + 1);
    await runRetention(t.database, t.clock, t.config.retention);
    const left = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.idempotencyKey, 'old'));
    expect(left).toHaveLength(0);
  });
});

describe('POST /api/v1/payment-points/{id}/deactivate', () => {
  it('deactivates a point of the key’s business, replays with the key, and knows no other', async () => {
    const created = await post(hotelKey, '/api/v1/payment-points', tableFor(hotel, 'Bar'));
    const id = created.json<ApiPaymentPoint>().id;
    const off = await post(hotelKey, `/api/v1/payment-points/${id}/deactivate`, undefined, 'bar');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id, active: false, works: false });
    const again = await post(hotelKey, `/api/v1/payment-points/${id}/deactivate`, undefined, 'bar');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(off.json());
    const audits = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.action, 'entrypoint_deactivate'), eq(adminAuditLog.targetId, id)),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.apiKeyId).toBe(await keyIdOf(hotelKey));
    const foreign = await post(otherKey, `/api/v1/payment-points/${id}/deactivate`, undefined);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'payment_point_not_found' } });
  });
});

describe('payment_point.created', () => {
  it('is written with the point when an endpoint wants it, and not otherwise', async () => {
    const [endpoint] = await t.database.db
      .insert(webhookEndpoints)
      .values({
        businessId: hotel.id,
        url: 'https://example.org/hook',
        eventTypes: ['payment_point.created'],
        secretSealed: 'sealed-for-the-test',
      })
      .returning();
    const created = await post(hotelKey, '/api/v1/payment-points', tableFor(hotel, 'Terrasse'));
    const point = created.json<ApiPaymentPoint>();
    const events = await t.database.db
      .select()
      .from(outgoingWebhookEvents)
      .where(eq(outgoingWebhookEvents.businessId, hotel.id));
    expect(events).toHaveLength(1);
    expect(events[0]!.type).toBe('payment_point.created');
    expect(JSON.parse(events[0]!.payload!)).toMatchObject({
      type: 'payment_point.created',
      data: {
        object: 'payment_point',
        id: point.id,
        uid: point.uid,
        type: 'object',
        label: 'Terrasse',
        target: { type: 'tenant', id: hotel.id },
        created: point.created,
      },
    });
    expect(endpoint).toBeDefined();

    // The console's creation announces it the same way.
    const console = await requestAs(
      t,
      hotel.owner.email,
      'POST',
      `/api/admin/entrypoints?businessId=${hotel.id}`,
      { type: 'object', name: 'Lobby', targetType: 'tenant', targetId: hotel.id },
    );
    expect(console.statusCode, console.body).toBe(201);
    const after = await t.database.db
      .select()
      .from(outgoingWebhookEvents)
      .where(eq(outgoingWebhookEvents.businessId, hotel.id));
    expect(after).toHaveLength(2);

    // No endpoint of the other business wants it: nothing is written.
    const theirs = await post(otherKey, '/api/v1/payment-points', tableFor(other, 'Garten'));
    expect(theirs.statusCode).toBe(201);
    const none = await t.database.db
      .select()
      .from(outgoingWebhookEvents)
      .where(eq(outgoingWebhookEvents.businessId, other.id));
    expect(none).toHaveLength(0);
  });
});
