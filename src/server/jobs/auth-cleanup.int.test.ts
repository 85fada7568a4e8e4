import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { signIn } from '../../../test/support/auth';
import { createBusiness, type FactoryBusiness } from '../../../test/support/factories';
import { runAuthCleanup } from './auth-cleanup';

let t: TestApp;
let hotel: FactoryBusiness;
const log = { info: () => {}, warn: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 3 });
});
afterAll(async () => {
  await t.close();
});

describe('auth cleanup job', () => {
  it('removes sessions ended over an hour ago, old tokens and finished windows only', async () => {
    const [anna, ben, clara] = hotel.employees.map((person) => person.email);
    await signIn(t, anna!);
    await t.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: ben },
    });
    // The link is written after the answer, at the time of the request.
    await t.afterAnswer.settled();
    t.clock.advance(15 * 60_000 + 60 * 60_000 + 1_000);
    await signIn(t, clara!);
    t.clock.advance(24 * 60 * 60_000);
    const current = await signIn(t, clara!);

    const removed = await runAuthCleanup(t.database, t.clock, log);
    expect(removed.sessions).toBe(2);
    expect(removed.tokens).toBe(1);
    expect(removed.buckets).toBeGreaterThanOrEqual(1);
    const alive = await t.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: current },
    });
    expect(alive.json().user.email).toBe(clara);
    expect(await t.database.query('SELECT 1 FROM auth_sessions')).toHaveLength(1);
  });
});
