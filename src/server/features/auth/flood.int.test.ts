import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import { rateLimitBuckets } from '../../db/schema';
import { AUTH_RATE_RULES } from './limits';
import { hashQueueState } from './password';

let t: TestApp;
let hotel: FactoryBusiness;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 2 });
});
afterAll(async () => {
  await t.close();
});

const signIn = (remoteAddress: string, payload: string) =>
  t.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { 'content-type': 'application/json' },
    payload,
    remoteAddress,
  });

describe('a sign-in flood from one address', () => {
  it('is refused before the body is read, without hashing or counting, once over the limit', async () => {
    const ip = '10.77.0.1';
    const [anna, ben] = hotel.employees.map((person) => person.email);
    const wrong = JSON.stringify({ email: anna, password: 'falsch-geraten' });
    for (let i = 0; i < AUTH_RATE_RULES.loginPerIp.limit; i += 1) await signIn(ip, wrong);
    expect((await signIn(ip, wrong)).statusCode).toBe(429);
    const bucketsBefore = await t.database.db.select().from(rateLimitBuckets);

    const before = hashQueueState();
    // Not even valid JSON: a refusal answered before parsing does not notice.
    const refused = await signIn(ip, `{"email": "${anna}", "password": `);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(/Bitte warten Sie/);
    expect(hashQueueState()).toEqual(before);
    expect(await t.database.db.select().from(rateLimitBuckets)).toEqual(bucketsBefore);

    // Another address is not refused early (an account of its own, as this one is throttled now).
    const other = JSON.stringify({ email: ben, password: 'falsch-geraten' });
    expect((await signIn('10.77.0.2', other)).statusCode).toBe(401);
  });
});
