import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import {
  createBusiness,
  createPerson,
  FACTORY_PASSWORD,
  type FactoryBusiness,
  type PersonOptions,
} from '../../../../test/support/factories';
import { AUTH_RATE_RULES } from './limits';
import { hashIdentifier, hashToken } from './tokens';
import { freshIp } from '../../../../test/support/addresses';
import { tokenIn } from '../../../../test/support/mail-links';

let t: TestApp;
let hotel: FactoryBusiness;
/** Each test signs in from its own address, so per-address limits never leak between tests. */

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 0 });
});

/** Someone of the hotel's staff, new for each test, so no test inherits another's attempts. */
const newEmployee = () => createPerson(t.database.db, { businessId: hotel.id });
/** A sign-in identity without a profile yet (what an invitation leaves before onboarding). */
const newAccount = (options: PersonOptions = {}) =>
  createPerson(t.database.db, { withProfile: false, ...options });
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
    [{ email: '   ', password: FACTORY_PASSWORD }, 'Bitte füllen Sie alle Felder aus.'],
    [{ email: 'jemand@test.local', password: '' }, 'Bitte füllen Sie alle Felder aus.'],
    [
      { email: 'kein-at-zeichen', password: FACTORY_PASSWORD },
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    ],
    [
      { email: 'jemand@test', password: FACTORY_PASSWORD },
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    ],
    [
      { email: 'jemand@test.local', password: '12345' },
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
    const anna = await newEmployee();
    const response = await signIn({
      email: `  ${anna.email.toUpperCase()} `,
      password: FACTORY_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(anna.email);
  });
});

