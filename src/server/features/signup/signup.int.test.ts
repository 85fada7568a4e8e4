import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness, createPerson, uniqueSuffix } from '../../../../test/support/factories';
import { allowConsoleErrors } from '../../../../test/support/setup';
import { DPA_VERSION, TERMS_VERSION } from '../../../shared/domain/agreements';
import { runAuthCleanup } from '../../jobs/auth-cleanup';
import { sessionCookieName } from '../auth/cookie';
import { verifyPassword } from '../auth/password';
import { hashToken } from '../auth/tokens';
import { freshIp } from '../../../../test/support/addresses';
import { tokenIn } from '../../../../test/support/mail-links';

let t: TestApp;
/** Same database, SIGNUP=closed: what a restart with the registration closed would serve. */
let closed: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  closed = await createTestApp({
    database: t.database,
    clock: t.clock,
    config: { signup: 'closed' },
  });
});
afterAll(async () => {
  await closed.close();
  await t.close();
});

const newEmail = () => `inhaberin-${uniqueSuffix()}@hotel-test.example`;

/** The sign-up form: who and which business; no password and no acceptance (decision 0430). */
function form(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Maria Sommer',
    email: newEmail(),
    businessName: 'Hotel Sonnenhang',
    ...overrides,
  };
}

/** What the mailbox holder chooses on the confirmation page. */
const MAILBOX_PASSWORD = 'Seeblick-2026!';

function signUp(body: unknown, remoteAddress = freshIp(), app = t) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: body as object,
    remoteAddress,
  });
}

/** The confirmation page's request: the link's token, the chosen password and the two ticks. */
function confirm(token: string, app = t, overrides: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/confirm',
    payload: {
      token,
      password: MAILBOX_PASSWORD,
      termsVersion: TERMS_VERSION,
      dpaVersion: DPA_VERSION,
      ...overrides,
    },
    remoteAddress: freshIp(),
  });
}

function signIn(email: string, password: string) {
  return t.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress: freshIp(),
  });
}

/** Mails go out after the answer: wait for the one to `email` with `subject`. */
async function mailTo(email: string, subject: string): Promise<string> {
  let found: string | undefined;
  await vi.waitFor(
    () => {
      found = t.printedMails.find(
        (mail) => mail.includes(`An: ${email}\n`) && mail.includes(`Betreff: ${subject}`),
      );
      expect(found).toBeDefined();
    },
    { timeout: 5_000 },
  );
  return found!;
}

const CONFIRMATION = 'Bitte bestätigen Sie Ihre Registrierung bei Trinkgeld';
const NOTICE = 'Registrierungsversuch mit Ihrer E-Mail-Adresse bei Trinkgeld';

/** Everything a sign-up could have created for an address, counted. */
async function footprint(email: string, businessName?: string) {
  const count = async (sql: string, params: unknown[]) =>
    Number((await t.database.query<{ n: string | number }>(sql, params))[0]!.n);
  return {
    users: await count('SELECT count(*) AS n FROM users WHERE email = $1', [email]),
    profiles: await count('SELECT count(*) AS n FROM profiles WHERE email = $1', [email]),
    businesses: businessName
      ? await count('SELECT count(*) AS n FROM businesses WHERE name = $1', [businessName])
      : 0,
    pending: await count('SELECT count(*) AS n FROM pending_signups WHERE email = $1', [email]),
  };
}

