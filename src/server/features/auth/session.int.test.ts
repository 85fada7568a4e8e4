import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPerson,
  FACTORY_PASSWORD,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { hashToken } from './tokens';

let t: TestApp;
let hotel: FactoryBusiness;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 0 });
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;
const get = (url: string, cookie?: string) =>
  t.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie?: string, payload: object = {}) =>
  t.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload });
/** A person of their own per test, so no test shares sessions with another. */
const newEmployee = () => createPerson(t.database.db, { businessId: hotel.id });

describe('GET /api/auth/session', () => {
  it('answers nulls without a cookie, and the session with one', async () => {
    expect((await get('/api/auth/session')).json()).toEqual({ user: null, session: null });
    const anna = await newEmployee();
    const cookie = await signIn(t, anna.email);
    const body = (await get('/api/auth/session', cookie)).json();
    expect(body.user.email).toBe(anna.email);
    expect(body.session.idleExpiresAt).toBe(
      new Date(t.clock.now().getTime() + 15 * MINUTE).toISOString(),
    );
  });
});

describe('first sign-in on the session read (decision 0510)', () => {
  it('says firstSignIn for the whole first session, and not for a later one', async () => {
    const anna = await newEmployee();
    // The real sign-in (the factory's session helper skips it): it knows about earlier ones.
    const signInWithPassword = async (remoteAddress: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { origin: t.config.publicOrigin },
        payload: { email: anna.email, password: FACTORY_PASSWORD },
        remoteAddress,
      });
      expect(response.statusCode).toBe(200);
      const session = response.cookies.find((c) => c.name === 'trinkgeld_session')!;
      return { cookie: `${session.name}=${session.value}`, body: response.json() };
    };
    const { cookie: first, body } = await signInWithPassword('10.2.0.1');
    expect(body.firstSignIn).toBe(true);
    expect((await get('/api/auth/session', first)).json().firstSignIn).toBe(true);
    t.clock.advance(MINUTE);
    // Still the first session after other requests, though last_login_at is set by now.
    expect((await get('/api/profiles/me', first)).statusCode).toBe(200);
    expect((await get('/api/auth/session', first)).json().firstSignIn).toBe(true);

    const { cookie: later, body: laterBody } = await signInWithPassword('10.2.0.2');
    expect(laterBody.firstSignIn).toBe(false);
    expect((await get('/api/auth/session', later)).json().firstSignIn).toBe(false);
    expect((await get('/api/auth/session', first)).json().firstSignIn).toBe(true);
  });
});

describe('idle timeout on the server (15 minutes)', () => {
  it('answers 401 session_expired after 15 minutes without activity', async () => {
    const cookie = await signIn(t, (await newEmployee()).email);
    t.clock.advance(14 * MINUTE + 59_000);
    expect((await get('/api/profiles/me', cookie)).statusCode).toBe(200);
    t.clock.advance(1_000);
    const expired = await get('/api/profiles/me', cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toEqual({
      code: 'session_expired',
      title: 'Sitzung abgelaufen',
      message: 'Sie wurden aufgrund von Inaktivität automatisch abgemeldet.',
    });
    expect(expired.cookies.find((c) => c.name === 'trinkgeld_session')?.value).toBe('');
    expect((await get('/api/auth/session', cookie)).json().user).toBeNull();
  });

  it('answers 401 unauthenticated without any cookie', async () => {
    const response = await get('/api/profiles/me');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });

  it('is kept alive by the browser activity call (touch)', async () => {
    const cookie = await signIn(t, (await newEmployee()).email);
    t.clock.advance(10 * MINUTE);
    const touched = await post('/api/auth/session/touch', cookie);
    expect(touched.statusCode).toBe(200);
    expect(touched.json().session.idleExpiresAt).toBe(
      new Date(t.clock.now().getTime() + 15 * MINUTE).toISOString(),
    );
    t.clock.advance(10 * MINUTE);
    expect((await get('/api/profiles/me', cookie)).statusCode).toBe(200);
  });

  it('is kept alive by changes the person makes, but not by reading', async () => {
    const clara = await newEmployee();
    const cookie = await signIn(t, clara.email);
    t.clock.advance(10 * MINUTE);
    expect((await get('/api/profiles/me', cookie)).statusCode).toBe(200);
    t.clock.advance(6 * MINUTE);
    expect((await get('/api/profiles/me', cookie)).statusCode).toBe(401);

    const second = await signIn(t, clara.email);
    t.clock.advance(10 * MINUTE);
    const saved = await t.inject({
      method: 'PATCH',
      url: '/api/profiles/me',
      headers: { cookie: second },
      payload: { jobTitle: 'Barchefin' },
    });
    expect(saved.statusCode).toBe(200);
    t.clock.advance(10 * MINUTE);
    expect((await get('/api/profiles/me', second)).statusCode).toBe(200);
  });

  it('cannot be touched back to life once expired', async () => {
    const cookie = await signIn(t, (await newEmployee()).email);
    t.clock.advance(16 * MINUTE);
    const touched = await post('/api/auth/session/touch', cookie);
    expect(touched.statusCode).toBe(401);
    expect(touched.json().error.code).toBe('session_expired');
  });

  it('ends after 12 hours even with constant activity', async () => {
    const cookie = await signIn(t, (await newEmployee()).email);
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 14) {
      t.clock.advance(14 * MINUTE);
      const touched = await post('/api/auth/session/touch', cookie);
      if (elapsed + 14 < 12 * 60) expect(touched.statusCode).toBe(200);
    }
    expect((await get('/api/profiles/me', cookie)).statusCode).toBe(401);
  });
});

