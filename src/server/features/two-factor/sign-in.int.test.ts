import { eq } from 'drizzle-orm';
import { newRecoveryCodes } from './recovery-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import {
  createBusiness,
  createPerson,
  createTwoFactor,
  FACTORY_PASSWORD,
  type FactoryPerson,
  type FactoryTwoFactor,
} from '../../../../test/support/factories';
import {
  challengeCookieOf,
  codeNow,
  magicLinkTokenFor,
  nextCode,
  sessionCookieOf,
} from '../../../../test/support/two-factor';
import { adminAuditLog, authSessions, twoFactorChallenges } from '../../db/schema';
import { hashToken } from '../auth/tokens';
import { freshIp } from '../../../../test/support/addresses';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A person of a fresh business with two-factor sign-in on. */
async function personWithTwoFactor(
  role: 'employee' | 'business_owner' = 'employee',
): Promise<FactoryPerson & FactoryTwoFactor> {
  const business = await createBusiness(t.database.db, { employees: 1 });
  const person = role === 'business_owner' ? business.owner : business.employees[0]!;
  const twoFactor = await createTwoFactor(t.database.db, {
    serverSecret: t.config.sessionSecret,
    userId: person.id,
    now: t.clock.now(),
  });
  return { ...person, ...twoFactor };
}

function passwordSignIn(email: string) {
  return t.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password: FACTORY_PASSWORD },
    remoteAddress: freshIp(),
  });
}

function sendCode(challengeCookie: string | undefined, code: string) {
  return t.inject({
    method: 'POST',
    url: '/api/auth/two-factor',
    payload: { code },
    ...(challengeCookie ? { headers: { cookie: challengeCookie } } : {}),
    remoteAddress: freshIp(),
  });
}

async function sessionsOf(userId: string) {
  return t.database.db.select().from(authSessions).where(eq(authSessions.userId, userId));
}

const wrongCode = (secret: string) => (codeNow(t, secret) === '000000' ? '000001' : '000000');

describe('a first factor of someone with two-factor sign-in', () => {
  it('answers "code required" to the right password, with a challenge cookie and no session', async () => {
    const anna = await personWithTwoFactor();
    const response = await passwordSignIn(anna.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      twoFactorRequired: true,
      challengeExpiresAt: new Date(t.clock.now().getTime() + 5 * 60_000).toISOString(),
    });
    expect(response.cookies.map((cookie) => cookie.name)).toEqual(['trinkgeld_2fa']);
    expect(response.cookies[0]).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth/two-factor',
    });
    expect(await sessionsOf(anna.id)).toEqual([]);
    const [challenge] = await t.database.db
      .select()
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.userId, anna.id));
    expect(challenge!.id).toBe(hashToken(response.cookies[0]!.value));
    expect(challenge!.method).toBe('password');

    // The challenge is no session: nothing signed in answers to it.
    const asSession = await t.inject({
      method: 'GET',
      url: '/api/profiles/me',
      headers: { cookie: `trinkgeld_session=${response.cookies[0]!.value}` },
    });
    expect(asSession.statusCode).toBe(401);
  });

  it('refuses a wrong password as before, without a challenge', async () => {
    const anna = await personWithTwoFactor();
    const response = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: anna.email, password: 'falsch-falsch' },
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(401);
    expect(response.cookies).toEqual([]);
  });

  it('answers "code required" to a magic link and to an invitation link alike', async () => {
    for (const purpose of ['magic_link', 'invitation'] as const) {
      const ben = await personWithTwoFactor();
      const token = await magicLinkTokenFor(t, ben.email, purpose);
      const response = await t.inject({
        method: 'POST',
        url: '/api/auth/magic-link/verify',
        payload: { token },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().twoFactorRequired).toBe(true);
      expect(response.cookies.map((cookie) => cookie.name)).toEqual(['trinkgeld_2fa']);
      expect(await sessionsOf(ben.id)).toEqual([]);
      const signedIn = await sendCode(challengeCookieOf(t, response), codeNow(t, ben.secret));
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user.email).toBe(ben.email);
      // The link is spent either way.
      const again = await t.inject({
        method: 'POST',
        url: '/api/auth/magic-link/verify',
        payload: { token },
      });
      expect(again.statusCode).toBe(400);
    }
  });

  it('ends the session this browser held before, so nobody skips the code step', async () => {
    // A shared reception phone: Mia is still signed in when Ben opens his sign-in link.
    const other = await createBusiness(t.database.db, { employees: 1 });
    const mia = other.employees[0]!;
    const miaCookie = sessionCookieOf(await passwordSignIn(mia.email));
    const ben = await personWithTwoFactor();
    const token = await magicLinkTokenFor(t, ben.email);
    const response = await t.inject({
      method: 'POST',
      url: '/api/auth/magic-link/verify',
      payload: { token },
      headers: { cookie: miaCookie },
    });
    expect(response.json().twoFactorRequired).toBe(true);
    const cleared = response.cookies.find((cookie) => cookie.name.endsWith('trinkgeld_session'));
    expect(cleared?.value).toBe('');
    expect(await sessionsOf(mia.id)).toEqual([]);
    const session = await t.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: miaCookie },
    });
    expect(session.json().user).toBeNull();
  });

  it('signs someone without two-factor in at once, as before', async () => {
    const business = await createBusiness(t.database.db, { employees: 1 });
    const response = await passwordSignIn(business.employees[0]!.email);
    expect(response.json().twoFactor).toEqual({ enabled: false, setupRequired: false });
    sessionCookieOf(response);
  });
});