describe('signing up while SIGNUP=open', () => {
  it('stores only a pending sign-up and mails a confirmation link; nothing else exists yet', async () => {
    const body = form({
      email: '  Maria.Sommer@Hotel-Test.Example ',
      businessName: 'Hotel Alpenblick',
    });
    const response = await signUp(body);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ sent: true });
    expect(response.headers['cache-control']).toBe('no-store');

    const email = 'maria.sommer@hotel-test.example';
    const mail = await mailTo(email, CONFIRMATION);
    expect(mail).toContain(`${t.config.publicOrigin}/registrieren/bestaetigen?token=`);
    expect(mail).toContain('24 Stunden gültig');
    // The mail carries none of what the form said (anyone can name any address).
    expect(mail).not.toContain('Hotel Alpenblick');
    expect(mail).not.toContain('Maria Sommer');
    const token = tokenIn(mail, 'signup');

    const [pending] = await t.database.query<Record<string, unknown>>(
      'SELECT * FROM pending_signups WHERE email = $1',
      [email],
    );
    expect(pending).toMatchObject({
      full_name: 'Maria Sommer',
      business_name: 'Hotel Alpenblick',
      token_hash: hashToken(token),
    });
    const now = t.clock.now().getTime();
    expect(new Date(pending!.expires_at as string).getTime()).toBe(now + 24 * 60 * 60_000);

    expect(await footprint(email, 'Hotel Alpenblick')).toEqual({
      users: 0,
      profiles: 0,
      businesses: 0,
      pending: 1,
    });
    // The outbox keeps the mail without its link (decision 0201).
    const [outbox] = await t.database.query<{ text_body: string; redacted: boolean }>(
      'SELECT text_body, redacted FROM outbox_emails WHERE to_address = $1',
      [email],
    );
    expect(outbox!.redacted).toBe(true);
    expect(outbox!.text_body).not.toContain(token);
  });

  it('answers an address that has an account exactly like a new one, and tells its owner', async () => {
    const owner = await createPerson(t.database.db, { role: 'business_owner' });
    const fresh = await signUp(form());
    const existing = await signUp(form({ email: owner.email }));
    expect(existing.statusCode).toBe(fresh.statusCode);
    expect(existing.body).toBe(fresh.body);
    const shape = (headers: Record<string, unknown>) =>
      Object.keys(headers)
        .filter((name) => !['date', 'x-request-id', 'content-length'].includes(name))
        .sort();
    expect(shape(existing.headers)).toEqual(shape(fresh.headers));

    const notice = await mailTo(owner.email, NOTICE);
    expect(notice).toContain('Für diese Adresse besteht bereits ein Konto');
    expect(notice).toContain(`${t.config.publicOrigin}/employee/login`);
    expect(notice).toContain('Passwort vergessen?');
    expect(notice).not.toContain('/registrieren/bestaetigen');
    const after = await footprint(owner.email);
    expect(after).toMatchObject({ users: 1, profiles: 1, pending: 0 });
  });

  it('replaces a pending sign-up of the same address: the older link stops working', async () => {
    const email = newEmail();
    await signUp(form({ email, businessName: 'Erster Versuch' }));
    const first = tokenIn(await mailTo(email, CONFIRMATION), 'signup');
    t.printedMails.length = 0;
    await signUp(form({ email, businessName: 'Zweiter Versuch' }));
    const second = tokenIn(await mailTo(email, CONFIRMATION), 'signup');
    expect(second).not.toBe(first);
    expect((await footprint(email)).pending).toBe(1);

    const old = await confirm(first);
    expect(old.statusCode).toBe(400);
    expect(old.json().error.code).toBe('signup_link_invalid');
    const current = await confirm(second);
    expect(current.statusCode).toBe(200);
    expect(await footprint(email, 'Zweiter Versuch')).toMatchObject({ businesses: 1, users: 1 });
    expect(await footprint(email, 'Erster Versuch')).toMatchObject({ businesses: 0 });
  });

  it('refuses the form’s mistakes in German before storing anything', async () => {
    const email = newEmail();
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: '  ' }, 'Bitte geben Sie Ihren vollständigen Namen ein.'],
      [{ email: 'keine-adresse' }, 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
      [{ businessName: '' }, 'Bitte geben Sie den Namen Ihres Betriebs ein.'],
    ];
    for (const [change, message] of cases) {
      const response = await signUp(form({ email, ...change }));
      expect(response.statusCode, message).toBe(400);
      expect(JSON.stringify(response.json().error.details)).toContain(message);
    }
    expect((await footprint(email)).pending).toBe(0);
  });

  it('limits sign-ups per network address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await signUp(form(), ip)).statusCode).toBe(202);
    const refused = await signUp(form(), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(refused.json().error.message).toMatch(/^Bitte warten Sie \d+ Minute/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await signUp(form())).statusCode).toBe(202);
  });

  it('counts only sign-ups that passed validation against the limits', async () => {
    const email = newEmail();
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      expect((await signUp(form({ email, businessName: '' }), ip)).statusCode).toBe(400);
    }
    expect((await signUp(form({ email }), ip)).statusCode).toBe(202);
  });

  it('limits sign-ups per e-mail address, from any network address', async () => {
    const email = newEmail();
    for (let i = 0; i < 3; i++) expect((await signUp(form({ email }))).statusCode).toBe(202);
    const refused = await signUp(form({ email }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    // An address with an account is limited the same way: no difference to learn from.
    const owner = await createPerson(t.database.db, { role: 'business_owner' });
    for (let i = 0; i < 3; i++) {
      expect((await signUp(form({ email: owner.email }))).statusCode).toBe(202);
    }
    expect((await signUp(form({ email: owner.email }))).statusCode).toBe(429);
  });
});

