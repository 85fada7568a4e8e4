import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  createTwoFactor,
  FACTORY_PASSWORD,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { nextCode } from '../../../../test/support/two-factor';
import { AUTH_ERRORS } from '../../../shared/domain/auth';
import { SESSION_ENDED_ERRORS } from '../../../shared/domain/session-end';
import { INACTIVITY_TIMEOUT_MS } from '../../../shared/domain/constants';
import { runAuthCleanup } from '../../jobs/auth-cleanup';
import { SESSION_ABSOLUTE_TTL_MS } from './limits';
import { freshIp } from '../../../../test/support/addresses';

/**
 * Decision 0505: a session ended for a reason tells the next request with its
 * cookie why, with a code of its own and a German message, not the inactivity message.
 */

let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
let adminEmail: string;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 4 });
  cafe = await createBusiness(t.database.db, { employees: 1 });
  adminEmail = (await createPlatformAdmin(t.database.db, {})).email;
});
afterAll(async () => {
  await t.close();
});

function call(cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.inject({
    method,
    url,
    headers: { cookie },
    remoteAddress: freshIp(),
    ...(payload ? { payload } : {}),
  });
}

/** The code and message the next request of a cookie hears. */
async function refusalOf(cookie: string) {
  const response = await call(cookie, 'GET', '/api/profiles/me');
  expect(response.statusCode).toBe(401);
  const { code, title, message } = response.json().error as Record<string, string>;
  return { code, title, message };
}

async function resetLinkFor(email: string): Promise<string> {
  const before = t.printedMails.length;
  expect(
    (
      await t.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { email },
        remoteAddress: freshIp(),
      })
    ).statusCode,
  ).toBe(202);
  let mail: string | undefined;
  await vi.waitFor(
    () => {
      mail = t.printedMails.slice(before).find((m) => m.includes(`An: ${email}`));
      expect(mail).toBeDefined();
    },
    { timeout: 5_000 },
  );
  return /\/employee\/password\?token=([A-Za-z0-9_-]{43})/.exec(mail!)![1]!;
}