describe('password sign-in: success', () => {
  it('sets an httpOnly SameSite cookie pointing at a server-side session stored hashed', async () => {
    const ben = await newEmployee();
    const response = await signIn({ email: ben.email, password: FACTORY_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user.email).toBe(ben.email);
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
      [ben.email],
    );
    expect(sessions.map((s) => s.id)).toContain(hashToken(cookie.value));
    expect(sessions.map((s) => s.id)).not.toContain(cookie.value);

    const [user] = await t.database.query<{ last_login_at: Date }>(
      'SELECT last_login_at FROM users WHERE email = $1',
      [ben.email],
    );
    expect(new Date(user!.last_login_at).getTime()).toBe(t.clock.now().getTime());
  });

  it('tells a first sign-in apart from a returning one (greeting)', async () => {
    const person = await newEmployee();
    const first = await signIn({ email: person.email, password: FACTORY_PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json().firstSignIn).toBe(true);
    const again = await signIn({ email: person.email, password: FACTORY_PASSWORD });
    expect(again.json().firstSignIn).toBe(false);
  });

  it('marks the cookie Secure with the __Host- prefix when served over https', async () => {
    const secure = await createTestApp({
      database: t.database,
      clock: t.clock,
      config: { publicOrigin: 'https://trinkgeld.example' },
    });
    const clara = await newEmployee();
    try {
      const response = await secure.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: clara.email, password: FACTORY_PASSWORD },
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
    const david = await newEmployee();
    const wrong = await signIn({ email: david.email, password: 'falsches-passwort' });
    const unknown = await signIn({ email: 'niemand@test.local', password: 'falsches-passwort' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: invalid });
    expect(unknown.json()).toEqual({ error: invalid });
    expect(wrong.cookies).toHaveLength(0);
  });

  it('refuses an unconfirmed e-mail address, only after the right password', async () => {
    const unconfirmed = await newAccount();
    await t.database.query('UPDATE users SET email_verified_at = NULL WHERE id = $1', [
      unconfirmed.id,
    ]);
    const wrong = await signIn({ email: unconfirmed.email, password: 'falsches-passwort' });
    expect(wrong.json().error.code).toBe('invalid_credentials');
    const right = await signIn({ email: unconfirmed.email, password: FACTORY_PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json().error).toEqual({
      code: 'email_not_confirmed',
      title: 'Anmeldung fehlgeschlagen',
      message: 'Ihr E-Mail-Konto wurde noch nicht bestätigt.',
    });
  });

  // Decision 0356: after the right password a deactivated person hears why.
  it('refuses a disabled account and says it is deactivated', async () => {
    const gone = await newAccount({ disabled: true });
    const response = await signIn({ email: gone.email, password: FACTORY_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'account_deactivated',
      title: 'Anmeldung fehlgeschlagen',
      message:
        'Ihr Konto ist deaktiviert. Bitte wenden Sie sich an die Inhaberin oder den Inhaber Ihres Betriebs oder an dessen Administration, damit Ihr Konto wieder freigeschaltet wird.',
    });
  });
});

describe('password sign-in: rate limits', () => {
  it('refuses the 51st attempt from one network address within 15 minutes with retryAfter', async () => {
    const owner = (await createBusiness(t.database.db, { employees: 0 })).owner.email;
    const ip = freshIp();
    // Wrong sign-ins from one address: 49 counted directly (hashing 50 passwords would only make
    // the test slow), the 50th through the endpoint.
    const ipKey = hashIdentifier(t.config.sessionSecret, `ip:${ip}`);
    for (let attempt = 1; attempt < AUTH_RATE_RULES.loginPerIp.limit; attempt += 1) {
      await t.app.rateLimiter.consume(AUTH_RATE_RULES.loginPerIp, ipKey);
    }
    // The 50th is a failure too (successes give their hit back).
    const fiftieth = await signIn({ email: owner, password: 'falsch-falsch' }, ip);
    expect(fiftieth.statusCode).toBe(401);
    const check = await t.inject({
      method: 'POST',
      url: '/api/auth/rate-limit',
      payload: { endpoint: 'auth-login', email: owner },
      remoteAddress: ip,
    });
    expect(check.json()).toMatchObject({ allowed: false, retryAfter: 900 });

    const refused = await signIn({ email: owner, password: FACTORY_PASSWORD }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    expect(refused.json().error).toEqual({
      code: 'rate_limited',
      title: 'Zu viele Anfragen',
      message: 'Bitte warten Sie 15 Minute(n) und versuchen Sie es erneut.',
      retryAfter: 900,
    });

    // The limit is per address: the same account from another address still works.
    const other = await signIn({ email: owner, password: FACTORY_PASSWORD });
    expect(other.statusCode).toBe(200);

    t.clock.advance(15 * 60_000);
    const later = await signIn({ email: owner, password: FACTORY_PASSWORD }, ip);
    expect(later.statusCode).toBe(200);
  });

  it('tells only whether and when to retry, never how many attempts are left', async () => {
    const ip = freshIp();
    const check = () =>
      t.inject({
        method: 'POST',
        url: '/api/auth/rate-limit',
        payload: { endpoint: 'auth-login' },
        remoteAddress: ip,
      });
    const first = (await check()).json();
    expect(first).toEqual({
      allowed: true,
      resetTime: t.clock.now().toISOString(),
      retryAfter: 0,
    });
    await signIn({ email: (await newEmployee()).email, password: FACTORY_PASSWORD }, ip);
    // Counting is invisible: the answer does not change after an attempt.
    expect((await check()).json()).toEqual(first);
  });
});

describe('password sign-in: throttling that never locks the owner out (finding 1)', () => {
  it('slows one address down after five wrong passwords for an account', async () => {
    const { email } = await newAccount();
    const attacker = freshIp();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await signIn({ email, password: 'falsch-falsch' }, attacker);
      expect(wrong.json().error.code).toBe('invalid_credentials');
    }
    const slowed = await signIn({ email, password: FACTORY_PASSWORD }, attacker);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error).toMatchObject({
      code: 'too_many_attempts',
      title: 'Anmeldung fehlgeschlagen',
      message: 'Zu viele Anmeldeversuche. Bitte warten Sie einen Moment.',
    });
    expect(slowed.json().error.retryAfter).toBeGreaterThan(0);

    // The real person at their own address is not affected.
    expect((await signIn({ email, password: FACTORY_PASSWORD })).statusCode).toBe(200);

    t.clock.advance(15 * 60_000);
    expect((await signIn({ email, password: FACTORY_PASSWORD }, attacker)).statusCode).toBe(200);
  });

  it('gives ten parallel wrong guesses no more tries than ten sequential ones', async () => {
    const { email } = await newAccount();
    const attacker = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => signIn({ email, password: 'falsch-falsch' }, attacker)),
    );
    const codes = answers.map((answer) => answer.json().error.code).sort();
    expect(codes.filter((code) => code === 'invalid_credentials')).toHaveLength(5);
    expect(codes.filter((code) => code === 'too_many_attempts')).toHaveLength(5);
  });

  it('keeps the usual device and magic links working while attackers from many addresses hammer', async () => {
    const { email } = await newAccount();
    // Earlier sign-in on the person's own device leaves a signed device cookie.
    const usual = await signIn({ email, password: FACTORY_PASSWORD });
    expect(usual.statusCode).toBe(200);
    const device = usual.cookies.find((c) => c.name === 'trinkgeld_device')!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    // An attacker rotating through many addresses uses up the account-wide budget: the last
    // wrong guess goes through the endpoint, the ones before are counted directly (hashing 30
    // passwords would only make the test slow).
    const accountKey = hashIdentifier(t.config.sessionSecret, `email:${email}`);
    for (let attempt = 1; attempt < AUTH_RATE_RULES.loginPerAccount.limit; attempt += 1) {
      await t.app.rateLimiter.consume(AUTH_RATE_RULES.loginPerAccount, accountKey);
    }
    const last = await signIn({ email, password: 'falsch-falsch' });
    expect(last.json().error.code).toBe('invalid_credentials');
    expect((await signIn({ email, password: 'falsch-falsch' })).json().error.code).toBe(
      'too_many_attempts',
    );
    // A stranger's device (no cookie) is throttled even with the right password ...
    expect((await signIn({ email, password: FACTORY_PASSWORD })).statusCode).toBe(429);
    // ... the person's own device is not ...
    const own = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: FACTORY_PASSWORD },
      remoteAddress: freshIp(),
      cookies: { trinkgeld_device: device.value },
    });
    expect(own.statusCode).toBe(200);
    // ... a forged or foreign device cookie does not help ...
    const forged = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: FACTORY_PASSWORD },
      remoteAddress: freshIp(),
      cookies: { trinkgeld_device: `${device.value}x` },
    });
    expect(forged.statusCode).toBe(429);
    // ... and a magic link still signs in.
    const requested = await t.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email },
      remoteAddress: freshIp(),
    });
    expect(requested.statusCode).toBe(202);
    const mail = await waitForMagicLink(email);
    const verified = await t.inject({
      method: 'POST',
      url: '/api/auth/magic-link/verify',
      payload: { token: mail },
      remoteAddress: freshIp(),
    });
    expect(verified.statusCode).toBe(200);
  });
});

/** The token of the latest magic link printed for `email` (console mail mode). */
async function waitForMagicLink(email: string): Promise<string> {
  // The mail is sent after the answer: once that work has settled, it is printed or never will be.
  await t.afterAnswer.settled();
  const text = [...t.printedMails].reverse().find((mail) => mail.includes(email));
  if (!text) throw new Error('no magic link printed');
  return tokenIn(text);
}

describe('password sign-in when the rate-limit store fails', () => {
  it('still signs in (fail open, docs/decisions/0012)', async () => {
    const anna = await newEmployee();
    await t.database.query('ALTER TABLE rate_limit_buckets RENAME TO rate_limit_buckets_away');
    try {
      const response = await signIn({ email: anna.email, password: FACTORY_PASSWORD });
      expect(response.statusCode).toBe(200);
    } finally {
      await t.database.query('ALTER TABLE rate_limit_buckets_away RENAME TO rate_limit_buckets');
    }
  });
});
