import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { DEMO_PASSWORD } from '../../db/seed';
import { hashToken } from './tokens';

let t: TestApp;
let nextIp = 1;
/** Each test signs in from its own address, so per-address limits never leak between tests. */
const freshIp = () => `10.0.0.${nextIp++}`;

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
});
afterAll(async () => {
  await t.close();
});

function signIn(body: unknown, remoteAddress = freshIp()) {
  return t.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: body as object,
    remoteAddress,
  });
}

describe('password sign-in: validation (spec §5)', () => {
  it.each([
    [{ email: '', password: '' }, 'Bitte füllen Sie alle Felder aus.'],
    [{}, 'Bitte füllen Sie alle Felder aus.'],
    [{ email: '   ', password: DEMO_PASSWORD }, 'Bitte füllen Sie alle Felder aus.'],
    [{ email: 'anna@demo.local', password: '' }, 'Bitte füllen Sie alle Felder aus.'],
    [
      { email: 'kein-at-zeichen', password: DEMO_PASSWORD },
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    ],
    [
      { email: 'anna@demo', password: DEMO_PASSWORD },
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    ],
    [
      { email: 'anna@demo.local', password: '12345' },
      'Das Passwort muss mindestens 6 Zeichen lang sein.',
    ],
  ])('%j -> %s', async (body, message) => {
    const response = await signIn(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation_failed',
      title: 'Eingabefehler',
      message,
    });
  });

  it('trims and lower-cases the e-mail before looking it up', async () => {
    const response = await signIn({ email: '  ANNA@Demo.Local ', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe('anna@demo.local');
  });
});

describe('password sign-in: success', () => {
  it('sets an httpOnly SameSite cookie pointing at a server-side session stored hashed', async () => {
    const response = await signIn({ email: 'ben@demo.local', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user.email).toBe('ben@demo.local');
    expect(body.session.idleTimeoutSeconds).toBe(900);
    expect(new Date(body.session.idleExpiresAt).getTime()).toBe(
      t.clock.now().getTime() + 15 * 60_000,
    );
    expect(response.headers['cache-control']).toBe('no-store');

    const cookie = response.cookies.find((c) => c.name === 'trinkgeld_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    const sessions = await t.database.query<{ id: string }>(
      'SELECT s.id FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1',
      ['ben@demo.local'],
    );
    expect(sessions.map((s) => s.id)).toContain(hashToken(cookie.value));
    expect(sessions.map((s) => s.id)).not.toContain(cookie.value);

    const [user] = await t.database.query<{ last_login_at: Date }>(
      'SELECT last_login_at FROM users WHERE email = $1',
      ['ben@demo.local'],
    );
    expect(new Date(user!.last_login_at).getTime()).toBe(t.clock.now().getTime());
  });

  it('marks the cookie Secure with the __Host- prefix when served over https', async () => {
    const secure = await createTestApp({
      database: t.database,
      clock: t.clock,
      config: { publicOrigin: 'https://trinkgeld.example' },
    });
    try {
      const response = await secure.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: 'clara@demo.local', password: DEMO_PASSWORD },
        remoteAddress: freshIp(),
      });
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((c) => c.name === '__Host-trinkgeld_session')!;
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    } finally {
      await secure.close();
    }
  });
});

describe('password sign-in: failures (spec §8)', () => {
  const invalid = {
    code: 'invalid_credentials',
    title: 'Anmeldung fehlgeschlagen',
    message: 'E-Mail oder Passwort sind falsch. Überprüfen Sie Ihre Eingaben.',
  };

  it('answers a wrong password and an unknown address identically', async () => {
    const wrong = await signIn({ email: 'david@demo.local', password: 'falsches-passwort' });
    const unknown = await signIn({ email: 'niemand@demo.local', password: 'falsches-passwort' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: invalid });
    expect(unknown.json()).toEqual({ error: invalid });
    expect(wrong.cookies).toHaveLength(0);
  });

  it('refuses an unconfirmed e-mail address, only after the right password', async () => {
    await t.database.query(
      "INSERT INTO users (email, password_hash) SELECT 'neu@demo.local', password_hash FROM users WHERE email = 'anna@demo.local'",
    );
    const wrong = await signIn({ email: 'neu@demo.local', password: 'falsches-passwort' });
    expect(wrong.json().error.code).toBe('invalid_credentials');
    const right = await signIn({ email: 'neu@demo.local', password: DEMO_PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json().error).toEqual({
      code: 'email_not_confirmed',
      title: 'Anmeldung fehlgeschlagen',
      message: 'Ihr E-Mail-Konto wurde noch nicht bestätigt.',
    });
  });

  it('refuses a disabled account with the general failure message', async () => {
    await t.database.query(
      "INSERT INTO users (email, password_hash, email_verified_at, disabled_at) SELECT 'weg@demo.local', password_hash, now(), now() FROM users WHERE email = 'anna@demo.local'",
    );
    const response = await signIn({ email: 'weg@demo.local', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'sign_in_failed',
      title: 'Anmeldung fehlgeschlagen',
      message: 'Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut.',
    });
  });

  it('has no public self-registration', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: 'gast@example.com', password: 'geheim123' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'signup_disabled',
      title: 'Anmeldung fehlgeschlagen',
      message: 'Registrierung ist derzeit deaktiviert.',
    });
  });
});