describe('confirming a sign-up', () => {
  async function pendingSignUp(overrides: Record<string, unknown> = {}) {
    const body = form(overrides);
    expect((await signUp(body)).statusCode).toBe(202);
    const token = tokenIn(await mailTo(body.email as string, CONFIRMATION), 'signup');
    return { ...body, email: body.email as string, token };
  }

  it('creates the business, its owner, the acceptances and the audit row, and signs in', async () => {
    const acceptedAt = t.clock.now();
    const signup = await pendingSignUp({
      businessName: 'Gasthof Lindenhof',
      fullName: 'Jonas Linde',
    });
    t.clock.advance(60 * 60_000);

    const response = await confirm(signup.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { email: signup.email }, firstSignIn: true });
    const cookie = response.cookies.find((c) => c.name === sessionCookieName(t.config));
    expect(cookie?.httpOnly).toBe(true);

    const [business] = await t.database.query<{ id: string; contact_email: string }>(
      'SELECT id, contact_email FROM businesses WHERE name = $1',
      ['Gasthof Lindenhof'],
    );
    expect(business!.contact_email).toBe(signup.email);
    // The operator hears of it at CONTACT_EMAIL, with the business page's link (decision 0501).
    const notice = await mailTo(t.config.contactEmail, 'Neue Registrierung: Gasthof Lindenhof');
    expect(notice).toContain(`/admin/businesses/${business!.id}`);
    expect(notice).toContain('Jonas Linde');
    const [user] = await t.database.query<{
      id: string;
      email_verified_at: string | null;
      password_hash: string;
    }>('SELECT id, email_verified_at, password_hash FROM users WHERE email = $1', [signup.email]);
    expect(user!.email_verified_at).not.toBeNull();
    expect(await verifyPassword(MAILBOX_PASSWORD, user!.password_hash)).toBe(true);
    const [profile] = await t.database.query<Record<string, unknown>>(
      'SELECT role, full_name, business_id FROM profiles WHERE id = $1',
      [user!.id],
    );
    expect(profile).toEqual({
      role: 'business_owner',
      full_name: 'Jonas Linde',
      business_id: business!.id,
    });
    const [brand] = await t.database.query<{ company_name: string }>(
      'SELECT company_name FROM branding WHERE business_id = $1',
      [business!.id],
    );
    expect(brand!.company_name).toBe('Gasthof Lindenhof');
    const integration = await t.database.query(
      'SELECT 1 FROM integration_settings WHERE business_id = $1',
      [business!.id],
    );
    expect(integration).toHaveLength(1);

    const agreements = await t.database.query<{
      document: string;
      version: string;
      accepted_at: string;
      user_id: string;
    }>(
      'SELECT document, version, accepted_at, user_id FROM business_agreements WHERE business_id = $1 ORDER BY document',
      [business!.id],
    );
    expect(agreements.map((a) => [a.document, a.version, a.user_id])).toEqual([
      ['dpa', DPA_VERSION, user!.id],
      ['terms', TERMS_VERSION, user!.id],
    ]);
    // The time of the ticks on the confirmation page, an hour after the form.
    for (const a of agreements)
      expect(new Date(a.accepted_at).getTime()).toBe(acceptedAt.getTime() + 60 * 60_000);

    const audit = await t.database.query<{ action: string; admin_id: string; payload: unknown }>(
      'SELECT action, admin_id, payload FROM admin_audit_log WHERE business_id = $1 ORDER BY action',
      [business!.id],
    );
    expect(audit.map((row) => row.action)).toEqual(['admin_login', 'business_signup']);
    expect(audit[1]).toMatchObject({
      admin_id: user!.id,
      payload: {
        businessName: 'Gasthof Lindenhof',
        termsVersion: TERMS_VERSION,
        dpaVersion: DPA_VERSION,
      },
    });
    expect(audit[0]!.payload).toEqual({ method: 'sign_up' });
    expect((await footprint(signup.email)).pending).toBe(0);

    // The session works: the new owner lands in their own business's admin console.
    const headers = { cookie: `${cookie!.name}=${cookie!.value}` };
    const me = await t.inject({ method: 'GET', url: '/api/profiles/me', headers });
    expect(me.json()).toMatchObject({ role: 'business_owner', businessId: business!.id });
    // The owner's own data export names the contracts they accepted.
    const exported = await t.inject({ method: 'GET', url: '/api/me/data-export', headers });
    expect(
      (exported.json().agreements as { document: string; version: string }[])
        .map((a) => `${a.document} ${a.version}`)
        .sort(),
    ).toEqual([`dpa ${DPA_VERSION}`, `terms ${TERMS_VERSION}`]);
    const dashboard = await t.inject({ method: 'GET', url: '/api/admin/dashboard', headers });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().activeEmployees).toBe(0);
    // And the password chosen on the confirmation page signs in.
    expect((await signIn(signup.email, MAILBOX_PASSWORD)).statusCode).toBe(200);
  });

  it('creates all of it in one transaction: a failure at the end leaves nothing behind', async () => {
    const signup = await pendingSignUp({ businessName: 'Pension Scheitert' });
    // The audit row is written last before the session: refuse it for this one confirmation.
    await t.database.query(
      "ALTER TABLE admin_audit_log ADD CONSTRAINT test_refuses_signup CHECK (action <> 'business_signup') NOT VALID",
    );
    allowConsoleErrors();
    try {
      const failed = await confirm(signup.token);
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.database.query('ALTER TABLE admin_audit_log DROP CONSTRAINT test_refuses_signup');
    }
    expect(await footprint(signup.email, 'Pension Scheitert')).toEqual({
      users: 0,
      profiles: 0,
      businesses: 0,
      pending: 1,
    });
    // The link was not spent by the failed attempt.
    expect((await confirm(signup.token)).statusCode).toBe(200);
    expect(await footprint(signup.email, 'Pension Scheitert')).toMatchObject({
      businesses: 1,
      users: 1,
      pending: 0,
    });
  });

  it('spends the link once', async () => {
    const signup = await pendingSignUp();
    expect((await confirm(signup.token)).statusCode).toBe(200);
    const again = await confirm(signup.token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'signup_link_invalid',
      title: 'Bestätigung fehlgeschlagen',
    });
    expect(again.json().error.message).toContain('registrieren Sie sich bitte erneut');
    expect((await footprint(signup.email)).users).toBe(1);
  });

  it('refuses an expired link and creates nothing', async () => {
    const signup = await pendingSignUp({ businessName: 'Hotel Verspätet' });
    t.clock.advance(24 * 60 * 60_000 + 1_000);
    const response = await confirm(signup.token);
    expect(response.statusCode).toBe(410);
    expect(response.json().error.code).toBe('signup_link_expired');
    expect(response.json().error.message).toContain('abgelaufen');
    expect(await footprint(signup.email, 'Hotel Verspätet')).toMatchObject({
      users: 0,
      businesses: 0,
    });
  });

  it('forgets an unconfirmed sign-up a day after its link expired', async () => {
    const kept = await pendingSignUp();
    t.clock.advance(24 * 60 * 60_000);
    const fresh = await pendingSignUp();
    t.clock.advance(24 * 60 * 60_000 + 1_000);
    const removed = await runAuthCleanup(t.database, t.clock, { info: () => {}, warn: () => {} });
    expect(removed.signups).toBeGreaterThanOrEqual(1);
    expect((await footprint(kept.email)).pending).toBe(0);
    expect((await footprint(fresh.email)).pending).toBe(1);
  });

  it('refuses clearly when the address got an account meanwhile', async () => {
    const signup = await pendingSignUp({ businessName: 'Hotel Doppelt' });
    const business = await createBusiness(t.database.db);
    await createPerson(t.database.db, { email: signup.email, businessId: business.id });
    const response = await confirm(signup.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'signup_account_exists',
      title: 'Konto existiert bereits',
    });
    expect(await footprint(signup.email, 'Hotel Doppelt')).toMatchObject({
      users: 1,
      businesses: 0,
    });
  });

  it('refuses the confirmation page’s mistakes in German, keeping the link usable', async () => {
    const signup = await pendingSignUp({ businessName: 'Hotel Sorgfalt' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: '12345' }, 'validation_failed', 'mindestens 6 Zeichen lang sein.'],
      [{ password: 'passwort' }, 'password_too_common', 'zu verbreitet'],
      [{ termsVersion: '2020-01' }, 'validation_failed', 'Die AGB wurden inzwischen aktualisiert.'],
      [{ dpaVersion: undefined }, 'validation_failed', 'Der Vertrag zur Auftragsverarbeitung'],
    ];
    for (const [change, code, message] of cases) {
      const response = await confirm(signup.token, t, change);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.code).toBe(code);
      expect(JSON.stringify(response.json().error.details)).toContain(message);
    }
    expect(await footprint(signup.email, 'Hotel Sorgfalt')).toMatchObject({
      users: 0,
      businesses: 0,
      pending: 1,
    });
    expect((await confirm(signup.token)).statusCode).toBe(200);
  });

  it('refuses a password made of the business’s name or the address', async () => {
    const signup = await pendingSignUp({ businessName: 'Pension Abendrot' });
    const cases: [string, string][] = [
      ['Pension-Abendrot-1', 'den Namen Ihres Betriebs'],
      [`${signup.email.split('@')[0]}`, 'Ihre E-Mail-Adresse'],
      ['Trinkgeld2026', 'den Namen „Trinkgeld“'],
      ['demo1234', 'Demo-Zugänge'],
    ];
    for (const [password, message] of cases) {
      const response = await confirm(signup.token, t, { password });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().error.code).toBe('password_context_word');
      expect(response.json().error.message).toContain(message);
    }
    expect((await footprint(signup.email)).users).toBe(0);
    expect((await confirm(signup.token)).statusCode).toBe(200);
  });

  it('refuses a malformed token with a German message', async () => {
    const response = await confirm('zu-kurz');
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().error.details)).toContain(
      'Der Bestätigungslink ist unvollständig.',
    );
  });
});

