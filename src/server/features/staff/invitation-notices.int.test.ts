import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPerson,
  createPlatformAdmin,
  uniqueSuffix,
  type FactoryBusiness,
  type FactoryPerson,
} from '../../../../test/support/factories';
import type { StaffUser } from '../../../shared/api/staff';
import { INVITATION_TTL_MS } from '../../../shared/domain/constants';

/**
 * Decision 0343: inviting an address that has an account elsewhere answers
 * exactly as a new address does, keeps a pending notice that the staff list shows and the row
 * actions work on like an invited person, and tells the existing person by e-mail instead.
 */

let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
let admin: FactoryPerson;
let loner: FactoryPerson;
let owner: string;
let cafeOwner: string;
let cafeEmployeeSession: string;

beforeAll(async () => {
  t = await createTestApp({ config: { publicOrigin: 'https://tips.example' } });
  hotel = await createBusiness(t.database.db, { name: 'Hotel Seeblick', employees: 1 });
  cafe = await createBusiness(t.database.db, { employees: 1 });
  admin = await createPlatformAdmin(t.database.db);
  loner = await createPerson(t.database.db, { withProfile: false });
  owner = await signIn(t, hotel.owner.email);
  cafeOwner = await signIn(t, cafe.owner.email);
  cafeEmployeeSession = await signIn(t, cafe.employees[0]!.email);
});
afterAll(async () => {
  await t.close();
});

const invite = (payload: object, cookie = owner) =>
  t.inject({ method: 'POST', url: '/api/admin/users', headers: { cookie }, payload });
const list = async (cookie = owner, query = '') =>
  (await t.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: { cookie } })).json()
    .items as StaffUser[];
const setRole = (id: string, role: string, cookie = owner) =>
  t.inject({
    method: 'PATCH',
    url: `/api/admin/users/${id}`,
    headers: { cookie },
    payload: { role },
  });
const action = (id: string, verb: string, cookie = owner) =>
  t.inject({ method: 'POST', url: `/api/admin/users/${id}/${verb}`, headers: { cookie } });

/** What the owner sees with the id and the address taken out: nothing else may differ. */
function shape(value: unknown, id: string, email: string): string {
  return JSON.stringify(value).replaceAll(id, '<id>').replaceAll(email, '<email>');
}

/** The answer to the same request for an invited new person and for a notice row. */
async function expectSameAnswer(
  request: (id: string) => ReturnType<typeof action>,
  invited: { id: string; email: string },
  notice: { id: string; email: string },
) {
  const a = await request(invited.id);
  const b = await request(notice.id);
  expect(b.statusCode).toBe(a.statusCode);
  expect(b.headers['content-type']).toBe(a.headers['content-type']);
  expect(shape(b.json(), notice.id, notice.email)).toBe(shape(a.json(), invited.id, invited.email));
  return { invited: a, notice: b };
}

async function rowOf(email: string, cookie = owner) {
  return (await list(cookie)).find((row) => row.email === email);
}

async function expectSameRows(
  invited: { id: string; email: string },
  notice: { id: string; email: string },
) {
  const rows = await list();
  const a = rows.find((row) => row.email === invited.email);
  const b = rows.find((row) => row.email === notice.email);
  expect(a).toBeDefined();
  expect(b).toBeDefined();
  expect(shape(b, notice.id, notice.email)).toBe(shape(a, invited.id, invited.email));
}

const mailsTo = (email: string) => t.printedMails.filter((text) => text.includes(`An: ${email}\n`));

async function auditRows(targetId: string) {
  return t.database.query<{
    action: string;
    target_type: string;
    business_id: string;
    admin_id: string;
    ip_address: string | null;
    payload: Record<string, unknown>;
  }>(
    `SELECT action, target_type, business_id, admin_id, payload, ip_address FROM admin_audit_log
      WHERE target_id = $1 ORDER BY created_at, id`,
    [targetId],
  );
}