describe('the reason a session ended', () => {
  it('a password changed in another session: the other session hears so, this one goes on', async () => {
    const owner = cafe.owner;
    const laptop = await signIn(t, owner.email);
    const phone = await signIn(t, owner.email);
    const changed = await call(laptop, 'PUT', '/api/auth/password', {
      currentPassword: FACTORY_PASSWORD,
      newPassword: 'Leuchtturm am Morgen 7',
    });
    expect(changed.statusCode).toBeLessThan(300);
    const heard = await refusalOf(phone);
    expect(heard).toEqual({
      code: 'session_password_changed',
      title: SESSION_ENDED_ERRORS.session_password_changed.title,
      message: SESSION_ENDED_ERRORS.session_password_changed.message,
    });
    expect(heard.message).not.toBe(AUTH_ERRORS.session_expired.message);
    expect((await call(laptop, 'GET', '/api/profiles/me')).statusCode).toBe(200);
  });

  it('a password set with a reset link: every session hears so', async () => {
    const anna = hotel.employees[0]!;
    const phone = await signIn(t, anna.email);
    const tablet = await signIn(t, anna.email);
    const token = await resetLinkFor(anna.email);
    const set = await t.inject({
      method: 'POST',
      url: '/api/auth/password-link',
      payload: { token, password: 'Zitronenbaum im Hof 42' },
      remoteAddress: freshIp(),
    });
    expect(set.statusCode).toBe(204);
    expect((await refusalOf(phone)).code).toBe('session_password_changed');
    // Asked at the next page load: the session answer carries the reason as well.
    const session = await call(tablet, 'GET', '/api/auth/session');
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toBeNull();
    expect(session.json().ended.code).toBe('session_password_changed');
  });

  it('two-factor sign-in turned on in another session', async () => {
    const ben = hotel.employees[1]!;
    const here = await signIn(t, ben.email);
    const there = await signIn(t, ben.email);
    const setup = await call(here, 'POST', '/api/me/two-factor/setup');
    expect(setup.statusCode).toBe(200);
    const confirmed = await call(here, 'POST', '/api/me/two-factor/confirm', {
      code: nextCode(t, setup.json().secret as string),
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await refusalOf(there)).code).toBe('session_two_factor_enabled');
  });

  it('two-factor sign-in reset by the owner', async () => {
    const clara = hotel.employees[2]!;
    await createTwoFactor(t.database.db, {
      serverSecret: t.config.sessionSecret,
      userId: clara.id,
    });
    const phone = await signIn(t, clara.email);
    const ownerCookie = await signIn(t, hotel.owner.email);
    const reset = await call(ownerCookie, 'POST', `/api/admin/users/${clara.id}/two-factor/reset`);
    expect(reset.statusCode).toBeLessThan(300);
    expect((await refusalOf(phone)).code).toBe('session_two_factor_reset');
  });

  it('an account deactivated', async () => {
    const david = hotel.employees[3]!;
    const phone = await signIn(t, david.email);
    const ownerCookie = await signIn(t, hotel.owner.email);
    const done = await call(ownerCookie, 'POST', `/api/admin/users/${david.id}/deactivate`);
    expect(done.statusCode).toBeLessThan(300);
    expect((await refusalOf(phone)).code).toBe('session_account_deactivated');
  });

  it('signed out elsewhere: a copy of the cookie hears so; the reason goes at the 12 hours', async () => {
    const cookie = await signIn(t, cafe.employees[0]!.email);
    expect((await call(cookie, 'POST', '/api/auth/sign-out')).statusCode).toBe(204);
    expect((await refusalOf(cookie)).code).toBe('session_signed_out');
    const kept = 'SELECT count(*)::int AS n FROM auth_session_endings';
    const before = (await t.database.query<{ n: number }>(kept))[0]!.n;
    await runAuthCleanup(t.database, t.clock, { info: () => {}, warn: () => {} });
    expect((await t.database.query<{ n: number }>(kept))[0]!.n).toBe(before);
    t.clock.advance(SESSION_ABSOLUTE_TTL_MS + 1_000);
    await runAuthCleanup(t.database, t.clock, { info: () => {}, warn: () => {} });
    expect((await t.database.query<{ n: number }>(kept))[0]!.n).toBe(0);
  });

  it('idle for 15 minutes, and past the 12 hours: each its own code', async () => {
    const idle = await signIn(t, cafe.employees[0]!.email);
    t.clock.advance(INACTIVITY_TIMEOUT_MS + 1_000);
    expect(await refusalOf(idle)).toEqual({
      code: 'session_expired',
      title: AUTH_ERRORS.session_expired.title,
      message: AUTH_ERRORS.session_expired.message,
    });
    const long = await signIn(t, cafe.employees[0]!.email);
    for (let spent = 0; spent < SESSION_ABSOLUTE_TTL_MS; spent += INACTIVITY_TIMEOUT_MS / 2) {
      t.clock.advance(INACTIVITY_TIMEOUT_MS / 2);
      await call(long, 'POST', '/api/auth/session/touch');
    }
    expect((await refusalOf(long)).code).toBe('session_lifetime_ended');
  });

  it('suspending one business ends its sessions with the reason, never the other business’s', async () => {
    const adminCookie = await signIn(t, adminEmail);
    const hotelOwner = await signIn(t, hotel.owner.email);
    const cafeOwner = await signIn(t, cafe.owner.email);
    const suspended = await call(adminCookie, 'POST', `/api/admin/businesses/${hotel.id}/suspend`, {
      reason: 'Vertrag ruht',
    });
    expect(suspended.statusCode).toBe(200);
    const heard = await refusalOf(hotelOwner);
    expect(heard.code).toBe('business_suspended');
    expect(heard.message).toContain('gesperrt');
    expect((await call(cafeOwner, 'GET', '/api/profiles/me')).statusCode).toBe(200);
    // Reactivated: the ended session stays ended and still says why.
    const again = await signIn(t, hotel.owner.email);
    await call(adminCookie, 'POST', `/api/admin/businesses/${hotel.id}/reactivate`);
    await call(adminCookie, 'POST', `/api/admin/businesses/${hotel.id}/suspend`, { reason: 'x' });
    await call(adminCookie, 'POST', `/api/admin/businesses/${hotel.id}/reactivate`);
    expect((await refusalOf(again)).code).toBe('business_suspended');
  });

  it('closing a business', async () => {
    const shop = await createBusiness(t.database.db, { employees: 1 });
    const phone = await signIn(t, shop.employees[0]!.email);
    const cafeOwner = await signIn(t, cafe.owner.email);
    const adminCookie = await signIn(t, adminEmail);
    const closed = await call(adminCookie, 'POST', `/api/admin/businesses/${shop.id}/close`, {
      confirmName: shop.name,
    });
    expect(closed.statusCode).toBe(200);
    expect((await refusalOf(phone)).code).toBe('business_closed');
    expect((await call(cafeOwner, 'GET', '/api/profiles/me')).statusCode).toBe(200);
  });
});
