import { AUTH_RATE_RULES } from './limits';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import {
  createBusiness,
  createPerson,
  createPlatformAdmin,
  type FactoryBusiness,
  type FactoryPerson,
} from '../../../../test/support/factories';
import { hashToken } from './tokens';
import { freshIp } from '../../../../test/support/addresses';
import { tokenIn } from '../../../../test/support/mail-links';

let t: TestApp;
let hotel: FactoryBusiness;
let admin: FactoryPerson;
/** Employees of the hotel by their place in the factory call. */
const BEN = 0;
const CLARA = 1;
const DAVID = 2;
const ANNA = 3;
const email = (index: number) => hotel.employees[index]!.email;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, {
    employees: [{}, {}, {}, { fullName: 'Anna Schneider' }],
  });
  admin = await createPlatformAdmin(t.database.db);
});
afterAll(async () => {
  await t.close();
});

function requestLink(email: unknown, remoteAddress = freshIp()) {
  return t.inject({
    method: 'POST',
    url: '/api/auth/magic-link',
    payload: email === undefined ? {} : { email },
    remoteAddress,
  });
}

function verify(token: string) {
  return t.inject({ method: 'POST', url: '/api/auth/magic-link/verify', payload: { token } });
}

/** Mails are delivered after the answer; wait for the n-th one to be printed. */
async function mailNumber(n: number): Promise<string> {
  await vi.waitFor(() => expect(t.printedMails.length).toBeGreaterThanOrEqual(n), {
    timeout: 5_000,
  });
  return t.printedMails[n - 1]!;
}

/** Outbox rows to an address: a mail exists there before the request is answered. */
async function outboxTo(address: string) {
  return t.database.query<{ status: string }>(
    'SELECT status FROM outbox_emails WHERE to_address = $1',
    [address],
  );
}

/** Waits until every mail in the outbox has been delivered (none is still on its way). */
async function outboxDelivered(): Promise<void> {
  await expect
    .poll(
      async () =>
        (await t.database.query("SELECT 1 FROM outbox_emails WHERE status = 'pending'")).length,
    )
    .toBe(0);
}

describe('requesting a magic link', () => {
  it.each([[''], ['ohne-at-zeichen'], [undefined], ['  ']])(
    'refuses %j with "Invalid email address"',
    async (email) => {
      const response = await requestLink(email);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Invalid email address');
    },
  );

  it('sends a single-use link for a known address, trimmed and lower-cased', async () => {
    const before = t.printedMails.length;
    const ben = email(BEN);
    const response = await requestLink(`  ${ben.toUpperCase()} `);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ sent: true });

    const mail = await mailNumber(before + 1);
    expect(mail).toContain(`An: ${ben}`);
    expect(mail).toContain('Betreff: Ihr Anmeldelink für Trinkgeld');
    expect(mail).toContain(`${t.config.publicOrigin}/employee/login?magic_token=`);
    expect(mail).toContain('15 Minuten gültig');

    const token = tokenIn(mail);
    const [row] = await t.database.query<{ token_hash: string; expires_at: Date; purpose: string }>(
      'SELECT token_hash, expires_at, purpose FROM auth_tokens WHERE email = $1',
      [ben],
    );
    expect(row!.token_hash).toBe(hashToken(token));
    expect(row!.purpose).toBe('magic_link');
    expect(new Date(row!.expires_at).getTime()).toBe(t.clock.now().getTime() + 15 * 60_000);
    // The mail is printed first and marked as delivered a moment later.
    await expect
      .poll(async () => {
        const [outbox] = await outboxTo(ben);
        return outbox?.status;
      })
      .toBe('console');
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const mailsBefore = t.printedMails.length;
    const known = await requestLink(email(CLARA));
    const unknown = await requestLink('niemand@test.local');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await t.afterAnswer.settled();
    expect(await outboxTo('niemand@test.local')).toHaveLength(0);
    expect(await outboxTo(email(CLARA))).toHaveLength(1);
    await mailNumber(mailsBefore + 1);
    await outboxDelivered();
    expect(t.printedMails.length).toBe(mailsBefore + 1);
    const rows = await t.database.query(
      "SELECT 1 FROM auth_tokens WHERE email = 'niemand@test.local'",
    );
    expect(rows).toHaveLength(0);
  });

  it('answers before it looks the address up: the lookup, link and mail come after the answer', async () => {
    // Same database, but the work left for after an answer waits until the test releases it.
    const held = await createTestApp({
      database: t.database,
      clock: t.clock,
      holdAfterAnswer: true,
    });
    const ask = (address: string) =>
      held.inject({
        method: 'POST',
        url: '/api/auth/magic-link',
        payload: { email: address },
        remoteAddress: freshIp(),
      });
    const linksOf = (address: string) =>
      t.database.query(
        "SELECT 1 FROM auth_tokens WHERE email = $1 AND purpose = 'magic_link' AND used_at IS NULL",
        [address],
      );
    try {
      const known = hotel.owner.email;
      const answered = await ask(known);
      expect(answered.statusCode).toBe(202);
      // Answered, and not a single query about the account yet: no link, no mail.
      expect(await linksOf(known)).toEqual([]);
      expect(await outboxTo(known)).toEqual([]);
      expect(held.afterAnswer.waiting).toBe(1);

      // An account that appears only after the answer still gets its link: the lookup ran
      // after the answer, not before.
      const other = await createBusiness(t.database.db);
      const lateEmail = `spaeter-${Date.now()}@test.local`;
      const late = await ask(lateEmail);
      expect(late.body).toBe(answered.body);
      await createPerson(t.database.db, { businessId: other.id, email: lateEmail });

      held.afterAnswer.release();
      await held.afterAnswer.settled();
      for (const address of [known, lateEmail]) {
        expect(await linksOf(address)).toHaveLength(1);
        expect(held.printedMails.some((mail) => mail.includes(`An: ${address}\n`))).toBe(true);
      }
    } finally {
      await held.close();
    }
  });

  it('sends at most 3 mails per address in 15 minutes, answering the same, and limits a flood per network address (60)', async () => {
    const david = email(DAVID);
    const mailsTo = () => t.printedMails.filter((mail) => mail.includes(`An: ${david}`));
    const before = mailsTo().length;
    for (let i = 0; i < 3; i += 1) {
      expect((await requestLink(david)).statusCode).toBe(202);
    }
    await vi.waitFor(() => expect(mailsTo().length).toBe(before + 3), { timeout: 10_000 });
    // The fourth request is answered as always (never refused because of others),
    // but no fourth mail goes out.
    const fourth = await requestLink(david);
    expect(fourth.statusCode).toBe(202);
    expect(fourth.json()).toEqual({ sent: true });
    // Nothing was queued for a fourth mail, and nothing is on its way.
    await t.afterAnswer.settled();
    expect(await outboxTo(david)).toHaveLength(before + 3);
    await outboxDelivered();
    expect(mailsTo().length).toBe(before + 3);

    const ip = freshIp();
    for (let i = 0; i < AUTH_RATE_RULES.magicLinkPerIp.limit; i += 1) {
      expect((await requestLink(`person${i}@example.com`, ip)).statusCode).toBe(202);
    }
    const flood = await requestLink('person-last@example.com', ip);
    expect(flood.statusCode).toBe(429);
    expect(flood.json().error).toMatchObject({
      code: 'rate_limited',
      title: 'Zu viele Anfragen',
      message: 'Bitte warten Sie 15 Minute(n) und versuchen Sie es erneut.',
      retryAfter: 900,
    });
  });
});

