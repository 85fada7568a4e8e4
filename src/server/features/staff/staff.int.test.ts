import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPerson,
  createPlatformAdmin,
  type FactoryBusiness,
  type FactoryPerson,
} from '../../../../test/support/factories';
import type { StaffUser } from '../../../shared/api/staff';
import { INVITATION_TTL_MS } from '../../../shared/domain/constants';

let t: TestApp;
let url: string;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
let admin: FactoryPerson;
let owner: string;
let cafeOwner: string;
let platformAdmin: string;

beforeAll(async () => {
  t = await createTestApp({ config: { publicOrigin: 'https://tips.example' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  hotel = await createBusiness(t.database.db, { employees: 3, teams: [{ members: [0] }] });
  cafe = await createBusiness(t.database.db, { employees: 1 });
  admin = await createPlatformAdmin(t.database.db);
  owner = await signIn(t, hotel.owner.email);
  cafeOwner = await signIn(t, cafe.owner.email);
  platformAdmin = await signIn(t, admin.email);
});
afterAll(async () => {
  await t.close();
});

const list = (cookie: string, query = '') =>
  t.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: { cookie } });
const invite = (payload: object, cookie = owner, query = '') =>
  t.inject({ method: 'POST', url: `/api/admin/users${query}`, headers: { cookie }, payload });
const setRole = (id: string, role: string, cookie = owner, query = '') =>
  t.inject({
    method: 'PATCH',
    url: `/api/admin/users/${id}${query}`,
    headers: { cookie },
    payload: { role },
  });
const action = (id: string, verb: string, cookie = owner, query = '') =>
  t.inject({ method: 'POST', url: `/api/admin/users/${id}/${verb}${query}`, headers: { cookie } });

async function count(sql: string, params: unknown[]) {
  const [row] = await t.database.query<{ n: number }>(sql, params);
  return Number(row!.n);
}
const auditCount = (action: string, targetId: string) =>
  count('SELECT count(*)::int AS n FROM admin_audit_log WHERE action = $1 AND target_id = $2', [
    action,
    targetId,
  ]);

/**
 * The token of the newest invitation link mailed to `email`: from the printed mail, because the
 * outbox row keeps the mail without its token (decision 0201).
 */
async function invitationToken(email: string) {
  const [mail] = await t.database.query<{ text_body: string; subject: string }>(
    'SELECT text_body, subject FROM outbox_emails WHERE to_address = $1 ORDER BY created_at DESC, id LIMIT 1',
    [email],
  );
  const printed = t.printedMails.filter((text) => text.includes(`An: ${email}\n`)).at(-1) ?? '';
  const token = /\/employee\/login\?magic_token=([\w-]+)/.exec(printed)?.[1];
  expect(token, printed).toBeTruthy();
  expect(mail!.text_body).not.toContain(token);
  return { token: token!, mail: mail! };
}
/** The audit rows of one action about one person, oldest first. */
const auditRows = (action: string, targetId: string) =>
  t.database.query<{ payload: Record<string, unknown> }>(
    'SELECT payload FROM admin_audit_log WHERE action = $1 AND target_id = $2 ORDER BY created_at',
    [action, targetId],
  );

const verify = (token: string) =>
  t.inject({ method: 'POST', url: '/api/auth/magic-link/verify', payload: { token } });

describe('staff list', () => {
  it("shows the business's own staff with role, team, status and last sign-in", async () => {
    const response = await list(owner);
    expect(response.statusCode).toBe(200);
    const items = response.json().items as StaffUser[];
    const ids = items.map((item) => item.id);
    expect(ids).toContain(hotel.owner.id);
    for (const employee of hotel.employees) expect(ids).toContain(employee.id);
    expect(ids).not.toContain(cafe.owner.id);
    expect(ids).not.toContain(cafe.employees[0]!.id);
    const member = items.find((item) => item.id === hotel.teams[0]!.memberIds[0])!;
    expect(member.teams).toEqual([hotel.teams[0]!.name]);
    expect(member.status).toBe('active');
  });

  it('searches by name or e-mail', async () => {
    const anna = hotel.employees[0]!;
    const byName = (await list(owner, `?search=${encodeURIComponent(anna.fullName)}`)).json();
    expect(byName.items.map((item: StaffUser) => item.id)).toEqual([anna.id]);
    const byMail = (
      await list(owner, `?search=${encodeURIComponent(anna.email.toUpperCase())}`)
    ).json();
    expect(byMail.items.map((item: StaffUser) => item.id)).toEqual([anna.id]);
    expect((await list(owner, '?search=%25')).json().items).toEqual([]);
  });

  it('the platform admin names the business; the other owner cannot', async () => {
    const asAdmin = (await list(platformAdmin, `?businessId=${cafe.id}`)).json();
    expect(asAdmin.items.map((item: StaffUser) => item.id)).toContain(cafe.owner.id);
    expect((await list(cafeOwner, `?businessId=${hotel.id}`)).statusCode).toBe(404);
  });
});

describe('invitations', () => {
  it('invites by e-mail: a 7-day link lands on onboarding as an employee of the business', async () => {
    const email = `neu-${Date.now()}@test.local`;
    const response = await invite({ email: ` ${email.toUpperCase()} ` });
    expect(response.statusCode).toBe(201);
    const invited = response.json() as StaffUser;
    expect(invited).toMatchObject({ email, role: 'employee', status: 'invited', fullName: null });
    expect(new Date(invited.invitationExpiresAt!).getTime() - t.clock.now().getTime()).toBe(
      INVITATION_TTL_MS,
    );
    expect(await auditCount('user_create', invited.id)).toBe(1);
    const [audit] = await t.database.query<{ business_id: string }>(
      "SELECT business_id FROM admin_audit_log WHERE action = 'user_create' AND target_id = $1",
      [invited.id],
    );
    expect(audit!.business_id).toBe(hotel.id);

    const { token, mail } = await invitationToken(email);
    expect(mail.subject).toContain('Einladung');
    expect(mail.text_body).toContain('7 Tage');
    const signedIn = await verify(token);
    expect(signedIn.statusCode).toBe(200);
    const setCookie = signedIn.headers['set-cookie'];
    const cookie = String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;
    const me = await t.inject({ method: 'GET', url: '/api/profiles/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ role: 'employee', businessId: hotel.id, fullName: null });
    // Single use.
    expect((await verify(token)).statusCode).toBe(400);
    const after = (await list(owner))
      .json()
      .items.find((item: StaffUser) => item.id === invited.id);
    expect(after.status).toBe('active');
  });

  it('the link expires after 7 days; "Einladung erneut senden" makes a new one', async () => {
    const email = `spaet-${Date.now()}@test.local`;
    const invited = (await invite({ email })).json() as StaffUser;
    const { token: first } = await invitationToken(email);
    t.clock.advance(INVITATION_TTL_MS + 1000);
    try {
      expect((await verify(first)).statusCode).toBe(400);
      const resent = await action(invited.id, 'invitation', await signIn(t, hotel.owner.email));
      expect(resent.statusCode).toBe(200);
      const { token: second } = await invitationToken(email);
      expect(second).not.toBe(first);
      expect((await verify(second)).statusCode).toBe(200);
    } finally {
      // Sessions made before the jump are idle now; later tests sign in again where needed.
      owner = await signIn(t, hotel.owner.email);
      cafeOwner = await signIn(t, cafe.owner.email);
      platformAdmin = await signIn(t, admin.email);
    }
    expect((await action(invited.id, 'invitation')).json().error.code).toBe('staff_not_invited');
  });

  it.each([
    [{ email: 'keine-adresse' }, 400, 'E-Mail'],
    [{ email: 'x@test.local', role: 'chef' }, 400, 'Rolle'],
    [{ email: 'x@test.local', extra: 1 }, 400, ''],
  ])('refuses bad input %o with %i and writes nothing', async (payload, status, field) => {
    const before = await count('SELECT count(*)::int AS n FROM users', []);
    const response = await invite(payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toContain(field);
    expect(await count('SELECT count(*)::int AS n FROM users', [])).toBe(before);
  });

  it("refuses an address of the business's own staff, and admin invitations from owners", async () => {
    const before = await count('SELECT count(*)::int AS n FROM outbox_emails', []);
    // Another business's address is answered as a new one (invitation-notices.int.test.ts).
    const taken = await invite({ email: hotel.employees[0]!.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(
      'E-Mail: Diese Adresse gehört bereits zu einem Benutzer.',
    );
    const adminRole = await invite({ email: `boss-${Date.now()}@test.local`, role: 'admin' });
    expect(adminRole.statusCode).toBe(403);
    expect(adminRole.json().error.code).toBe('staff_admin_only');
    expect(await count('SELECT count(*)::int AS n FROM outbox_emails', [])).toBe(before);
  });

  it('the owner of another business cannot invite into this one', async () => {
    const response = await invite(
      { email: `fremd-${Date.now()}@test.local` },
      cafeOwner,
      `?businessId=${hotel.id}`,
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('role rules on the server', () => {
  it('an owner appoints an employee as owner, but cannot change or deactivate that owner', async () => {
    const shop = await createBusiness(t.database.db, { employees: 1 });
    const shopOwner = await signIn(t, shop.owner.email);
    const ben = shop.employees[0]!;
    const promoted = await setRole(ben.id, 'business_owner', shopOwner);
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().role).toBe('business_owner');
    expect(await auditRows('user_update', ben.id)).toEqual([
      {
        payload: {
          personName: ben.fullName,
          fields: ['role'],
          role: { from: 'employee', to: 'business_owner' },
        },
      },
    ]);

    const demote = await setRole(ben.id, 'employee', shopOwner);
    expect(demote.statusCode).toBe(403);
    expect(demote.json().error.message).toBe(
      'Ein Geschäftsinhaber kann einen anderen Geschäftsinhaber nicht ändern oder deaktivieren.',
    );
    expect((await action(ben.id, 'deactivate', shopOwner)).statusCode).toBe(403);
    // The older profile API follows the same rules.
    const viaProfiles = await t.inject({
      method: 'PATCH',
      url: `/api/profiles/${ben.id}`,
      headers: { cookie: shopOwner },
      payload: { role: 'employee' },
    });
    expect(viaProfiles.statusCode).toBe(403);
    const [row] = await t.database.query<{ role: string }>(
      'SELECT role FROM profiles WHERE id = $1',
      [ben.id],
    );
    expect(row!.role).toBe('business_owner');
    expect(await auditCount('user_update', ben.id)).toBe(1);
  });

  it('only the platform admin grants admin', async () => {
    const anna = hotel.employees[1]!;
    const byOwner = await setRole(anna.id, 'admin');
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().error.code).toBe('staff_admin_only');
    const viaProfiles = await t.inject({
      method: 'PATCH',
      url: `/api/profiles/${anna.id}`,
      headers: { cookie: owner },
      payload: { role: 'admin' },
    });
    expect(viaProfiles.statusCode).toBe(403);
    const byAdmin = await setRole(anna.id, 'admin', platformAdmin, `?businessId=${hotel.id}`);
    expect(byAdmin.statusCode).toBe(200);
    expect((await setRole(anna.id, 'employee', owner)).statusCode).toBe(403);
    expect(
      (await setRole(anna.id, 'employee', platformAdmin, `?businessId=${hotel.id}`)).statusCode,
    ).toBe(200);
  });

  it('the last owner of a business is neither demoted nor deactivated', async () => {
    const solo = await createBusiness(t.database.db, { employees: 1 });
    const demote = await setRole(
      solo.owner.id,
      'employee',
      platformAdmin,
      `?businessId=${solo.id}`,
    );
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe(
      'Der letzte Geschäftsinhaber eines Betriebs kann nicht herabgestuft oder deaktiviert werden.',
    );
    const deactivate = await action(
      solo.owner.id,
      'deactivate',
      platformAdmin,
      `?businessId=${solo.id}`,
    );
    expect(deactivate.statusCode).toBe(409);
    const viaProfiles = await t.inject({
      method: 'PATCH',
      url: `/api/profiles/${solo.owner.id}`,
      headers: { cookie: platformAdmin },
      payload: { role: 'employee' },
    });
    expect(viaProfiles.statusCode).toBe(403);
    expect(await auditCount('user_update', solo.owner.id)).toBe(0);
    expect(await auditCount('user_deactivate', solo.owner.id)).toBe(0);

    // With a second owner the admin may demote one of them.
    const second = await createPerson(t.database.db, {
      role: 'business_owner',
      businessId: solo.id,
    });
    expect(
      (await setRole(solo.owner.id, 'employee', platformAdmin, `?businessId=${solo.id}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await action(second.id, 'deactivate', platformAdmin, `?businessId=${solo.id}`)).statusCode,
    ).toBe(409);
  });

  it('nobody changes their own role; the other owner does not see the person', async () => {
    expect((await setRole(hotel.owner.id, 'employee')).statusCode).toBe(403);
    expect((await setRole(hotel.employees[2]!.id, 'business_owner', cafeOwner)).statusCode).toBe(
      404,
    );
    expect((await action(hotel.employees[2]!.id, 'deactivate', cafeOwner)).statusCode).toBe(404);
  });
});

describe('deactivation', () => {
  it('ends the sessions and the open live stream at once; history stays; reactivation', async () => {
    const shop = await createBusiness(t.database.db, { employees: 2, points: ['person'] });
    const shopOwner = await signIn(t, shop.owner.email);
    const employee = shop.employees[0]!;
    const guestCode = () =>
      t.inject({ method: 'GET', url: `/api/guest/codes/${shop.points[0]!.uid}` });
    expect((await guestCode()).statusCode).toBe(200);
    const cookie = await signIn(t, employee.email);
    const stream = await fetch(`${url}/api/employee/stream`, {
      headers: { cookie, accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('event: ready')) text += decoder.decode((await reader.read()).value);

    const response = await action(employee.id, 'deactivate', shopOwner);
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('deactivated');
    // Logged as a deactivation, with the name the owner knows: not as a deletion.
    expect(await auditCount('user_delete', employee.id)).toBe(0);
    expect(await auditRows('user_deactivate', employee.id)).toEqual([
      {
        payload: {
          personName: employee.fullName,
          email: employee.email,
          status: { from: 'active', to: 'deactivated' },
        },
      },
    ]);
    const log = await t.inject({
      method: 'GET',
      url: '/api/admin/audit-log?action=user_deactivate',
      headers: { cookie: shopOwner },
    });
    expect(log.json().items).toMatchObject([
      { action: 'user_deactivate', targetId: employee.id, admin: { id: shop.owner.id } },
    ]);

    // The stream says so and closes, without waiting for a heartbeat.
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value);
    }
    expect(text).toContain('event: session-ended');
    const next = await t.inject({ method: 'GET', url: '/api/profiles/me', headers: { cookie } });
    expect(next.statusCode).toBe(401);
    expect(
      await count('SELECT count(*)::int AS n FROM auth_sessions WHERE user_id = $1', [employee.id]),
    ).toBe(0);
    expect(
      await count('SELECT count(*)::int AS n FROM profiles WHERE id = $1', [employee.id]),
    ).toBe(1);
    expect((await action(employee.id, 'deactivate', shopOwner)).statusCode).toBe(409);
    // Guests of the personal tip page hear that this person receives no tips through it any
    // more (the business has no team or business page to offer instead).
    const guest = await guestCode();
    expect(guest.statusCode).toBe(410);
    expect(guest.json().error).toMatchObject({ code: 'recipient_deactivated', alternatives: [] });

    const back = await action(employee.id, 'reactivate', shopOwner);
    expect(back.statusCode).toBe(200);
    expect(back.json().status).toBe('active');
    expect((await guestCode()).statusCode).toBe(200);
    expect(await auditRows('user_update', employee.id)).toEqual([
      {
        payload: { personName: employee.fullName, status: { from: 'deactivated', to: 'active' } },
      },
    ]);
  });
});
