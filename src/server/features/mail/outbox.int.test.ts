import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness } from '../../../../test/support/factories';
import { runRetention } from '../../jobs/retention';
import { createMailer, REDACTED_SECRET, SECRET_LOST } from './mailer';

let t: TestApp;
let ip = 1;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const outboxOf = (email: string) =>
  t.database.query<{ id: string; text_body: string; html_body: string | null; status: string }>(
    'SELECT id, text_body, html_body, status FROM outbox_emails WHERE to_address = $1',
    [email],
  );

describe('the outbox keeps no sign-in tokens', () => {
  it('stores the magic-link mail without its token, yet the printed mail carries a working link', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1 });
    const email = hotel.employees[0]!.email;
    const before = t.printedMails.length;
    const response = await t.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email },
      remoteAddress: `10.9.0.${ip++}`,
    });
    expect(response.statusCode).toBe(202);
    await vi.waitFor(() => expect(t.printedMails.length).toBe(before + 1), { timeout: 5_000 });
    const token = /magic_token=([A-Za-z0-9_-]{43})/.exec(t.printedMails[before]!)?.[1];
    expect(token).toBeTruthy();

    await vi.waitFor(async () => expect((await outboxOf(email))[0]?.status).toBe('console'), {
      timeout: 10_000,
    });
    const [row] = await outboxOf(email);
    expect(row!.text_body).not.toContain(token);
    expect(row!.html_body).not.toContain(token);
    expect(row!.text_body).toContain(`magic_token=${REDACTED_SECRET}`);
    const everything = await t.database.query<{ dump: string }>(
      'SELECT string_agg(o::text, $1) AS dump FROM outbox_emails o',
      ['\n'],
    );
    expect(everything[0]!.dump).not.toContain(token);

    const verify = await t.inject({
      method: 'POST',
      url: '/api/auth/magic-link/verify',
      payload: { token },
    });
    expect(verify.statusCode).toBe(200);
  });

  it('stores the invitation mail without its token', async () => {
    const hotel = await createBusiness(t.database.db);
    const { signIn } = await import('../../../../test/support/auth');
    const cookie = await signIn(t, hotel.owner.email);
    const email = `neu-${hotel.id.slice(0, 8)}@test.local`;
    const before = t.printedMails.length;
    const response = await t.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { cookie },
      payload: { email, role: 'employee' },
    });
    expect(response.statusCode).toBe(201);
    await vi.waitFor(() => expect(t.printedMails.length).toBe(before + 1), { timeout: 5_000 });
    const token = /magic_token=([A-Za-z0-9_-]{43})/.exec(t.printedMails[before]!)?.[1];
    expect(token).toBeTruthy();
    const [row] = await outboxOf(email);
    expect(row!.text_body).not.toContain(token);
    expect(row!.html_body ?? '').not.toContain(token);
  });

  it('after a restart a mail whose token is gone is marked failed, never sent with a dead link', async () => {
    const printed: string[] = [];
    const first = createMailer({
      database: t.database,
      clock: t.clock,
      smtpUrl: undefined,
      from: 'x <x@test.local>',
      print: (text) => printed.push(text),
    });
    const id = await first.enqueue(t.database.db, {
      to: 'restart@test.local',
      subject: 'Link',
      text: 'https://example.test/employee/login?magic_token=geheim-token-123',
      secrets: ['geheim-token-123'],
    });
    const restarted = createMailer({
      database: t.database,
      clock: t.clock,
      smtpUrl: undefined,
      from: 'x <x@test.local>',
      print: (text) => printed.push(text),
    });
    await expect(restarted.deliver(id)).rejects.toThrow(SECRET_LOST);
    expect(printed).toEqual([]);
    const [row] = await t.database.query<{ status: string; last_error: string }>(
      'SELECT status, last_error FROM outbox_emails WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ status: 'failed', last_error: SECRET_LOST });
    first.close();
    restarted.close();
  });
});