describe('who chooses the password', () => {
  it('takes it from whoever holds the mailbox, never from the unconfirmed form', async () => {
    const victim = newEmail();
    // Someone names another person's address and slips a password of their own into the form.
    const attack = await signUp(
      form({
        email: victim,
        password: 'Angreifer-Passwort-1',
        termsVersion: TERMS_VERSION,
        dpaVersion: DPA_VERSION,
      }),
    );
    expect(attack.statusCode).toBe(202);
    const token = tokenIn(await mailTo(victim, CONFIRMATION), 'signup');
    const [pending] = await t.database.query<Record<string, unknown>>(
      'SELECT * FROM pending_signups WHERE email = $1',
      [victim],
    );
    expect(Object.keys(pending!)).not.toContain('password_hash');

    // Opening the link creates nothing without a password chosen on the confirmation page.
    const bare = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-up/confirm',
      payload: { token },
      remoteAddress: freshIp(),
    });
    expect(bare.statusCode).toBe(400);
    expect((await footprint(victim)).users).toBe(0);

    // The mailbox holder chooses the password and accepts the contracts.
    const confirmed = await confirm(token, t, { password: 'Postfach-Inhaberin-7' });
    expect(confirmed.statusCode).toBe(200);
    const attacker = await signIn(victim, 'Angreifer-Passwort-1');
    expect(attacker.statusCode).toBe(401);
    expect(attacker.json().error.code).toBe('invalid_credentials');
    expect((await signIn(victim, 'Postfach-Inhaberin-7')).statusCode).toBe(200);
  });

  it('records the acceptances given at confirmation, by the confirming owner', async () => {
    const email = newEmail();
    await signUp(form({ email, businessName: 'Hotel Zustimmung' }));
    const token = tokenIn(await mailTo(email, CONFIRMATION), 'signup');
    t.clock.advance(2 * 60 * 60_000);
    const unticked = await confirm(token, t, { termsVersion: undefined });
    expect(unticked.statusCode).toBe(400);
    expect(JSON.stringify(unticked.json().error.details)).toContain('Die AGB wurden inzwischen');
    const confirmedAt = t.clock.now().getTime();
    expect((await confirm(token)).statusCode).toBe(200);
    const agreements = await t.database.query<{ document: string; accepted_at: string }>(
      `SELECT a.document, a.accepted_at FROM business_agreements a
         JOIN businesses b ON b.id = a.business_id WHERE b.contact_email = $1`,
      [email],
    );
    expect(agreements).toHaveLength(2);
    for (const agreement of agreements) {
      expect(new Date(agreement.accepted_at).getTime()).toBe(confirmedAt);
    }
  });
});

describe('SIGNUP=closed', () => {
  it('answers signup_disabled with the spec’s text, before even reading the body', async () => {
    for (const body of [form(), {}]) {
      const response = await signUp(body, freshIp(), closed);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject({
        code: 'signup_disabled',
        message: 'Registrierung ist derzeit deaktiviert.',
      });
    }
    const body = form();
    await signUp(body, freshIp(), closed);
    expect((await footprint(body.email as string)).pending).toBe(0);
  });

  it('still confirms a sign-up made while registration was open', async () => {
    const body = form({ businessName: 'Hotel Rechtzeitig' });
    expect((await signUp(body)).statusCode).toBe(202);
    const token = tokenIn(await mailTo(body.email as string, CONFIRMATION), 'signup');
    const response = await confirm(token, closed);
    expect(response.statusCode).toBe(200);
    expect(await footprint(body.email as string, 'Hotel Rechtzeitig')).toMatchObject({
      businesses: 1,
      users: 1,
    });
  });
});
