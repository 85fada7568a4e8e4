import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPerson,
  FACTORY_PASSWORD,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { profiles, users } from '../../db/schema';
import { hashToken } from '../auth/tokens';
import { freshIp } from '../../../../test/support/addresses';
import { tokenIn } from '../../../../test/support/mail-links';

let t: TestApp;
let hotel: FactoryBusiness;
let other: FactoryBusiness;
/** Every request from its own address, so per-address limits never leak between tests. */

const NEW_PASSWORD = 'Leuchtturm am Morgen 7';
const ANOTHER_PASSWORD = 'Zitronenbaum im Hof 42';
const SAME_ANSWER_TEXT = { sent: true };

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 2 });
  other = await createBusiness(t.database.db, { employees: 1 });
});
afterAll(async () => {
  await t.close();
});

function requestReset(email: string, remoteAddress = freshIp()) {
  return t.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload: { email },
    remoteAddress,
  });
}

function checkLink(token: string) {
  return t.inject({
    method: 'POST',
    url: '/api/auth/password-link/check',
    payload: { token },
    remoteAddress: freshIp(),
  });
}

function setWithLink(token: string, password: string) {
  return t.inject({
    method: 'POST',
    url: '/api/auth/password-link',
    payload: { token, password },
    remoteAddress: freshIp(),
  });
}

function signInWith(email: string, password: string) {
  return t.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress: freshIp(),
  });
}

function changePassword(cookie: string, body: object) {
  return t.inject({
    method: 'PUT',
    url: '/api/auth/password',
    headers: { cookie },
    payload: body,
    remoteAddress: freshIp(),
  });
}

/** Whether a cookie still opens a session. */
async function stillSignedIn(cookie: string): Promise<boolean> {
  const response = await t.inject({
    method: 'GET',
    url: '/api/auth/password',
    headers: { cookie },
  });
  return response.statusCode === 200;
}

/** Mails are delivered after the answer: waits for the next one addressed to `email`. */
async function nextMailTo(email: string, seenBefore: number): Promise<string> {
  let found: string | undefined;
  await vi.waitFor(
    () => {
      found = t.printedMails.slice(seenBefore).find((mail) => mail.includes(`An: ${email}`));
      expect(found).toBeDefined();
    },
    { timeout: 5_000 },
  );
  return found!;
}

async function resetLinkFor(email: string): Promise<string> {
  const before = t.printedMails.length;
  expect((await requestReset(email)).statusCode).toBe(202);
  return tokenIn(await nextMailTo(email, before), 'password');
}

async function auditRows(action: string, targetId: string) {
  return t.database.query<{ payload: Record<string, unknown>; admin_id: string | null }>(
    'SELECT payload, admin_id FROM admin_audit_log WHERE action = $1 AND target_id = $2',
    [action, targetId],
  );
}