describe('sign-out', () => {
  it('deletes the session: the old cookie no longer works', async () => {
    const cookie = await signIn(t, (await newEmployee()).email);
    const token = cookie.split('=')[1]!;
    expect(
      await t.database.query('SELECT 1 FROM auth_sessions WHERE id = $1', [hashToken(token)]),
    ).toHaveLength(1);
    const out = await post('/api/auth/sign-out', cookie);
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'trinkgeld_session')?.value).toBe('');
    const after = await t.database.query('SELECT 1 FROM auth_sessions WHERE id = $1', [
      hashToken(token),
    ]);
    expect(after).toHaveLength(0);
    expect((await get('/api/profiles/me', cookie)).statusCode).toBe(401);
  });

  it('answers 204 without a session as well', async () => {
    expect((await post('/api/auth/sign-out')).statusCode).toBe(204);
  });
});

describe('CSRF: state-changing requests only from our own origin', () => {
  it('rejects a POST without Origin or Referer, and one from a foreign origin', async () => {
    const anna = await newEmployee();
    const cookie = await signIn(t, anna.email);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie },
      payload: {},
    });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().error).toEqual({
      code: 'csrf_rejected',
      title: 'Zugriff verweigert',
      message: 'Die Anfrage kam nicht von dieser Anwendung und wurde abgelehnt.',
    });
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: '/api/profiles/me',
      headers: { cookie, origin: 'https://boese.example' },
      payload: { fullName: 'Gehackt' },
    });
    expect(foreign.statusCode).toBe(403);
    const [profile] = await t.database.query<{ full_name: string }>(
      'SELECT full_name FROM profiles WHERE id = $1',
      [anna.id],
    );
    expect(profile!.full_name).toBe(anna.fullName);
    // The session survived the forged sign-out.
    expect((await get('/api/profiles/me', cookie)).statusCode).toBe(200);
  });

  it('accepts the public origin, a Referer from it, and the own host', async () => {
    const payload = { email: (await newEmployee()).email, password: FACTORY_PASSWORD };
    const viaReferer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { referer: `${t.config.publicOrigin}/employee/login` },
      payload,
      remoteAddress: '10.1.0.1',
    });
    expect(viaReferer.statusCode).toBe(200);
    const viaHost = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: 'trinkgeld.intern:8080', origin: 'http://trinkgeld.intern:8080' },
      payload,
      remoteAddress: '10.1.0.2',
    });
    expect(viaHost.statusCode).toBe(200);
    const spoofedReferer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { referer: 'https://boese.example/?http://localhost:3000' },
      payload,
    });
    expect(spoofedReferer.statusCode).toBe(403);
  });

  it('leaves reads alone and lets a route opt out with config.csrf = false', async () => {
    const probe = await createTestApp({
      database: t.database,
      register: async (app) => {
        app.post('/api/test/webhook', { config: { csrf: false } }, async () => ({ ok: true }));
      },
    });
    try {
      const webhook = await probe.app.inject({
        method: 'POST',
        url: '/api/test/webhook',
        payload: {},
      });
      expect(webhook.statusCode).toBe(200);
      expect((await probe.app.inject({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(
        200,
      );
    } finally {
      await probe.close();
    }
  });
});