describe('password sign-in: rate limits', () => {
  it('refuses the 11th attempt for one address within 15 minutes with retryAfter', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await signIn({ email: 'inhaber@demo.local', password: DEMO_PASSWORD }, ip);
      expect(response.statusCode).toBe(200);
    }
    const check = await t.inject({
      method: 'POST',
      url: '/api/auth/rate-limit',
      payload: { endpoint: 'auth-login', email: 'inhaber@demo.local' },
      remoteAddress: ip,
    });
    expect(check.json()).toMatchObject({ allowed: false, remaining: 0, retryAfter: 900 });

    const refused = await signIn({ email: 'inhaber@demo.local', password: DEMO_PASSWORD }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    expect(refused.json().error).toEqual({
      code: 'rate_limited',
      title: 'Zu viele Anfragen',
      message: 'Bitte warten Sie 15 Minute(n) und versuchen Sie es erneut.',
      retryAfter: 900,
    });

    // The limit is per address: another address from the same network still works.
    const other = await signIn({ email: 'anna@demo.local', password: DEMO_PASSWORD }, ip);
    expect(other.statusCode).toBe(200);

    t.clock.advance(15 * 60_000);
    const later = await signIn({ email: 'inhaber@demo.local', password: DEMO_PASSWORD }, ip);
    expect(later.statusCode).toBe(200);
  });

  it('reports allowed, remaining, resetTime and retryAfter without counting', async () => {
    const ip = freshIp();
    const check = () =>
      t.inject({
        method: 'POST',
        url: '/api/auth/rate-limit',
        payload: { endpoint: 'auth-login' },
        remoteAddress: ip,
      });
    const first = (await check()).json();
    const second = (await check()).json();
    expect(first).toEqual(second);
    expect(first).toEqual({
      allowed: true,
      remaining: 50,
      resetTime: new Date(t.clock.now().getTime() + 15 * 60_000).toISOString(),
      retryAfter: 0,
    });
    await signIn({ email: 'anna@demo.local', password: DEMO_PASSWORD }, ip);
    expect((await check()).json().remaining).toBe(49);
  });

  it('locks an account for a while after five wrong passwords, even for the right one', async () => {
    await t.database.query(
      "INSERT INTO users (email, password_hash, email_verified_at) SELECT 'sperre@demo.local', password_hash, now() FROM users WHERE email = 'anna@demo.local'",
    );
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await signIn({ email: 'sperre@demo.local', password: 'falsch-falsch' });
      expect(wrong.json().error.code).toBe('invalid_credentials');
    }
    const locked = await signIn({ email: 'sperre@demo.local', password: DEMO_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatchObject({
      code: 'too_many_attempts',
      title: 'Anmeldung fehlgeschlagen',
      message: 'Zu viele Anmeldeversuche. Bitte warten Sie einen Moment.',
    });
    expect(locked.json().error.retryAfter).toBeGreaterThan(0);

    t.clock.advance(15 * 60_000);
    expect((await signIn({ email: 'sperre@demo.local', password: DEMO_PASSWORD })).statusCode).toBe(
      200,
    );
  });
});

describe('password sign-in when the rate-limit store fails', () => {
  it('still signs in (fail open, docs/decisions/0012)', async () => {
    await t.database.query('ALTER TABLE rate_limit_buckets RENAME TO rate_limit_buckets_away');
    try {
      const response = await signIn({ email: 'anna@demo.local', password: DEMO_PASSWORD });
      expect(response.statusCode).toBe(200);
    } finally {
      await t.database.query('ALTER TABLE rate_limit_buckets_away RENAME TO rate_limit_buckets');
    }
  });
});