describe("'Passwort vergessen?'", () => {
  it('answers a known and an unknown address alike and mails only the known one', async () => {
    const person = hotel.employees[0]!;
    const before = t.printedMails.length;
    const known = await requestReset(`  ${person.email.toUpperCase()} `);
    const unknown = await requestReset(`niemand-${Date.now()}@test.local`);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual(SAME_ANSWER_TEXT);

    const mail = await nextMailTo(person.email, before);
    expect(mail).toContain('Betreff: Neues Passwort für Trinkgeld');
    expect(mail).toContain(`${t.config.publicOrigin}/employee/password?token=`);
    expect(mail).toContain('60 Minuten gültig');
    await t.afterAnswer.settled();
    expect(t.printedMails.length).toBe(before + 1);

    // The outbox keeps the mail without the token (decision 0201); the database only its hash.
    const token = tokenIn(mail, 'password');
    const outbox = await t.database.query<{ text_body: string }>(
      'SELECT text_body FROM outbox_emails WHERE to_address = $1',
      [person.email],
    );
    expect(outbox.length).toBeGreaterThan(0);
    for (const row of outbox) expect(row.text_body).not.toContain(token);
    const [stored] = await t.database.query<{ purpose: string; expires_at: Date }>(
      'SELECT purpose, expires_at FROM auth_tokens WHERE token_hash = $1',
      [hashToken(token)],
    );
    expect(stored!.purpose).toBe('password_reset');
    expect(new Date(stored!.expires_at).getTime()).toBe(t.clock.now().getTime() + 60 * 60_000);
  });

  it('answers before it looks the address up: the lookup, link and mail come after the answer', async () => {
    // Same database, but the work left for after an answer waits until the test releases it.
    const held = await createTestApp({
      database: t.database,
      clock: t.clock,
      holdAfterAnswer: true,
    });
    try {
      const known = hotel.employees[1]!;
      const answered = await held.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { email: known.email },
        remoteAddress: freshIp(),
      });
      expect(answered.statusCode).toBe(202);
      const linksOf = (userId: string) =>
        t.database.query(
          "SELECT 1 FROM auth_tokens WHERE user_id = $1 AND purpose = 'password_reset' AND used_at IS NULL",
          [userId],
        );
      // Answered, and not a single query about the account yet: no link, no mail.
      expect(await linksOf(known.id)).toEqual([]);
      expect(held.afterAnswer.waiting).toBe(1);

      // An address whose account appears only after the answer still gets its mail: the lookup
      // ran after the answer, not before.
      const lateEmail = `spaeter-${Date.now()}@test.local`;
      const late = await held.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { email: lateEmail },
        remoteAddress: freshIp(),
      });
      expect(late.statusCode).toBe(202);
      expect(late.body).toBe(answered.body);
      const latecomer = await createPerson(t.database.db, {
        businessId: other.id,
        email: lateEmail,
      });

      held.afterAnswer.release();
      await held.afterAnswer.settled();
      expect(await linksOf(known.id)).toHaveLength(1);
      expect(await linksOf(latecomer.id)).toHaveLength(1);
      for (const email of [known.email, lateEmail]) {
        expect(held.printedMails.some((mail) => mail.includes(`An: ${email}\n`))).toBe(true);
      }
    } finally {
      await held.close();
    }
  });

  it('mails nothing to a deactivated account, with the same answer', async () => {
    const gone = await createPerson(t.database.db, { businessId: hotel.id, disabled: true });
    const before = t.printedMails.length;
    const response = await requestReset(gone.email);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(SAME_ANSWER_TEXT);
    await t.afterAnswer.settled();
    expect(t.printedMails.length).toBe(before);
  });

  it('voids the older unused link when a newer one is requested', async () => {
    const person = other.employees[0]!;
    const first = await resetLinkFor(person.email);
    const second = await resetLinkFor(person.email);
    const old = await checkLink(first);
    expect(old.statusCode).toBe(400);
    expect(old.json().error).toMatchObject({
      code: 'password_link_invalid',
      message:
        'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet. Fordern Sie über „Passwort vergessen?“ einen neuen an.',
    });
    const current = await checkLink(second);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual({ email: person.email });
  });

  it('limits mails per address without changing the answer, and requests per network address', async () => {
    const person = await createPerson(t.database.db, { businessId: hotel.id });
    const before = t.printedMails.length;
    for (let i = 0; i < 4; i += 1) {
      const response = await requestReset(person.email);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual(SAME_ANSWER_TEXT);
    }
    // The mails go out after the answers; on a busy machine that can take longer than a second.
    await vi.waitFor(
      () =>
        expect(t.printedMails.slice(before).filter((m) => m.includes(person.email))).toHaveLength(
          3,
        ),
      { timeout: 10_000 },
    );
    await t.afterAnswer.settled();
    expect(t.printedMails.slice(before).filter((m) => m.includes(person.email))).toHaveLength(3);

    const ip = freshIp();
    for (let i = 0; i < 20; i += 1) {
      expect((await requestReset(`jemand-${i}@test.local`, ip)).statusCode).toBe(202);
    }
    const refused = await requestReset('jemand-20@test.local', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
  });

  it('refuses an address that is no address', async () => {
    const response = await requestReset('kein-at-zeichen');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
  });
});

