import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  FACTORY_PASSWORD,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { codeNow, nextCode, sessionCookieOf } from '../../../../test/support/two-factor';
import { adminAuditLog, profiles, twoFactorRecoveryCodes, userTwoFactor } from '../../db/schema';
import { normalizeRecoveryCode } from '../../../shared/domain/two-factor';
import { Secret } from 'otpauth';
import { freshIp } from '../../../../test/support/addresses';

let t: TestApp;
let hotel: FactoryBusiness;
let other: FactoryBusiness;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 4 });
  other = await createBusiness(t.database.db);
});
afterAll(async () => {
  await t.close();
});

function call(cookie: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.inject({
    method,
    url,
    headers: { cookie },
    remoteAddress: freshIp(),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function status(cookie: string) {
  return (await call(cookie, 'GET', '/api/me/two-factor')).json();
}

async function startSetup(cookie: string): Promise<string> {
  const response = await call(cookie, 'POST', '/api/me/two-factor/setup');
  expect(response.statusCode).toBe(200);
  return response.json().secret as string;
}

async function enable(cookie: string) {
  const secret = await startSetup(cookie);
  const confirmed = await call(cookie, 'POST', '/api/me/two-factor/confirm', {
    code: nextCode(t, secret),
  });
  expect(confirmed.statusCode).toBe(200);
  return { secret, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

function passwordSignIn(email: string) {
  return t.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password: FACTORY_PASSWORD },
    remoteAddress: freshIp(),
  });
}

async function auditActions(userId: string) {
  const rows = await t.database.db
    .select({ action: adminAuditLog.action, businessId: adminAuditLog.businessId })
    .from(adminAuditLog)
    .where(eq(adminAuditLog.adminId, userId));
  return rows;
}

describe('turning two-factor sign-in on', () => {
  it('shows a 20-byte secret and its otpauth URI, kept sealed and pending until confirmed', async () => {
    const anna = hotel.employees[0]!;
    const cookie = await signIn(t, anna.email);
    expect(await status(cookie)).toEqual({
      enabled: false,
      enabledAt: null,
      pending: false,
      recoveryCodesRemaining: 0,
      required: false,
    });

    const response = await call(cookie, 'POST', '/api/me/two-factor/setup');
    expect(response.statusCode).toBe(200);
    const setup = response.json();
    expect(setup.account).toBe(anna.email);
    expect(Secret.fromBase32(setup.secret).bytes.length).toBe(20);
    expect(setup.uri).toBe(
      `otpauth://totp/Trinkgeld:${encodeURIComponent(anna.email)}?issuer=Trinkgeld&secret=${setup.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    const [row] = await t.database.db
      .select()
      .from(userTwoFactor)
      .where(eq(userTwoFactor.userId, anna.id));
    expect(row!.secretSealed).not.toContain(setup.secret);
    expect(row!.enabledAt).toBeNull();
    expect((await status(cookie)).pending).toBe(true);

    // Pending is not on: the password alone still opens a session.
    const signedIn = await passwordSignIn(anna.email);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(anna.email);
    expect(signedIn.json().twoFactor).toEqual({ enabled: false, setupRequired: false });
  });

  it('refuses a wrong code and leaves the secret pending', async () => {
    const cookie = await signIn(t, hotel.employees[1]!.email);
    const secret = await startSetup(cookie);
    const right = codeNow(t, secret);
    const wrong = right === '000000' ? '000001' : '000000';
    const refused = await call(cookie, 'POST', '/api/me/two-factor/confirm', { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('two_factor_code_invalid');
    const malformed = await call(cookie, 'POST', '/api/me/two-factor/confirm', { code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.details[0].message).toBe(
      'Bitte geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.',
    );
    expect(await status(cookie)).toMatchObject({ enabled: false, pending: true });
    expect((await passwordSignIn(hotel.employees[1]!.email)).json().user).not.toBeNull();
  });

  it('confirms with a current code and shows ten recovery codes once, stored only hashed', async () => {
    const ben = hotel.employees[2]!;
    const cookie = await signIn(t, ben.email);
    const { recoveryCodes } = await enable(cookie);
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const stored = await t.database.db
      .select({ codeHash: twoFactorRecoveryCodes.codeHash })
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, ben.id));
    expect(stored).toHaveLength(10);
    const hashes = stored.map((row) => row.codeHash).join(' ');
    for (const code of recoveryCodes) {
      expect(hashes).not.toContain(normalizeRecoveryCode(code));
      expect(hashes).not.toContain(code);
    }
    const now = await status(cookie);
    expect(now).toMatchObject({ enabled: true, pending: false, recoveryCodesRemaining: 10 });
    expect(now.enabledAt).toBe(t.clock.now().toISOString());
    // A second setup is refused while it is on; nothing shows the secret again.
    const again = await call(cookie, 'POST', '/api/me/two-factor/setup');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('two_factor_already_enabled');
    expect(JSON.stringify(now)).not.toContain('secret');
    // The data export says that it is on, and nothing that would sign anyone in.
    const exported = await call(cookie, 'GET', '/api/me/data-export');
    expect(exported.json().twoFactor).toEqual({
      enabledAt: t.clock.now().toISOString(),
      recoveryCodesRemaining: 10,
    });
    for (const code of recoveryCodes) expect(exported.body).not.toContain(code);
    // An employee's settings leave no audit rows.
    expect(await auditActions(ben.id)).toEqual([]);
  });

  it('ends the person’s other sessions on confirming; this one and other people’s stay', async () => {
    // Whoever held a session from before (a stolen cookie) must sign in again, now with a code.
    const { employees } = await createBusiness(t.database.db, { employees: 1 });
    const person = employees[0]!;
    const current = await signIn(t, person.email);
    const elsewhere = await signIn(t, person.email);
    const colleague = await signIn(t, hotel.owner.email);
    const otherBusiness = await signIn(t, other.owner.email);
    await enable(current);
    expect((await call(current, 'GET', '/api/profiles/me')).statusCode).toBe(200);
    expect((await call(elsewhere, 'GET', '/api/profiles/me')).statusCode).toBe(401);
    for (const session of [colleague, otherBusiness]) {
      expect((await call(session, 'GET', '/api/profiles/me')).statusCode).toBe(200);
    }
  });

  it('writes an audit row in their business when an owner turns it on or off', async () => {
    const cookie = await signIn(t, other.owner.email);
    const { secret } = await enable(cookie);
    const off = await call(cookie, 'POST', '/api/me/two-factor/disable', {
      code: nextCode(t, secret),
    });
    expect(off.statusCode).toBe(200);
    const rows = await auditActions(other.owner.id);
    expect(rows).toEqual([
      { action: 'two_factor_enable', businessId: other.id },
      { action: 'two_factor_disable', businessId: other.id },
    ]);
  });
});

describe('turning it off and new recovery codes', () => {
  it('needs a current code or a recovery code, and ends no session', async () => {
    const person = hotel.employees[3]!;
    const cookie = await signIn(t, person.email);
    const { secret, recoveryCodes } = await enable(cookie);
    // A session opened after it was turned on (with the code, in real life).
    const secondSession = await signIn(t, person.email);

    const withoutCode = await call(cookie, 'POST', '/api/me/two-factor/disable', {});
    expect(withoutCode.statusCode).toBe(400);
    const wrong = await call(cookie, 'POST', '/api/me/two-factor/disable', {
      code: 'zzzzz-zzzzz',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('two_factor_code_invalid');
    // The code that confirmed the setup is spent: it does not turn it off in the same step.
    const replay = await call(cookie, 'POST', '/api/me/two-factor/disable', {
      code: codeNow(t, secret),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('two_factor_code_already_used');
    expect((await status(cookie)).enabled).toBe(true);

    const off = await call(cookie, 'POST', '/api/me/two-factor/disable', {
      code: recoveryCodes[4]!.toUpperCase(),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, pending: false });
    const rows = await t.database.query(
      'SELECT 1 FROM two_factor_recovery_codes WHERE user_id = $1 UNION ALL SELECT 1 FROM user_two_factor WHERE user_id = $1',
      [person.id],
    );
    expect(rows).toEqual([]);
    // Both sessions go on.
    for (const session of [cookie, secondSession]) {
      expect((await call(session, 'GET', '/api/profiles/me')).statusCode).toBe(200);
    }
    const answer = await passwordSignIn(person.email);
    expect(answer.json().user.email).toBe(person.email);
    sessionCookieOf(answer);
  });

  it('tells the person by e-mail when it is turned off, in their staff language', async () => {
    // A stolen session with a recovery code must not remove the factor unnoticed.
    const { employees } = await createBusiness(t.database.db, { employees: 2 });
    const [german, english] = [employees[0]!, employees[1]!];
    await t.database.db
      .update(profiles)
      .set({ staffLanguage: 'en' })
      .where(eq(profiles.id, english.id));
    for (const person of [german, english]) {
      const cookie = await signIn(t, person.email);
      const { recoveryCodes } = await enable(cookie);
      const off = await call(cookie, 'POST', '/api/me/two-factor/disable', {
        code: recoveryCodes[0],
      });
      expect(off.statusCode).toBe(200);
    }
    await t.afterAnswer.settled();
    const mailsTo = (email: string) =>
      t.printedMails.filter((mail) => mail.includes(`An: ${email}\n`));
    expect(mailsTo(german.email)).toHaveLength(1);
    expect(mailsTo(german.email)[0]).toContain(
      'Betreff: Zwei-Faktor-Anmeldung für Trinkgeld ausgeschaltet',
    );
    expect(mailsTo(english.email)).toHaveLength(1);
    expect(mailsTo(english.email)[0]).toContain(
      'Betreff: Two-factor sign-in for Trinkgeld turned off',
    );
    // Turning it on is no danger to the person: no mail for that.
  });

  it('makes new recovery codes with a current code only, voiding the old ones', async () => {
    const { owner } = hotel;
    const cookie = await signIn(t, owner.email);
    const { secret, recoveryCodes: first } = await enable(cookie);

    const withRecovery = await call(cookie, 'POST', '/api/me/two-factor/recovery-codes', {
      code: first[0],
    });
    expect(withRecovery.statusCode).toBe(400);
    const response = await call(cookie, 'POST', '/api/me/two-factor/recovery-codes', {
      code: nextCode(t, secret),
    });
    expect(response.statusCode).toBe(200);
    const second = response.json().recoveryCodes as string[];
    expect(second).toHaveLength(10);
    expect(second.filter((code) => first.includes(code))).toEqual([]);
    expect(response.json().status.recoveryCodesRemaining).toBe(10);

    // An old code no longer turns it off; a new one does.
    const old = await call(cookie, 'POST', '/api/me/two-factor/disable', { code: first[1] });
    expect(old.statusCode).toBe(400);
    expect(
      await t.database.db
        .select({ id: twoFactorRecoveryCodes.id })
        .from(twoFactorRecoveryCodes)
        .where(
          and(
            eq(twoFactorRecoveryCodes.userId, owner.id),
            eq(twoFactorRecoveryCodes.createdAt, t.clock.now()),
          ),
        ),
    ).toHaveLength(10);
    const actions = (await auditActions(owner.id)).map((row) => row.action);
    expect(actions).toEqual(['two_factor_enable', 'two_factor_recovery_codes_regenerate']);
  });

  it('counts wrong codes against the account like wrong passwords', async () => {
    const { employees } = await createBusiness(t.database.db, { employees: 1 });
    const cookie = await signIn(t, employees[0]!.email);
    const secret = await startSetup(cookie);
    const right = codeNow(t, secret);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const refused = await call(cookie, 'POST', '/api/me/two-factor/confirm', { code: wrong });
      expect(refused.statusCode).toBe(400);
    }
    const limited = await call(cookie, 'POST', '/api/me/two-factor/confirm', { code: right });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(
      'Zu viele Anmeldeversuche. Bitte warten Sie einen Moment.',
    );
    t.clock.advance(15 * 60_000);
    const later = await call(cookie, 'POST', '/api/me/two-factor/confirm', {
      code: codeNow(t, secret),
    });
    // The session idled out meanwhile (15 minutes): a fresh one confirms.
    expect(later.statusCode).toBe(401);
    const fresh = await signIn(t, employees[0]!.email);
    const confirmed = await call(fresh, 'POST', '/api/me/two-factor/confirm', {
      code: codeNow(t, secret),
    });
    expect(confirmed.statusCode).toBe(200);
  });
});