describe('the retention job', () => {
  it('deletes sent mails and analytics events past their period and empties old provider payloads', async () => {
    const now = t.clock.now().getTime();
    const daysAgo = (days: number) => new Date(now - days * 86_400_000);
    const tag = `ret-${now}-${ip++}`;
    const insertMail = (status: string, sentDaysAgo: number | null, createdDaysAgo: number) =>
      t.database.query<{ id: string }>(
        `INSERT INTO outbox_emails (to_address, subject, text_body, status, sent_at, created_at)
         VALUES ($1, 'Betreff', 'Text', $2, $3, $4) RETURNING id`,
        [
          `${tag}@test.local`,
          status,
          sentDaysAgo === null ? null : daysAgo(sentDaysAgo),
          daysAgo(createdDaysAgo),
        ],
      );
    const [oldSent] = await insertMail('sent', 31, 31);
    const [freshSent] = await insertMail('console', 5, 5);
    const [pendingFresh] = await insertMail('pending', null, 1);
    const [oldFailed] = await insertMail('failed', null, 40);
    await t.database.query(
      `INSERT INTO analytics_events (name, properties, created_at) VALUES
       ('tip_page_loaded', $1, $2), ('tip_page_loaded', $1, $3)`,
      [JSON.stringify({ tag }), daysAgo(400), daysAgo(10)],
    );
    await t.database.query(
      `INSERT INTO webhook_events (provider, event_id, type, payload, received_at, processed_at) VALUES
       ('demo', $1, 'x', '{"card":"4242"}', $3, $3), ('demo', $2, 'x', '{"card":"4242"}', $4, $4)`,
      [`${tag}-old`, `${tag}-new`, daysAgo(100), daysAgo(1)],
    );

    await runRetention(t.database, t.clock, t.config.retention);

    const mails = await t.database.query<{ id: string }>(
      'SELECT id FROM outbox_emails WHERE to_address = $1',
      [`${tag}@test.local`],
    );
    expect(mails.map((m) => m.id).sort()).toEqual([freshSent!.id, pendingFresh!.id].sort());
    expect(mails.map((m) => m.id)).not.toContain(oldSent!.id);
    expect(mails.map((m) => m.id)).not.toContain(oldFailed!.id);
    const analytics = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM analytics_events WHERE properties->>'tag' = $1",
      [tag],
    );
    expect(analytics[0]!.n).toBe(1);
    const events = await t.database.query<{ event_id: string; payload: unknown }>(
      'SELECT event_id, payload FROM webhook_events WHERE event_id LIKE $1 ORDER BY event_id',
      [`${tag}-%`],
    );
    expect(events).toEqual([
      { event_id: `${tag}-new`, payload: { card: '4242' } },
      { event_id: `${tag}-old`, payload: {} },
    ]);
  });
});

describe('MAIL_TRANSPORT=log in production', () => {
  it('shows each mail on the console without its tokens or the guest’s address', async () => {
    const printed: string[] = [];
    const mailer = createMailer({
      database: t.database,
      clock: t.clock,
      smtpUrl: undefined,
      from: 'Trinkgeld <no-reply@test.local>',
      transport: 'log',
      print: (text) => printed.push(text),
    });
    const token = 'T'.repeat(43);
    const signIn = await mailer.send({
      to: 'person@test.local',
      subject: 'Ihr Anmeldelink',
      text: `https://example.test/employee/login?magic_token=${token}`,
      html: `<a href="https://example.test/employee/login?magic_token=${token}">Anmelden</a>`,
      secrets: [token],
    });
    const receipt = await mailer.send({
      to: 'gast@privat.example',
      subject: 'Ihre Quittung',
      text: `Danke! Ihr privater Link: https://example.test/thank-you#token=${'R'.repeat(43)}`,
      secrets: ['R'.repeat(43)],
      privateRecipient: true,
    });
    expect(signIn).toBeTruthy();
    expect(receipt).toBeTruthy();
    const all = printed.join('\n');
    expect(printed).toHaveLength(2);
    expect(all).not.toContain(token);
    expect(all).not.toContain('R'.repeat(43));
    expect(all).not.toContain('gast@privat.example');
    expect(all).toContain('Ihre Quittung');
    expect(all).toContain(REDACTED_SECRET);
    // Logged, not sent: the stored state says so (decision 0600), and a second delivery of the
    // same mail prints nothing more.
    const stored = await t.database.query<{ status: string }>(
      'SELECT status FROM outbox_emails WHERE id = ANY($1::uuid[]) ORDER BY seq',
      [[signIn, receipt]],
    );
    expect(stored.map((row) => row.status)).toEqual(['logged', 'logged']);
    await mailer.deliver(signIn);
    expect(printed).toHaveLength(2);
    mailer.close();
  });
});