describe('the code step', () => {
  it('opens the session with a right code, through the same path as every sign-in', async () => {
    const owner = await personWithTwoFactor('business_owner');
    const challenge = challengeCookieOf(t, await passwordSignIn(owner.email));
    const response = await sendCode(challenge, nextCode(t, owner.secret));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user.email).toBe(owner.email);
    expect(body.twoFactor).toEqual({ enabled: true, setupRequired: false });
    expect(body.secondFactor).toBe('totp');
    expect(body.recoveryCodesRemaining).toBe(10);
    // Session cookie set, challenge cookie cleared, device remembered.
    const session = sessionCookieOf(response);
    const cleared = response.cookies.find((cookie) => cookie.name === 'trinkgeld_2fa');
    expect(cleared?.value).toBe('');
    expect(response.cookies.some((cookie) => cookie.name === 'trinkgeld_device')).toBe(true);
    const me = await t.inject({
      method: 'GET',
      url: '/api/profiles/me',
      headers: { cookie: session },
    });
    expect(me.statusCode).toBe(200);

    const audit = await t.database.db
      .select({ action: adminAuditLog.action, payload: adminAuditLog.payload })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.adminId, owner.id));
    expect(audit).toEqual([
      { action: 'admin_login', payload: { method: 'password', secondFactor: 'totp' } },
    ]);

    // Single use: the challenge is gone, and so is the code for a new challenge.
    const reuse = await sendCode(challenge, codeNow(t, owner.secret));
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('two_factor_challenge_invalid');
    const next = challengeCookieOf(t, await passwordSignIn(owner.email));
    const replay = await sendCode(next, codeNow(t, owner.secret));
    expect(replay.statusCode).toBe(400);
    // A replayed code is named as used, not as wrong.
    expect(replay.json().error).toMatchObject({
      code: 'two_factor_code_already_used',
      message:
        'Dieser Code wurde bereits verwendet. Bitte warten Sie auf den nächsten Code Ihrer Authenticator-App.',
    });
  });

  it('accepts a code of the step before or after (clock drift), not two steps off', async () => {
    const person = await personWithTwoFactor();
    t.clock.advance(30_000);
    const challenge = challengeCookieOf(t, await passwordSignIn(person.email));
    t.clock.advance(-60_000);
    const twoStepsBefore = codeNow(t, person.secret);
    t.clock.advance(30_000);
    const stepBefore = codeNow(t, person.secret);
    t.clock.advance(30_000);
    const current = codeNow(t, person.secret);
    if (twoStepsBefore !== stepBefore && twoStepsBefore !== current) {
      expect((await sendCode(challenge, twoStepsBefore)).statusCode).toBe(401);
    }
    const response = await sendCode(challenge, stepBefore);
    expect(response.statusCode).toBe(200);
  });

  it('counts wrong codes; the fifth kills the challenge, even for the right code after it', async () => {
    const person = await personWithTwoFactor();
    const challenge = challengeCookieOf(t, await passwordSignIn(person.email));
    const challengeId = hashToken(challenge.split('=')[1]!);
    t.clock.advance(30_000);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = await sendCode(challenge, wrongCode(person.secret));
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toMatchObject({
        code: 'two_factor_sign_in_code_invalid',
        message: 'Der Bestätigungscode ist falsch. Bitte versuchen Sie es erneut.',
      });
      const [row] = await t.database.db
        .select({ failedAttempts: twoFactorChallenges.failedAttempts })
        .from(twoFactorChallenges)
        .where(eq(twoFactorChallenges.id, challengeId));
      expect(row!.failedAttempts).toBe(attempt);
    }
    const fifth = await sendCode(challenge, wrongCode(person.secret));
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().error.code).toBe('two_factor_challenge_invalid');
    expect(fifth.cookies.find((cookie) => cookie.name === 'trinkgeld_2fa')?.value).toBe('');
    const right = await sendCode(challenge, codeNow(t, person.secret));
    expect(right.statusCode).toBe(401);
    expect(right.json().error.code).toBe('two_factor_challenge_invalid');
    expect(await sessionsOf(person.id)).toEqual([]);
  });

  it('lets a challenge expire after five minutes', async () => {
    const person = await personWithTwoFactor();
    const challenge = challengeCookieOf(t, await passwordSignIn(person.email));
    t.clock.advance(5 * 60_000);
    const late = await sendCode(challenge, codeNow(t, person.secret));
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('two_factor_challenge_invalid');

    const inTime = challengeCookieOf(t, await passwordSignIn(person.email));
    t.clock.advance(5 * 60_000 - 1_000);
    expect((await sendCode(inTime, codeNow(t, person.secret))).statusCode).toBe(200);
  });

  it('refuses a code without any challenge, and malformed codes before anything else', async () => {
    const none = await sendCode(undefined, '123456');
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('two_factor_challenge_invalid');
    const malformed = await sendCode(undefined, 'abc');
    expect(malformed.statusCode).toBe(400);
  });

  it('takes a recovery code once and says how many are left', async () => {
    const person = await personWithTwoFactor();
    const code = person.recoveryCodes[2]!;
    const first = await sendCode(
      challengeCookieOf(t, await passwordSignIn(person.email)),
      ` ${code.toUpperCase()} `,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      secondFactor: 'recovery_code',
      recoveryCodesRemaining: 9,
    });

    const second = await sendCode(challengeCookieOf(t, await passwordSignIn(person.email)), code);
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toMatchObject({
      code: 'two_factor_recovery_code_already_used',
      message:
        'Dieser Wiederherstellungscode wurde bereits verwendet. Jeder Code gilt nur einmal; nehmen Sie einen anderen.',
    });
    // A code never issued is still just wrong.
    const unknown = await sendCode(
      challengeCookieOf(t, await passwordSignIn(person.email)),
      newRecoveryCodes(1)[0]!,
    );
    expect(unknown.json().error.code).toBe('two_factor_sign_in_code_invalid');
  });

  it('limits codes per account across challenges, like passwords', async () => {
    const person = await personWithTwoFactor();
    t.clock.advance(30_000);
    for (let round = 0; round < 2; round += 1) {
      const challenge = challengeCookieOf(t, await passwordSignIn(person.email));
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await sendCode(challenge, wrongCode(person.secret))).statusCode).toBe(401);
      }
    }
    const challenge = challengeCookieOf(t, await passwordSignIn(person.email));
    const limited = await sendCode(challenge, codeNow(t, person.secret));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('too_many_attempts');
  });

  it('ends the challenge when the account is deactivated or two-factor reset meanwhile', async () => {
    const person = await personWithTwoFactor();
    const challenge = challengeCookieOf(t, await passwordSignIn(person.email));
    await t.database.query('DELETE FROM user_two_factor WHERE user_id = $1', [person.id]);
    const response = await sendCode(challenge, codeNow(t, person.secret));
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('two_factor_challenge_invalid');

    const other = await createPerson(t.database.db);
    const two = await createTwoFactor(t.database.db, {
      serverSecret: t.config.sessionSecret,
      userId: other.id,
    });
    const otherChallenge = challengeCookieOf(t, await passwordSignIn(other.email));
    await t.database.query('UPDATE users SET disabled_at = now() WHERE id = $1', [other.id]);
    const refused = await sendCode(otherChallenge, codeNow(t, two.secret));
    expect(refused.statusCode).toBe(401);
    expect(await sessionsOf(other.id)).toEqual([]);
  });
});
