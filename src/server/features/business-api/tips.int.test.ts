import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import {
  createBusiness,
  createTip,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { requestAs } from '../../../../test/support/plans';
import type { ApiKeyCreated, ApiKeyScope } from '../../../shared/api/api-keys';
import type { ApiTip } from '../../../shared/api/business-api';
import { tipAllocations } from '../../db/schema';
import { API_KEY_RATE } from '../api-keys/guard';

/**
 * The business API's tips (decision 0631): a key reads its own business's paid tips, newest
 * first, page by page without gaps or repeats, filtered by time and recipient, with their splits.
 */
const MINUTE = 60_000;

let t: TestApp;
let hotel: FactoryBusiness;
let other: FactoryBusiness;
let hotelKey: string;
let otherKey: string;
/** The hotel's listed tips, newest first. */
let listed: string[];
let teamTipId: string;
let failedTipId: string;
let otherTipId: string;

async function keyFor(business: FactoryBusiness, scopes: ApiKeyScope[] = ['tips:read']) {
  const response = await requestAs(t, business.owner.email, 'POST', '/api/admin/api-keys', {
    name: `Schlüssel ${scopes.join(' ')}`,
    scopes,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ApiKeyCreated>().secret;
}

const get = (key: string, url: string) =>
  t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

interface Page {
  object: 'list';
  has_more: boolean;
  data: ApiTip[];
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  hotel = await createBusiness(db, {
    employees: 2,
    teams: [{ members: [0, 1] }],
    points: ['person', 'team'],
  });
  other = await createBusiness(db, { employees: 1, points: ['person'] });
  const base = t.clock.now().getTime() - 10 * 24 * 60 * MINUTE;
  listed = [];
  for (let i = 0; i < 23; i += 1) {
    const tip = await createTip(db, {
      businessId: hotel.id,
      employeeId: hotel.employees[i % 2]!.id,
      entrypoint: hotel.points[0]!,
      amountCents: 100 + i,
      status: i % 5 === 0 ? 'completed' : 'pending',
      createdAt: new Date(base + i * MINUTE),
    });
    listed.unshift(tip.id);
  }
  // Two tips in the same millisecond: the id decides their order (higher first), neither is lost.
  const sameMoment: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const tip = await createTip(db, {
      businessId: hotel.id,
      employeeId: hotel.employees[0]!.id,
      createdAt: new Date(base + 30 * MINUTE),
    });
    sameMoment.push(tip.id);
  }
  listed.unshift(...sameMoment.sort().reverse());
  const team = await createTip(db, {
    businessId: hotel.id,
    teamId: hotel.teams[0]!.id,
    entrypoint: hotel.points[1]!,
    amountCents: 1001,
    createdAt: new Date(base + 40 * MINUTE),
  });
  teamTipId = team.id;
  listed.unshift(team.id);
  await db.insert(tipAllocations).values([
    { tipId: team.id, profileId: hotel.employees[0]!.id, amountCents: 501, reason: 'gleich' },
    { tipId: team.id, profileId: hotel.employees[1]!.id, amountCents: 500, reason: 'gleich' },
  ]);
  failedTipId = (
    await createTip(db, {
      businessId: hotel.id,
      employeeId: hotel.employees[0]!.id,
      status: 'failed',
      createdAt: new Date(base + 50 * MINUTE),
    })
  ).id;
  otherTipId = (await createTip(db, { businessId: other.id, employeeId: other.employees[0]!.id }))
    .id;
  hotelKey = await keyFor(hotel);
  otherKey = await keyFor(other);
});
afterAll(async () => {
  await t.close();
});

/** Walks every page of `url` (which has its own query) and answers the ids in order. */
async function walk(key: string, url: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < 50; pages += 1) {
    const join = url.includes('?') ? '&' : '?';
    const response = await get(
      key,
      `${url}${join}limit=${limit}${after ? `&starting_after=${after}` : ''}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Page>();
    expect(page.data.length).toBeLessThanOrEqual(limit);
    ids.push(...page.data.map((tip) => tip.id));
    if (!page.has_more) return ids;
    after = page.data.at(-1)!.id;
    // A new window for the key's rate limit: this test is about pages, not limits.
    t.clock.advance(API_KEY_RATE.windowMs);
  }
  throw new Error('more than 50 pages');
}

describe('GET /api/v1/tips', () => {
  it('pages through every paid tip of the key’s business once, newest first', async () => {
    for (const limit of [1, 7, 100]) {
      expect(await walk(hotelKey, '/api/v1/tips', limit)).toEqual(listed);
    }
    expect(listed).not.toContain(failedTipId);
    expect(listed).not.toContain(otherTipId);
    expect(await walk(otherKey, '/api/v1/tips', 10)).toEqual([otherTipId]);
  });

  it('filters by time range and by recipient, direct tips and shares alike', async () => {
    const first = await get(hotelKey, `/api/v1/tips/${listed.at(-1)}`);
    const start = new Date(first.json<ApiTip>().created);
    const from = new Date(start.getTime() + 5 * MINUTE).toISOString();
    const to = new Date(start.getTime() + 10 * MINUTE).toISOString();
    const ranged = await walk(
      hotelKey,
      `/api/v1/tips?created_gte=${encodeURIComponent(from)}&created_lt=${encodeURIComponent(to)}`,
      100,
    );
    expect(ranged).toEqual(listed.slice(-10, -5));

    const second = hotel.employees[1]!.id;
    const hers = await walk(hotelKey, `/api/v1/tips?recipient=${second}`, 100);
    expect(hers).toContain(teamTipId);
    for (const id of hers) {
      const tip = (await get(hotelKey, `/api/v1/tips/${id}`)).json<ApiTip>();
      const direct = tip.recipient.type === 'person' && tip.recipient.id === second;
      const share = tip.allocations.some((allocation) => allocation.person.id === second);
      expect(direct || share).toBe(true);
      t.clock.advance(API_KEY_RATE.windowMs);
    }
  });

  it('shows a tip in integer cents with its recipient, split and payout state', async () => {
    const team = await get(hotelKey, `/api/v1/tips/${teamTipId}`);
    expect(team.statusCode, team.body).toBe(200);
    expect(team.json()).toMatchObject({
      object: 'tip',
      id: teamTipId,
      amount: 1001,
      currency: 'eur',
      status: 'paid',
      source: 'team',
      recipient: { type: 'team', id: hotel.teams[0]!.id },
      payment_point: { id: hotel.points[1]!.id, uid: hotel.points[1]!.uid },
      payout: null,
    });
    const shares = team.json<ApiTip>().allocations;
    expect(shares.map((share) => share.amount).sort()).toEqual([500, 501]);
    expect(shares.reduce((sum, share) => sum + share.amount, 0)).toBe(1001);
  });

  it('has no tip of another business, no failed tip, and no cursor from elsewhere', async () => {
    expect((await get(hotelKey, `/api/v1/tips/${otherTipId}`)).statusCode).toBe(404);
    expect((await get(hotelKey, `/api/v1/tips/${failedTipId}`)).statusCode).toBe(404);
    expect((await get(otherKey, `/api/v1/tips/${teamTipId}`)).statusCode).toBe(404);
    const foreignCursor = await get(hotelKey, `/api/v1/tips?starting_after=${otherTipId}`);
    expect(foreignCursor.statusCode).toBe(400);
    expect(foreignCursor.json()).toMatchObject({ error: { code: 'cursor_unknown' } });
    t.clock.advance(API_KEY_RATE.windowMs);
  });

  it('checks its query in German and needs the tips:read scope', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=zehn', 'created_gte=gestern']) {
      const response = await get(hotelKey, `/api/v1/tips?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
    }
    const staffOnly = await keyFor(hotel, ['staff:read']);
    const refused = await get(staffOnly, '/api/v1/tips');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'api_key_scope_missing' } });
    t.clock.advance(API_KEY_RATE.windowMs);
  });

  it('limits each key per second, says so in the headers, and answers 429 with Retry-After', async () => {
    t.clock.advance(API_KEY_RATE.windowMs);
    const key = await keyFor(hotel);
    const answers = [];
    for (let i = 0; i <= API_KEY_RATE.limit; i += 1) answers.push(await get(key, '/api/v1/key'));
    expect(answers.slice(0, -1).every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers[0]!.headers.ratelimit).toBe(
      `limit=${API_KEY_RATE.limit}, remaining=${API_KEY_RATE.limit - 1}, reset=1`,
    );
    expect(answers[0]!.headers['ratelimit-policy']).toBe(`${API_KEY_RATE.limit};w=1`);
    const refused = answers.at(-1)!;
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another key of the same business has its own budget.
    expect((await get(hotelKey, '/api/v1/key')).statusCode).toBe(200);
    t.clock.advance(API_KEY_RATE.windowMs);
    expect((await get(key, '/api/v1/key')).statusCode).toBe(200);
  });
});

