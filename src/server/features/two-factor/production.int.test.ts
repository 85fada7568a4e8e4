import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  FACTORY_PASSWORD,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { nextCode, sessionCookieOf } from '../../../../test/support/two-factor';
import { freshIp } from '../../../../test/support/addresses';

/**
 * Decision 0318: with NODE_ENV=production the platform admin cannot use the product without a
 * second factor. Their session may only set it up; every other route answers 403.
 */
let production: TestApp;
let development: TestApp;

beforeAll(async () => {
  production = await createTestApp({ config: { nodeEnv: 'production' } });
  development = await createTestApp({ config: { nodeEnv: 'development' } });
});
afterAll(async () => {
  await production.close();
  await development.close();
});

function call(t: TestApp, cookie: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.inject({
    method,
    url,
    headers: { cookie },
    remoteAddress: freshIp(),
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function passwordSession(t: TestApp, email: string) {
  const response = await t.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password: FACTORY_PASSWORD },
    remoteAddress: freshIp(),
  });
  expect(response.statusCode).toBe(200);
  return { body: response.json(), cookie: sessionCookieOf(response) };
}

describe('the platform admin in production', () => {
  let hotel: FactoryBusiness;
  beforeAll(async () => {
    hotel = await createBusiness(production.database.db, { employees: 1 });
  });

  it('gets a session that can do nothing but set up two-factor sign-in', async () => {
    const admin = await createPlatformAdmin(production.database.db, { businessId: hotel.id });
    const { body, cookie } = await passwordSession(production, admin.email);
    expect(body.twoFactor).toEqual({ enabled: false, setupRequired: true });
    const session = await call(production, cookie, 'GET', '/api/auth/session');
    expect(session.json().twoFactor).toEqual({ enabled: false, setupRequired: true });

    for (const [method, url] of [
      ['GET', '/api/admin/dashboard'],
      ['GET', `/api/admin/users?businessId=${hotel.id}`],
      ['GET', '/api/admin/businesses'],
      ['GET', '/api/employee/today'],
      ['GET', '/api/me/data-export'],
      ['POST', '/api/me/two-factor/disable'],
    ] as const) {
      const refused = await call(
        production,
        cookie,
        method,
        url,
        method === 'POST' ? {} : undefined,
      );
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'two_factor_setup_required',
        title: 'Zwei-Faktor-Anmeldung erforderlich',
        message: 'Bitte richten Sie zuerst die Zwei-Faktor-Anmeldung ein.',
      });
    }
    // What the setup needs: the profile (for the browser's routing), the status, keeping alive.
    expect((await call(production, cookie, 'GET', '/api/profiles/me')).statusCode).toBe(200);
    expect((await call(production, cookie, 'POST', '/api/auth/session/touch')).statusCode).toBe(
      200,
    );
    const status = await call(production, cookie, 'GET', '/api/me/two-factor');
    expect(status.json()).toMatchObject({ enabled: false, required: true });

    const setup = await call(production, cookie, 'POST', '/api/me/two-factor/setup');
    expect(setup.statusCode).toBe(200);
    const confirmed = await call(production, cookie, 'POST', '/api/me/two-factor/confirm', {
      code: nextCode(production, setup.json().secret),
    });
    expect(confirmed.statusCode).toBe(200);

    // The same session may now do everything an admin may.
    expect((await call(production, cookie, 'GET', '/api/admin/dashboard')).statusCode).toBe(200);
    expect((await call(production, cookie, 'GET', '/api/auth/session')).json().twoFactor).toEqual({
      enabled: true,
      setupRequired: false,
    });
    // And the next sign-in asks for the code.
    const next = await production.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: admin.email, password: FACTORY_PASSWORD },
      remoteAddress: freshIp(),
    });
    expect(next.json().twoFactorRequired).toBe(true);
  });

  it('leaves owners and employees in production alone (offered, not required)', async () => {
    for (const person of [hotel.owner, hotel.employees[0]!]) {
      const { body, cookie } = await passwordSession(production, person.email);
      expect(body.twoFactor).toEqual({ enabled: false, setupRequired: false });
      expect((await call(production, cookie, 'GET', '/api/employee/messages')).statusCode).toBe(
        200,
      );
    }
    const ownerCookie = await signIn(production, hotel.owner.email);
    expect((await call(production, ownerCookie, 'GET', '/api/admin/dashboard')).statusCode).toBe(
      200,
    );
  });
});

describe('the platform admin outside production', () => {
  it('is offered two-factor sign-in like everyone, not forced', async () => {
    const hotel = await createBusiness(development.database.db);
    const admin = await createPlatformAdmin(development.database.db, { businessId: hotel.id });
    const { body, cookie } = await passwordSession(development, admin.email);
    expect(body.twoFactor).toEqual({ enabled: false, setupRequired: false });
    expect((await call(development, cookie, 'GET', '/api/admin/dashboard')).statusCode).toBe(200);
    const status = await call(development, cookie, 'GET', '/api/me/two-factor');
    expect(status.json().required).toBe(false);
  });
});