describe('opening a magic link', () => {
  it('signs in once; the same link a second time is refused', async () => {
    const before = t.printedMails.length;
    await requestLink(email(ANNA));
    const token = tokenIn(await mailNumber(before + 1));

    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().user.email).toBe(email(ANNA));
    const cookie = first.cookies.find((c) => c.name === 'trinkgeld_session')!;
    expect(cookie.httpOnly).toBe(true);
    const me = await t.inject({
      method: 'GET',
      url: '/api/profiles/me',
      headers: { cookie: `${cookie.name}=${cookie.value}` },
    });
    expect(me.json().fullName).toBe('Anna Schneider');

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'magic_link_invalid',
      title: 'Fehler beim Anmelden',
      message: 'Der Anmeldelink ist ungültig, abgelaufen oder wurde bereits verwendet.',
    });
  });

  it('expires after 15 minutes', async () => {
    const before = t.printedMails.length;
    await requestLink(hotel.owner.email);
    const token = tokenIn(await mailNumber(before + 1));
    t.clock.advance(15 * 60_000);
    const response = await verify(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('magic_link_invalid');
  });

  it('refuses made-up and malformed tokens', async () => {
    expect((await verify('A'.repeat(43))).json().error.code).toBe('magic_link_invalid');
    const malformed = await verify('kurz');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('validation_failed');
  });

  it('confirms the e-mail address of the person who opens it', async () => {
    await t.database.query("INSERT INTO users (email) VALUES ('einladung@test.local')");
    const before = t.printedMails.length;
    await requestLink('einladung@test.local');
    const token = tokenIn(await mailNumber(before + 1));
    expect((await verify(token)).statusCode).toBe(200);
    const [user] = await t.database.query<{ email_verified_at: Date | null }>(
      "SELECT email_verified_at FROM users WHERE email = 'einladung@test.local'",
    );
    expect(user!.email_verified_at).not.toBeNull();
  });

  it('records admin_login with the method for an admin', async () => {
    const before = t.printedMails.length;
    await requestLink(admin.email);
    const token = tokenIn(await mailNumber(before + 1));
    expect((await verify(token)).statusCode).toBe(200);
    const rows = await t.database.query<{ payload: { method: string } }>(
      "SELECT payload FROM admin_audit_log WHERE action = 'admin_login'",
    );
    expect(rows.map((row) => row.payload.method)).toContain('magic_link');
  });
});