describe('the description of the business API', () => {
  it('is an OpenAPI 3.1 document of the /api/v1 operations only, with bearer keys', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
    }>();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual([
      '/api/v1/key',
      '/api/v1/payment-points',
      '/api/v1/payment-points/{id}',
      '/api/v1/payment-points/{id}/deactivate',
      '/api/v1/payouts',
      '/api/v1/payouts/{id}',
      '/api/v1/reports/recipients',
      '/api/v1/staff',
      '/api/v1/tips',
      '/api/v1/tips/{id}',
      '/api/v1/webhook-endpoints',
      '/api/v1/webhook-endpoints/{id}',
      '/api/v1/webhook-endpoints/{id}/roll-secret',
      '/api/v1/webhook-endpoints/{id}/test',
    ]);
    // A POST documents its Idempotency-Key header and its body from the zod schemas.
    const create = document.paths['/api/v1/payment-points']!.post as unknown as {
      parameters: { name: string; in: string }[];
      requestBody: unknown;
    };
    expect(create.parameters).toContainEqual(
      expect.objectContaining({ name: 'idempotency-key', in: 'header' }),
    );
    expect(JSON.stringify(create.requestBody)).toContain('"target"');
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    // The answer's schema comes from the zod schema the route answers with: cents are integers.
    expect(JSON.stringify(document.paths['/api/v1/tips']!.get!.responses)).toContain(
      '"amount":{"type":"integer"',
    );

    const page = await t.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<code>GET /api/v1/tips</code>');
    expect(page.body).toContain('Trinkgeld Betriebs-API');
    // The product's icon, so the browser asks for no /favicon.ico (a 404 in its console).
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });
});
