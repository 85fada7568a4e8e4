import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import { requestAs } from '../../../../test/support/plans';
import type { ApiKeyCreated, ApiKeyScope } from '../../../shared/api/api-keys';
import type { ApiPayout } from '../../../shared/api/business-api';
import { payouts } from '../../db/schema';
import { API_KEY_RATE } from '../api-keys/guard';

/**
 * The business API's payouts (decision 0631): a key with payouts:read reads its own business's
 * transfers to its people, newest first, page by page, by time range and person.
 */
const MINUTE = 60_000;

let t: TestApp;
let hotel: FactoryBusiness;
let other: FactoryBusiness;
let hotelKey: string;
/** The hotel's payouts, newest first. */
let listed: string[];
let otherPayoutId: string;

async function keyFor(business: FactoryBusiness, scopes: ApiKeyScope[] = ['payouts:read']) {
  const response = await requestAs(t, business.owner.email, 'POST', '/api/admin/api-keys', {
    name: 'Buchhaltung',
    scopes,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ApiKeyCreated>().secret;
}

const get = (key: string, url: string) => {
  // A new window for the key's rate limit: these tests are about payouts, not limits.
  t.clock.advance(API_KEY_RATE.windowMs);
  return t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
};

async function payout(business: FactoryBusiness, person: number, at: Date, status = 'paid') {
  const [row] = await t.database.db
    .insert(payouts)
    .values({
      businessId: business.id,
      employeeId: business.employees[person]!.id,
      batchId: randomUUID(),
      amountCents: 1234 + person,
      status: status as 'paid',
      provider: 'demo',
      providerTransferId: status === 'paid' ? `tr_demo_${randomUUID().slice(0, 8)}` : null,
      failureReason: status === 'failed' ? 'Konto geschlossen' : null,
      idempotencyKey: `payout:test:${randomUUID()}`,
      createdAt: at,
      processedAt: status === 'pending' ? null : at,
    })
    .returning({ id: payouts.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 2 });
  other = await createBusiness(t.database.db, { employees: 1 });
  const base = t.clock.now().getTime() - 30 * 24 * 60 * MINUTE;
  listed = [];
  for (let i = 0; i < 9; i += 1) {
    const status = i === 3 ? 'failed' : i === 8 ? 'pending' : 'paid';
    listed.unshift(await payout(hotel, i % 2, new Date(base + i * MINUTE), status));
  }
  // Two in the same millisecond: both listed, once each, the higher id first.
  const sameMoment = [
    await payout(hotel, 0, new Date(base + 20 * MINUTE)),
    await payout(hotel, 1, new Date(base + 20 * MINUTE)),
  ];
  listed.unshift(...sameMoment.sort().reverse());
  otherPayoutId = await payout(other, 0, new Date(base));
  hotelKey = await keyFor(hotel);
});
afterAll(async () => {
  await t.close();
});

async function walk(url: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < 30; pages += 1) {
    const join = url.includes('?') ? '&' : '?';
    const response = await get(
      hotelKey,
      `${url}${join}limit=${limit}${after ? `&starting_after=${after}` : ''}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ has_more: boolean; data: ApiPayout[] }>();
    ids.push(...page.data.map((item) => item.id));
    if (!page.has_more) return ids;
    after = page.data.at(-1)!.id;
  }
  throw new Error('more than 30 pages');
}

describe('GET /api/v1/payouts', () => {
  it('pages through every payout of the key’s business once, newest first', async () => {
    for (const limit of [1, 4, 100]) expect(await walk('/api/v1/payouts', limit)).toEqual(listed);
    expect(listed).not.toContain(otherPayoutId);
  });

  it('filters by person and time, and shows a payout in cents with its state and reference', async () => {
    const first = hotel.employees[0]!.id;
    const hers = await walk(`/api/v1/payouts?recipient=${first}`, 100);
    expect(hers.length).toBeGreaterThan(0);
    for (const id of hers) {
      const item = (await get(hotelKey, `/api/v1/payouts/${id}`)).json<ApiPayout>();
      expect(item.person.id).toBe(first);
    }
    const failed = (await get(hotelKey, `/api/v1/payouts/${listed.at(-4)}`)).json<ApiPayout>();
    expect(failed).toMatchObject({
      object: 'payout',
      amount: 1235,
      currency: 'eur',
      status: 'failed',
      method: 'standard',
      provider_reference: null,
      failure_reason: 'Konto geschlossen',
    });
    const oldest = (await get(hotelKey, `/api/v1/payouts/${listed.at(-1)}`)).json<ApiPayout>();
    const to = new Date(new Date(oldest.created).getTime() + 2 * MINUTE).toISOString();
    const early = await walk(`/api/v1/payouts?created_lt=${encodeURIComponent(to)}`, 100);
    expect(early).toEqual(listed.slice(-2));
  });

  it('keeps other businesses’ payouts out and needs the payouts:read scope', async () => {
    expect((await get(hotelKey, `/api/v1/payouts/${otherPayoutId}`)).statusCode).toBe(404);
    const cursor = await get(hotelKey, `/api/v1/payouts?starting_after=${otherPayoutId}`);
    expect(cursor.statusCode).toBe(400);
    const tipsOnly = await keyFor(hotel, ['tips:read']);
    const refused = await get(tipsOnly, '/api/v1/payouts');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'api_key_scope_missing' } });
  });
});