describe('the notice of a changed password', () => {
  const mailsTo = (email: string) =>
    t.printedMails.filter((mail) => mail.includes(`An: ${email}\n`));
  const CHANGED = 'Betreff: Ihr Passwort für Trinkgeld wurde geändert';

  it("mails the person after 'Passwort ändern', without the password, and nobody else", async () => {
    const person = await createPerson(t.database.db, { businessId: other.id });
    const colleague = other.employees[0]!;
    const cookie = await signIn(t, person.email);
    const colleagueMailsBefore = mailsTo(colleague.email).length;
    const response = await changePassword(cookie, {
      currentPassword: FACTORY_PASSWORD,
      newPassword: ANOTHER_PASSWORD,
    });
    expect(response.statusCode).toBe(204);
    await t.afterAnswer.settled();
    const notices = mailsTo(person.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(CHANGED);
    expect(notices[0]).toContain('„Passwort vergessen?“');
    expect(notices[0]).not.toContain(ANOTHER_PASSWORD);
    expect(notices[0]).not.toContain(FACTORY_PASSWORD);
    expect(mailsTo(colleague.email)).toHaveLength(colleagueMailsBefore);
  });

  it("mails the person after a reset through 'Passwort vergessen?', in their staff language", async () => {
    const person = await createPerson(t.database.db, { businessId: hotel.id });
    await t.database.db
      .update(profiles)
      .set({ staffLanguage: 'en' })
      .where(eq(profiles.id, person.id));
    const token = await resetLinkFor(person.email);
    expect((await setWithLink(token, NEW_PASSWORD)).statusCode).toBe(204);
    await t.afterAnswer.settled();
    const notices = mailsTo(person.email).filter((mail) => !mail.includes(token));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('Betreff: Your password for Trinkgeld was changed');
    expect(notices[0]).not.toContain(NEW_PASSWORD);
    expect(notices[0]).not.toContain('/employee/password?token=');
  });

  it('says nothing when a refused change changed nothing', async () => {
    const person = await createPerson(t.database.db, { businessId: hotel.id });
    const cookie = await signIn(t, person.email);
    const wrong = await changePassword(cookie, {
      currentPassword: 'nicht das richtige Passwort',
      newPassword: ANOTHER_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    await t.afterAnswer.settled();
    expect(mailsTo(person.email)).toEqual([]);
  });
});

describe('setting the password with a link', () => {
  it('sets it once, confirms the address, ends every session and opens none', async () => {
    const owner = hotel.owner;
    const phone = await signIn(t, owner.email);
    const laptop = await signIn(t, owner.email);
    await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, owner.id));
    const token = await resetLinkFor(owner.email);

    const response = await setWithLink(token, NEW_PASSWORD);
    expect(response.statusCode).toBe(204);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await stillSignedIn(phone)).toBe(false);
    expect(await stillSignedIn(laptop)).toBe(false);

    const [row] = await t.database.query<{ email_verified_at: Date | null }>(
      'SELECT email_verified_at FROM users WHERE id = $1',
      [owner.id],
    );
    expect(row!.email_verified_at).not.toBeNull();
    expect((await signInWith(owner.email, FACTORY_PASSWORD)).statusCode).toBe(401);
    expect((await signInWith(owner.email, NEW_PASSWORD)).statusCode).toBe(200);

    // An owner's password is a staff manager's: audited, without any secret.
    const audit = await auditRows('password_set', owner.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.admin_id).toBe(owner.id);
    expect(audit[0]!.payload).toEqual({ method: 'link', otherSessionsEnded: 2 });

    const again = await setWithLink(token, ANOTHER_PASSWORD);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('password_link_invalid');
    expect((await checkLink(token)).statusCode).toBe(400);
  });

  it('writes no audit row for an employee', async () => {
    const person = hotel.employees[1]!;
    const token = await resetLinkFor(person.email);
    expect((await setWithLink(token, NEW_PASSWORD)).statusCode).toBe(204);
    expect(await auditRows('password_set', person.id)).toEqual([]);
  });

  it('refuses a common or short password at the field and keeps the link usable', async () => {
    const person = await createPerson(t.database.db, { businessId: other.id });
    const token = await resetLinkFor(person.email);
    const common = await setWithLink(token, 'Passwort123');
    expect(common.statusCode).toBe(400);
    expect(common.json().error).toMatchObject({
      code: 'password_too_common',
      message:
        'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.',
      details: [{ path: 'body.password' }],
    });
    const short = await setWithLink(token, 'abc12');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Das Passwort muss mindestens 6 Zeichen lang sein.');
    expect((await setWithLink(token, NEW_PASSWORD)).statusCode).toBe(204);
  });

  it('expires after one hour', async () => {
    const person = await createPerson(t.database.db, { businessId: other.id });
    const token = await resetLinkFor(person.email);
    t.clock.advance(59 * 60_000);
    expect((await checkLink(token)).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    expect((await checkLink(token)).statusCode).toBe(400);
    expect((await setWithLink(token, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await signInWith(person.email, FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it('is refused once the account is deactivated', async () => {
    const person = await createPerson(t.database.db, { businessId: other.id });
    const token = await resetLinkFor(person.email);
    await t.database.db
      .update(users)
      .set({ disabledAt: t.clock.now() })
      .where(eq(users.id, person.id));
    expect((await checkLink(token)).statusCode).toBe(400);
    expect((await setWithLink(token, NEW_PASSWORD)).statusCode).toBe(400);
  });

  it('refuses a malformed token before looking anything up', async () => {
    const response = await checkLink('zu-kurz');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'Der Link ist unvollständig. Bitte öffnen Sie ihn erneut aus der E-Mail.',
    );
  });
});

describe('words tied to the product or the person', () => {
  it('refuses them at a set-password link and keeps the link usable', async () => {
    const inn = await createBusiness(t.database.db, { name: 'Gasthof Kastanie' });
    const token = await resetLinkFor(inn.owner.email);
    const localPart = inn.owner.email.split('@')[0]!;
    const cases: [string, string][] = [
      ['Trinkgeld2026', 'Dieses Passwort enthält den Namen „Trinkgeld“'],
      ['demo1234', 'als Passwort der Demo-Zugänge öffentlich bekannt'],
      [`${localPart}!`, 'Dieses Passwort enthält Ihre E-Mail-Adresse'],
      [inn.owner.email, 'Dieses Passwort enthält Ihre E-Mail-Adresse'],
      ['GasthofKastanie7', 'Dieses Passwort enthält den Namen Ihres Betriebs'],
    ];
    for (const [password, message] of cases) {
      const response = await setWithLink(token, password);
      expect(response.statusCode, password).toBe(400);
      expect(response.json().error.code).toBe('password_context_word');
      expect(response.json().error.message).toContain(message);
      expect(response.json().error.details[0].path).toBe('body.password');
    }
    expect((await setWithLink(token, NEW_PASSWORD)).statusCode).toBe(204);
  });

  it("refuses them at 'Passwort ändern', at the new-password field", async () => {
    const cookie = await signIn(t, hotel.owner.email);
    for (const newPassword of ['demo1234', 'Trinkgeld2026']) {
      const response = await changePassword(cookie, {
        currentPassword: FACTORY_PASSWORD,
        newPassword,
      });
      expect(response.statusCode, newPassword).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'password_context_word',
        details: [{ path: 'body.newPassword' }],
      });
    }
  });

  it('asks a platform admin for at least 12 characters', async () => {
    const admin = await createPerson(t.database.db, { role: 'admin' });
    const token = await resetLinkFor(admin.email);
    const short = await setWithLink(token, 'Lindenbaum7');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(
      'Das Passwort eines Plattform-Administrators muss mindestens 12 Zeichen lang sein.',
    );
    expect((await setWithLink(token, 'Lindenbaum-77')).statusCode).toBe(204);
    const cookie = await signIn(t, admin.email);
    const change = await changePassword(cookie, {
      currentPassword: 'Lindenbaum-77',
      newPassword: 'Kastanie-12',
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().error.details[0]).toMatchObject({ path: 'body.newPassword' });
  });
});

describe("'Passwort ändern'", () => {
  it('tells whether the person has a password', async () => {
    const invited = await createPerson(t.database.db, { businessId: hotel.id });
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, invited.id));
    const withPassword = await signIn(t, hotel.employees[0]!.email);
    const without = await signIn(t, invited.email);
    const a = await t.inject({
      method: 'GET',
      url: '/api/auth/password',
      headers: { cookie: withPassword },
    });
    const b = await t.inject({
      method: 'GET',
      url: '/api/auth/password',
      headers: { cookie: without },
    });
    expect(a.json()).toEqual({ hasPassword: true });
    expect(b.json()).toEqual({ hasPassword: false });
    expect((await t.inject({ method: 'GET', url: '/api/auth/password' })).statusCode).toBe(401);
  });

  it('refuses a wrong current password, then limits the guesses for the account', async () => {
    const person = await createPerson(t.database.db, { businessId: other.id });
    const cookie = await signIn(t, person.email);
    const wrong = await changePassword(cookie, {
      currentPassword: 'falsch-geraten',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'current_password_wrong',
      message: 'Das aktuelle Passwort ist falsch.',
      details: [{ path: 'body.currentPassword' }],
    });
    for (let i = 0; i < 4; i += 1) {
      const again = await changePassword(cookie, {
        currentPassword: `falsch-${i}-geraten`,
        newPassword: NEW_PASSWORD,
      });
      expect(again.statusCode).toBe(400);
    }
    // The sixth attempt within 15 minutes is refused even with the right password.
    const limited = await changePassword(cookie, {
      currentPassword: FACTORY_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await signInWith(person.email, FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it('asks for the current password when there is one', async () => {
    const cookie = await signIn(t, other.owner.email);
    const response = await changePassword(cookie, { newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'current_password_required',
      details: [{ path: 'body.currentPassword' }],
    });
  });

  it('refuses a common new password at the new-password field', async () => {
    const cookie = await signIn(t, other.owner.email);
    const response = await changePassword(cookie, {
      currentPassword: FACTORY_PASSWORD,
      newPassword: 'Sunshine1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'password_too_common',
      details: [{ path: 'body.newPassword' }],
    });
  });

  it('changes it, ends the other sessions and keeps the current one', async () => {
    // A second owner of the other business, with no sessions from earlier tests.
    const owner = await createPerson(t.database.db, {
      role: 'business_owner',
      businessId: other.id,
    });
    const current = await signIn(t, owner.email);
    const elsewhere = await signIn(t, owner.email);
    const response = await changePassword(current, {
      currentPassword: FACTORY_PASSWORD,
      newPassword: ANOTHER_PASSWORD,
    });
    expect(response.statusCode).toBe(204);
    expect(await stillSignedIn(current)).toBe(true);
    expect(await stillSignedIn(elsewhere)).toBe(false);
    expect((await signInWith(owner.email, FACTORY_PASSWORD)).statusCode).toBe(401);
    expect((await signInWith(owner.email, ANOTHER_PASSWORD)).statusCode).toBe(200);
    const audit = await auditRows('password_change', owner.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.payload).toEqual({ method: 'account', otherSessionsEnded: 1 });
  });

  it('lets a person without a password set a first one without a current one', async () => {
    const invited = await createPerson(t.database.db, { businessId: hotel.id });
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, invited.id));
    const cookie = await signIn(t, invited.email);
    const response = await changePassword(cookie, { newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(204);
    expect(await stillSignedIn(cookie)).toBe(true);
    expect((await signInWith(invited.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await auditRows('password_change', invited.id)).toEqual([]);
  });
});