/** The audit rows of one target as the owner could compare them (one clock tick: no order). */
const auditTrail = (rows: unknown[], target: { id: string; email: string }) =>
  rows.map((row) => shape(row, target.id, target.email)).sort();

async function accountOf(userId: string) {
  const [row] = await t.database.query(
    `SELECT u.email, u.disabled_at, u.updated_at, u.password_hash, u.email_verified_at,
            p.role, p.business_id, p.full_name, p.updated_at AS profile_updated_at
       FROM users u LEFT JOIN profiles p ON p.id = u.id WHERE u.id = $1`,
    [userId],
  );
  const [tokens] = await t.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM auth_tokens WHERE user_id = $1',
    [userId],
  );
  const [sessions] = await t.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM auth_sessions WHERE user_id = $1',
    [userId],
  );
  return { row, tokens: tokens!.n, sessions: sessions!.n };
}

describe('inviting an address that has an account elsewhere', () => {
  it.each([
    ["another business's employee", () => cafe.employees[0]!],
    ['the platform admin', () => admin],
    ['an account without profile', () => loner],
  ])('answers as for a new address for %s, and mails the person a notice', async (_, who) => {
    const existing = who();
    const before = await accountOf(existing.id);
    const mailsBefore = mailsTo(existing.email).length;
    const fresh = `neu-${uniqueSuffix()}@test.local`;

    const a = await invite({ email: fresh, role: 'employee' });
    const b = await invite({ email: existing.email.toUpperCase(), role: 'employee' });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    const invited = { id: a.json().id as string, email: fresh };
    const notice = { id: b.json().id as string, email: existing.email };
    expect(notice.id).not.toBe(existing.id);
    expect(b.headers['content-type']).toBe(a.headers['content-type']);
    expect(shape(b.json(), notice.id, notice.email)).toBe(shape(a.json(), invited.id, fresh));
    expect(b.json()).toMatchObject({ status: 'invited', fullName: null, role: 'employee' });
    expect(new Date(b.json().invitationExpiresAt).getTime() - t.clock.now().getTime()).toBe(
      INVITATION_TTL_MS,
    );

    // The staff list afterwards: the same row for both, searchable by the address.
    await expectSameRows(invited, notice);
    const found = await list(owner, `?search=${encodeURIComponent(existing.email)}`);
    expect(found.map((row) => row.id)).toEqual([notice.id]);

    // The audit row is the same as for a new invitation.
    const [auditA] = await auditRows(invited.id);
    const [auditB] = await auditRows(notice.id);
    expect(auditB).toBeDefined();
    expect(shape(auditB, notice.id, notice.email)).toBe(shape(auditA, invited.id, fresh));

    // The existing person got a notice without a link or a token; nothing about the account moved.
    const mails = mailsTo(existing.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = mails.at(-1)!;
    expect(mail).toContain('Hotel Seeblick');
    expect(mail).toContain('bereits');
    expect(mail).not.toMatch(/https?:\/\//);
    expect(mail).not.toMatch(/token/i);
    expect(await accountOf(existing.id)).toEqual(before);
    const [outbox] = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = $1 AND status = 'console' AND NOT redacted",
      [existing.email],
    );
    expect(outbox!.n).toBeGreaterThanOrEqual(1);
    const [tokens] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM auth_tokens WHERE email = $1',
      [existing.email],
    );
    expect(tokens!.n).toBe(0);
  });

  it('mails the notice in the language the person chose for their staff screens', async () => {
    const elsewhere = await createBusiness(t.database.db, { employees: 1 });
    const english = elsewhere.employees[0]!;
    await t.database.query("UPDATE profiles SET staff_language = 'en' WHERE id = $1", [english.id]);
    const mailsBefore = mailsTo(english.email).length;

    const answer = await invite({ email: english.email, role: 'employee' });

    expect(answer.statusCode).toBe(201);
    const mails = mailsTo(english.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = mails.at(-1)!;
    expect(mail).toContain('Invitation to Trinkgeld – Hotel Seeblick');
    expect(mail).toContain('already belongs to a Trinkgeld account');
    expect(mail).not.toMatch(/Hallo|Sie |bereits/);
    expect(mail).not.toMatch(/https?:\/\//);
  });

  it("keeps business 2's employee as they were: role, business, sessions", async () => {
    const employee = cafe.employees[0]!;
    const me = await t.inject({
      method: 'GET',
      url: '/api/profiles/me',
      headers: { cookie: cafeEmployeeSession },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ role: 'employee', businessId: cafe.id });
    // The other business sees their employee as before and no notice of the hotel.
    const cafeRows = await list(cafeOwner);
    expect(cafeRows.filter((row) => row.email === employee.email)).toEqual([
      expect.objectContaining({ id: employee.id, status: 'active' }),
    ]);
    const hotelNotice = (await rowOf(employee.email))!;
    expect(cafeRows.map((row) => row.id)).not.toContain(hotelNotice.id);
    expect((await action(hotelNotice.id, 'deactivate', cafeOwner)).statusCode).toBe(404);
    expect((await setRole(hotelNotice.id, 'business_owner', cafeOwner)).statusCode).toBe(404);
  });

  it('the row actions work on the notice exactly as on an invited person', async () => {
    const existing = await createPerson(t.database.db, { businessId: cafe.id });
    const fresh = `neu-${uniqueSuffix()}@test.local`;
    const invited = { id: (await invite({ email: fresh })).json().id as string, email: fresh };
    const notice = {
      id: (await invite({ email: existing.email })).json().id as string,
      email: existing.email,
    };
    const before = await accountOf(existing.id);

    // 'Einladung erneut senden': another notice mail, a new expiry.
    t.clock.advance(60_000);
    const mailsBefore = mailsTo(existing.email).length;
    const resent = await expectSameAnswer((id) => action(id, 'invitation'), invited, notice);
    expect(resent.notice.statusCode).toBe(200);
    expect(new Date(resent.notice.json().invitationExpiresAt).getTime()).toBe(
      t.clock.now().getTime() + INVITATION_TTL_MS,
    );
    expect(mailsTo(existing.email)).toHaveLength(mailsBefore + 1);
    expect(mailsTo(existing.email).at(-1)).not.toMatch(/https?:\/\//);
    await expectSameRows(invited, notice);

    // 'Rolle ändern': the owner appoints an owner, and then may change them no more.
    const promoted = await expectSameAnswer((id) => setRole(id, 'business_owner'), invited, notice);
    expect(promoted.notice.json().role).toBe('business_owner');
    const demote = await expectSameAnswer((id) => setRole(id, 'employee'), invited, notice);
    expect(demote.notice.statusCode).toBe(403);
    expect(
      (await expectSameAnswer((id) => setRole(id, 'admin'), invited, notice)).notice.statusCode,
    ).toBe(403);
    await expectSameRows(invited, notice);
    expect(
      (await expectSameAnswer((id) => action(id, 'deactivate'), invited, notice)).notice.statusCode,
    ).toBe(403);

    // 'Deaktivieren', twice, then resend on a withdrawn one, then 'Reaktivieren', twice.
    const existing2 = await createPerson(t.database.db, { businessId: cafe.id });
    const fresh2 = `neu-${uniqueSuffix()}@test.local`;
    const invited2 = { id: (await invite({ email: fresh2 })).json().id as string, email: fresh2 };
    const notice2 = {
      id: (await invite({ email: existing2.email })).json().id as string,
      email: existing2.email,
    };
    const off = await expectSameAnswer((id) => action(id, 'deactivate'), invited2, notice2);
    expect(off.notice.json()).toMatchObject({ status: 'deactivated', invitationExpiresAt: null });
    await expectSameRows(invited2, notice2);
    const again = await expectSameAnswer((id) => action(id, 'deactivate'), invited2, notice2);
    expect(again.notice.statusCode).toBe(409);
    const resendOff = await expectSameAnswer((id) => action(id, 'invitation'), invited2, notice2);
    expect(resendOff.notice.statusCode).toBe(409);
    const on = await expectSameAnswer((id) => action(id, 'reactivate'), invited2, notice2);
    expect(on.notice.json().status).toBe('invited');
    await expectSameRows(invited2, notice2);
    expect((await action(notice2.id, 'reactivate')).statusCode).toBe(409);
    await expectSameAnswer((id) => action(id, 'invitation'), invited2, notice2);
    await expectSameRows(invited2, notice2);
    expect(auditTrail(await auditRows(notice2.id), notice2)).toEqual(
      auditTrail(await auditRows(invited2.id), invited2),
    );

    // Not offered, and answered alike when asked anyway.
    await expectSameAnswer((id) => action(id, 'two-factor/reset'), invited, notice);

    // The audit trail reads the same for both.
    expect(auditTrail(await auditRows(notice.id), notice)).toEqual(
      auditTrail(await auditRows(invited.id), invited),
    );
    // Inviting either address again is refused alike.
    const twiceA = await invite({ email: invited.email });
    const twiceB = await invite({ email: notice.email });
    expect(twiceB.statusCode).toBe(409);
    expect(twiceB.json()).toEqual(twiceA.json());
    // Nothing of this touched the existing person's account.
    expect(await accountOf(existing.id)).toEqual(before);
  });

  it("an address of the business's own staff is still refused in German", async () => {
    const mailsBefore = t.printedMails.length;
    for (const email of [hotel.employees[0]!.email, hotel.owner.email]) {
      const response = await invite({ email });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'staff_email_taken',
        message: 'E-Mail: Diese Adresse gehört bereits zu einem Benutzer.',
      });
    }
    expect(t.printedMails.length).toBe(mailsBefore);
  });

  it('once the person deleted their account, "Einladung erneut senden" sends the real invitation', async () => {
    const existing = await createPerson(t.database.db, { businessId: cafe.id });
    const notice = (await invite({ email: existing.email, role: 'employee' })).json() as StaffUser;
    const session = await signIn(t, existing.email);
    const deleted = await t.inject({
      method: 'POST',
      url: '/api/me/deletion',
      headers: { cookie: session },
      payload: { confirm: true },
    });
    expect(deleted.statusCode).toBe(200);

    const resent = await action(notice.id, 'invitation');
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ id: notice.id, status: 'invited', role: 'employee' });
    const printed = mailsTo(existing.email).at(-1)!;
    const token = /\/employee\/login\?magic_token=([\w-]+)/.exec(printed)?.[1];
    expect(token, printed).toBeTruthy();
    const verified = await t.inject({
      method: 'POST',
      url: '/api/auth/magic-link/verify',
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    const row = await rowOf(existing.email);
    expect(row).toMatchObject({ id: notice.id, status: 'active' });
    const [left] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM staff_invitation_notices WHERE id = $1',
      [notice.id],
    );
    expect(left!.n).toBe(0);
  });

  it('an expired notice looks like an expired invitation', async () => {
    const existing = await createPerson(t.database.db, { businessId: cafe.id });
    const fresh = `neu-${uniqueSuffix()}@test.local`;
    const invited = { id: (await invite({ email: fresh })).json().id as string, email: fresh };
    const notice = {
      id: (await invite({ email: existing.email })).json().id as string,
      email: existing.email,
    };
    t.clock.advance(INVITATION_TTL_MS + 1000);
    owner = await signIn(t, hotel.owner.email);
    cafeOwner = await signIn(t, cafe.owner.email);
    await expectSameRows(invited, notice);
    const resent = await expectSameAnswer((id) => action(id, 'invitation'), invited, notice);
    expect(resent.notice.statusCode).toBe(200);
    await expectSameRows(invited, notice);
  });
});
