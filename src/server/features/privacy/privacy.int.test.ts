import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts, tipAdjustments, tipReplyAddresses } from '../../db/schema';
import { DELETED_PERSON_NAME } from '../../../shared/api/privacy';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness, createTip, FACTORY_PASSWORD } from '../../../../test/support/factories';
import { writeAudit } from '../audit/write';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function hotelWithTips() {
  const hotel = await createBusiness(t.database.db, { points: ['person'], employees: 2 });
  const [a, b] = hotel.employees as [(typeof hotel.employees)[0], (typeof hotel.employees)[0]];
  const mine = await createTip(t.database.db, {
    businessId: hotel.id,
    employeeId: a.id,
    entrypoint: hotel.points[0]!,
    amountCents: 1234,
    guestMessage: 'Danke für den tollen Abend!',
  });
  const colleagues = await createTip(t.database.db, {
    businessId: hotel.id,
    employeeId: b.id,
    amountCents: 999,
    guestMessage: 'Für Kollegin B',
  });
  return { hotel, a, b, mine, colleagues };
}

describe('GDPR: downloading one’s own data', () => {
  it('gives the signed-in employee all their data as a JSON download, and nothing of colleagues', async () => {
    const { a, mine, colleagues } = await hotelWithTips();
    const response = await t.inject({
      method: 'GET',
      url: '/api/me/data-export',
      headers: { cookie: await signIn(t, a.email) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename=".+\.json"/);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json();
    expect(data.account.email).toBe(a.email);
    expect(data.profile.fullName).toBe(a.fullName);
    expect(data.tips.map((tip: { id: string }) => tip.id)).toEqual([mine.id]);
    expect(data.tips[0]).toMatchObject({
      amountCents: 1234,
      guestMessage: 'Danke für den tollen Abend!',
    });
    expect(data.paymentPoints).toHaveLength(1);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(response.body).not.toContain(colleagues.id);
    expect(response.body).not.toContain('password');
  });

  it('also lists the replies the employee wrote, their payouts and deductions', async () => {
    const { hotel, a, b, mine, colleagues } = await hotelWithTips();
    const cookie = await signIn(t, a.email);
    const replied = await t.inject({
      method: 'POST',
      url: `/api/employee/tips/${mine.id}/reply`,
      headers: { cookie },
      payload: { message: 'Vielen Dank, bis bald!' },
    });
    expect(replied.statusCode).toBe(201);
    const db = t.database.db;
    const [payout] = await db
      .insert(payouts)
      .values({
        businessId: hotel.id,
        employeeId: a.id,
        batchId: randomUUID(),
        amountCents: 1234,
        status: 'paid',
        provider: 'demo',
        providerTransferId: 'tr_demo_export',
        idempotencyKey: `payout:export:${a.id}`,
      })
      .returning();
    await db.insert(payouts).values({
      businessId: hotel.id,
      employeeId: b.id,
      batchId: randomUUID(),
      amountCents: 999,
      status: 'paid',
      provider: 'demo',
      providerTransferId: 'tr_demo_colleague',
      idempotencyKey: `payout:export:${b.id}`,
    });
    await db.insert(tipAdjustments).values({
      businessId: hotel.id,
      tipId: mine.id,
      profileId: a.id,
      kind: 'refund',
      amountCents: 200,
      reason: 'Teilerstattung',
      providerRef: 're_export',
    });
    const response = await t.inject({
      method: 'GET',
      url: '/api/me/data-export',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(data.replies).toEqual([
      expect.objectContaining({ tipId: mine.id, message: 'Vielen Dank, bis bald!' }),
    ]);
    expect(data.payouts).toEqual([
      expect.objectContaining({
        id: payout!.id,
        amountCents: 1234,
        providerTransferId: 'tr_demo_export',
      }),
    ]);
    expect(data.deductions).toEqual([
      expect.objectContaining({ tipId: mine.id, kind: 'refund', amountCents: 200 }),
    ]);
    expect(response.body).not.toContain('tr_demo_colleague');
    expect(response.body).not.toContain(colleagues.id);
  });

  it('says for each received tip whether the guest asked for the reply by e-mail, never the address', async () => {
    const { a, mine } = await hotelWithTips();
    const cookie = await signIn(t, a.email);
    const until = new Date(t.clock.now().getTime() + 30 * 24 * 60 * 60_000);
    await t.database.db.insert(tipReplyAddresses).values({
      tipId: mine.id,
      addressSealed: 'sealed-guest-address-for-export-test',
      language: 'de',
      createdAt: t.clock.now(),
      expiresAt: until,
    });
    const data = (
      await t.inject({ method: 'GET', url: '/api/me/data-export', headers: { cookie } })
    ).json();
    const tip = data.tips.find((entry: { id: string }) => entry.id === mine.id);
    expect(tip.replyByEmail).toEqual({ requested: true, until: until.toISOString() });
    expect(JSON.stringify(data)).not.toContain('sealed-guest-address-for-export-test');
    const others = data.tips.filter((entry: { id: string }) => entry.id !== mine.id);
    for (const other of others) expect(other.replyByEmail).toEqual({ requested: false });
  });

  it('is refused without a session', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/me/data-export' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GDPR: deleting one’s own account', () => {
  it('anonymises the profile, ends sign-in, stops the payment point, keeps the tips without name', async () => {
    const { hotel, a, b, mine, colleagues } = await hotelWithTips();
    const cookie = await signIn(t, a.email);

    const unconfirmed = await t.inject({
      method: 'POST',
      url: '/api/me/deletion',
      headers: { cookie },
      payload: {},
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error.message).toBe('Bitte bestätigen Sie die Löschung.');

    const response = await t.inject({
      method: 'POST',
      url: '/api/me/deletion',
      headers: { cookie },
      payload: { confirm: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true });

    const [profile] = await t.database.query<{ full_name: string; email: string }>(
      'SELECT full_name, email FROM profiles WHERE id = $1',
      [a.id],
    );
    expect(profile!.full_name).toBe(DELETED_PERSON_NAME);
    expect(profile!.email).not.toContain(a.email);
    const [user] = await t.database.query<{ email: string; password_hash: string | null }>(
      'SELECT email, password_hash FROM users WHERE id = $1',
      [a.id],
    );
    expect(user).toMatchObject({ password_hash: null });
    expect(user!.email).not.toBe(a.email);

    // The old session and the password no longer work.
    const after = await t.inject({ method: 'GET', url: '/api/profiles/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    const password = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: '10.61.0.1',
      payload: { email: a.email, password: FACTORY_PASSWORD },
    });
    expect(password.statusCode).toBe(401);

    // The tip stays for the business's accounting, without the guest's personal message.
    const [tip] = await t.database.query<{
      amount_cents: number;
      employee_id: string;
      guest_message: string | null;
    }>('SELECT amount_cents, employee_id, guest_message FROM tips WHERE id = $1', [mine.id]);
    expect(tip).toEqual({ amount_cents: 1234, employee_id: a.id, guest_message: null });
    const [colleague] = await t.database.query<{ guest_message: string }>(
      'SELECT guest_message FROM tips WHERE id = $1',
      [colleagues.id],
    );
    expect(colleague!.guest_message).toBe('Für Kollegin B');

    // Guests can no longer tip the deleted person.
    const point = await t.inject({
      method: 'GET',
      url: `/api/guest/codes/${hotel.points[0]!.uid}`,
    });
    expect(point.statusCode).toBeGreaterThanOrEqual(400);
    expect(point.body).not.toContain(a.fullName);

    // The owner sees the deletion in the audit log; the colleague is untouched.
    const audit = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM admin_audit_log WHERE action = 'user_delete' AND target_id = $1",
      [a.id],
    );
    expect(audit[0]!.n).toBe(1);
    const bProfile = await t.inject({
      method: 'GET',
      url: '/api/profiles/me',
      headers: { cookie: await signIn(t, b.email) },
    });
    expect(bProfile.json().fullName).toBe(b.fullName);
  });

  it('takes the person’s name and address out of the audit log; what happened stays', async () => {
    const { hotel, a, b } = await hotelWithTips();
    const owner = { profileId: hotel.owner.id, businessId: hotel.id, hasProfile: true };
    const at = t.clock.now();
    await writeAudit(t.database.db, {
      actor: owner,
      action: 'user_update',
      targetType: 'user',
      targetId: a.id,
      payload: {
        personName: a.fullName,
        email: a.email,
        invitation: 'resent',
      },
      at,
    });
    await writeAudit(t.database.db, {
      actor: owner,
      action: 'pool_tip_assign',
      targetType: 'tip',
      targetId: randomUUID(),
      payload: {
        profileId: a.id,
        personName: a.fullName,
        amountCents: 1500,
        currency: 'eur',
        pointLabel: 'Hotelbar',
        paidAt: null,
      },
      at,
    });
    await writeAudit(t.database.db, {
      actor: owner,
      action: 'team_update',
      targetType: 'team',
      targetId: randomUUID(),
      payload: {
        teamName: 'Service',
        members: [
          { profileId: a.id, personName: a.fullName, weight: 1 },
          { profileId: b.id, personName: b.fullName, weight: 2 },
        ],
      },
      at,
    });
    await writeAudit(t.database.db, {
      actor: owner,
      action: 'two_factor_reset',
      targetType: 'user',
      targetId: b.id,
      payload: { personName: b.fullName, email: b.email },
      at,
    });

    const response = await t.inject({
      method: 'POST',
      url: '/api/me/deletion',
      headers: { cookie: await signIn(t, a.email) },
      payload: { confirm: true },
    });
    expect(response.statusCode).toBe(200);

    const rows = await t.database.query<{ action: string; payload: Record<string, unknown> }>(
      'SELECT action, payload FROM admin_audit_log WHERE business_id = $1 ORDER BY created_at, action',
      [hotel.id],
    );
    const log = JSON.stringify(rows);
    expect(log).not.toContain(a.fullName);
    expect(log).not.toContain(a.email);
    const of = (action: string) => rows.find((row) => row.action === action)!.payload;
    expect(of('user_update')).toEqual({ personName: DELETED_PERSON_NAME, invitation: 'resent' });
    expect(of('pool_tip_assign')).toMatchObject({
      profileId: a.id,
      personName: DELETED_PERSON_NAME,
      amountCents: 1500,
    });
    expect(of('team_update')).toEqual({
      teamName: 'Service',
      members: [
        { profileId: a.id, personName: DELETED_PERSON_NAME, weight: 1 },
        { profileId: b.id, personName: b.fullName, weight: 2 },
      ],
    });
    // The colleague keeps their name.
    expect(of('two_factor_reset')).toEqual({ personName: b.fullName, email: b.email });
    expect(of('user_delete')).toEqual({ reason: 'own_request' });
  });

  it('is refused for an owner, who hands the business over first; nothing changes', async () => {
    const { hotel } = await hotelWithTips();
    const response = await t.inject({
      method: 'POST',
      url: '/api/me/deletion',
      headers: { cookie: await signIn(t, hotel.owner.email) },
      payload: { confirm: true },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.title).toBe('Löschung nicht möglich');
    const [profile] = await t.database.query<{ full_name: string }>(
      'SELECT full_name FROM profiles WHERE id = $1',
      [hotel.owner.id],
    );
    expect(profile!.full_name).toBe(hotel.owner.fullName);
  });
});
