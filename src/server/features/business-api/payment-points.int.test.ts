import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import { requestAs } from '../../../../test/support/plans';
import type { ApiKeyCreated, ApiKeyScope } from '../../../shared/api/api-keys';
import type { ApiPaymentPoint } from '../../../shared/api/business-api';
import { API_KEY_RATE } from '../api-keys/guard';

/** The business API's payment points (decision 0631): read with payment_points:read. */
let t: TestApp;
let hotel: FactoryBusiness;
let other: FactoryBusiness;
let hotelKey: string;

async function keyFor(business: FactoryBusiness, scopes: ApiKeyScope[]) {
  const response = await requestAs(t, business.owner.email, 'POST', '/api/admin/api-keys', {
    name: 'Kasse',
    scopes,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ApiKeyCreated>().secret;
}

const get = (key: string, url: string) => {
  t.clock.advance(API_KEY_RATE.windowMs);
  return t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
};

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, {
    employees: 2,
    teams: [{ members: [0, 1] }],
    points: ['person', 'person', 'team', 'object'],
  });
  other = await createBusiness(t.database.db, { points: ['person'] });
  hotelKey = await keyFor(hotel, ['payment_points:read']);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/v1/payment-points', () => {
  it('pages through every point of the key’s business once, the same at every page size', async () => {
    const whole = (await get(hotelKey, '/api/v1/payment-points?limit=100')).json<{
      data: ApiPaymentPoint[];
      has_more: boolean;
    }>();
    expect(whole.has_more).toBe(false);
    expect(whole.data.map((point) => point.id).sort()).toEqual(
      hotel.points.map((point) => point.id).sort(),
    );
    const walked: string[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 10; pages += 1) {
      const page = (
        await get(
          hotelKey,
          `/api/v1/payment-points?limit=1${after ? `&starting_after=${after}` : ''}`,
        )
      ).json<{ data: ApiPaymentPoint[]; has_more: boolean }>();
      walked.push(...page.data.map((point) => point.id));
      if (!page.has_more) break;
      after = page.data.at(-1)!.id;
    }
    expect(walked).toEqual(whole.data.map((point) => point.id));
  });

  it('shows a point with its target and the link its QR code carries', async () => {
    const point = hotel.points[0]!;
    const answer = await get(hotelKey, `/api/v1/payment-points/${point.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      object: 'payment_point',
      id: point.id,
      uid: point.uid,
      type: 'person',
      target: { type: 'user', id: hotel.employees[0]!.id },
      active: true,
      works: true,
      url: `${t.config.publicOrigin}/t/${point.uid}`,
    });
  });

  it('keeps other businesses’ points out and needs the payment_points:read scope', async () => {
    const foreign = other.points[0]!.id;
    expect((await get(hotelKey, `/api/v1/payment-points/${foreign}`)).statusCode).toBe(404);
    expect(
      (await get(hotelKey, `/api/v1/payment-points?starting_after=${foreign}`)).statusCode,
    ).toBe(400);
    const tipsOnly = await keyFor(hotel, ['tips:read']);
    const refused = await get(tipsOnly, '/api/v1/payment-points');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'api_key_scope_missing' } });
  });
});
