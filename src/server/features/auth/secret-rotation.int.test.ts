import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { connectAgain } from '../../../../test/support/database';
import {
  createBusiness,
  createTwoFactor,
  FACTORY_PASSWORD,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { challengeCookieOf, nextCode, sessionCookieOf } from '../../../../test/support/two-factor';
import { userTwoFactor } from '../../db/schema';
import { freshIp } from '../../../../test/support/addresses';

/**
 * Decision 0402: SESSION_SECRET rotated with the old secret in SESSION_SECRET_PREVIOUS. Three
 * instances on one database: `before` (the old secret), `rotated` (new + previous) and `bare` (new
 * only, as if the old secret had simply been replaced).
 */
const OLD = 'old-session-secret-0123456789-abcdefghijklmnop';
const NEW = 'new-session-secret-9876543210-zyxwvutsrqponml';

let before: TestApp;
let rotated: TestApp;
let bare: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;

beforeAll(async () => {
  before = await createTestApp({ config: { sessionSecret: OLD, sessionSecretPrevious: [] } });
  rotated = await createTestApp({
    database: await connectAgain(before.database),
    clock: before.clock,
    config: { sessionSecret: NEW, sessionSecretPrevious: [OLD] },
  });
  bare = await createTestApp({
    database: await connectAgain(before.database),
    clock: before.clock,
    config: { sessionSecret: NEW, sessionSecretPrevious: [] },
  });
  hotel = await createBusiness(before.database.db, { employees: 2 });
  cafe = await createBusiness(before.database.db, { employees: 1 });
});
afterAll(async () => {
  for (const t of [bare, rotated]) {
    await t.close();
    await t.database.close();
  }
  await before.close();
});

const signInWithPassword = (t: TestApp, email: string) =>
  t.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password: FACTORY_PASSWORD },
    remoteAddress: freshIp(),
  });

const sendCode = (t: TestApp, challenge: string, code: string) =>
  t.inject({
    method: 'POST',
    url: '/api/auth/two-factor',
    payload: { code },
    headers: { cookie: challenge },
    remoteAddress: freshIp(),
  });

const me = (t: TestApp, cookie: string) =>
  t.inject({ method: 'GET', url: '/api/profiles/me', headers: { cookie } });

/** A person with two-factor sign-in switched on under the old secret. */
async function withTwoFactor(userId: string) {
  return createTwoFactor(before.database.db, {
    serverSecret: OLD,
    userId,
    now: before.clock.now(),
  });
}

describe('SESSION_SECRET rotation', () => {
  it('keeps a session made under the old secret signed in, on every instance', async () => {
    const response = await signInWithPassword(before, cafe.employees[0]!.email);
    expect(response.statusCode).toBe(200);
    const session = sessionCookieOf(response);
    // The cookie is a random token whose SHA-256 is the row's key: no secret is involved, so a
    // rotation signs nobody out whether or not the previous secret is listed.
    expect((await me(rotated, session)).statusCode).toBe(200);
    expect((await me(bare, session)).statusCode).toBe(200);
  });

  it('lets someone with two-factor sign-in in with PREVIOUS set, and not without it', async () => {
    const anna = hotel.employees[0]!;
    const { secret } = await withTwoFactor(anna.id);

    // Without the previous secret the sealed authenticator secret does not open: refused.
    const refused = await sendCode(
      bare,
      challengeCookieOf(bare, await signInWithPassword(bare, anna.email)),
      nextCode(bare, secret),
    );
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('two_factor_sign_in_code_invalid');

    // With it: signed in, and the secret is sealed again under the new one ...
    const sealedBefore = await sealedOf(anna.id);
    const accepted = await sendCode(
      rotated,
      challengeCookieOf(rotated, await signInWithPassword(rotated, anna.email)),
      nextCode(rotated, secret),
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().secondFactor).toBe('totp');
    expect((await me(rotated, sessionCookieOf(accepted))).statusCode).toBe(200);
    expect(await sealedOf(anna.id)).not.toBe(sealedBefore);

    // ... so once the rotation window ends (no PREVIOUS) the same authenticator still works.
    const later = await sendCode(
      bare,
      challengeCookieOf(bare, await signInWithPassword(bare, anna.email)),
      nextCode(bare, secret),
    );
    expect(later.statusCode).toBe(200);
  });

  it('accepts a recovery code made under the old secret with PREVIOUS set, and not without it', async () => {
    const ben = hotel.employees[1]!;
    const { recoveryCodes } = await withTwoFactor(ben.id);
    const code = recoveryCodes[0]!;

    const refused = await sendCode(
      bare,
      challengeCookieOf(bare, await signInWithPassword(bare, ben.email)),
      code,
    );
    expect(refused.statusCode).toBe(401);

    const accepted = await sendCode(
      rotated,
      challengeCookieOf(rotated, await signInWithPassword(rotated, ben.email)),
      code,
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().secondFactor).toBe('recovery_code');
  });

  it('reads a cookie signed under the old secret with PREVIOUS set, and signs new ones with the new', () => {
    const signed = before.app.signCookie('device-of-anna');
    expect(rotated.app.unsignCookie(signed)).toMatchObject({
      valid: true,
      value: 'device-of-anna',
    });
    expect(bare.app.unsignCookie(signed).valid).toBe(false);
    const fresh = rotated.app.signCookie('device-of-anna');
    expect(bare.app.unsignCookie(fresh)).toMatchObject({ valid: true, value: 'device-of-anna' });
  });
});

async function sealedOf(userId: string): Promise<string> {
  const [row] = await before.database.db
    .select({ sealed: userTwoFactor.secretSealed })
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId));
  return row!.sealed;
}
