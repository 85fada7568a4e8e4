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
import type { Role } from '../../../shared/domain/roles';
import { profiles, users } from '../../db/schema';
import { freshIp } from '../../../../test/support/addresses';
import { tokenIn } from '../../../../test/support/mail-links';

let t: TestApp;
let hotel: FactoryBusiness;
let other: FactoryBusiness;
const CHOSEN = 'Morgenkaffee auf dem Balkon';

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db);
  other = await createBusiness(t.database.db);
});
afterAll(async () => {
  await t.close();
});

/** As an invitation leaves a person: no password, a profile without a name, address confirmed. */
async function invitedPerson(businessId: string, role: Role = 'employee') {
  const person = await createPerson(t.database.db, { businessId, role });
  await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, person.id));
  await t.database.db.update(profiles).set({ fullName: null }).where(eq(profiles.id, person.id));
  return person;
}

function onboard(cookie: string, body: object) {
  return t.inject({ method: 'PATCH', url: '/api/profiles/me', headers: { cookie }, payload: body });
}

function signInWith(email: string, password: string) {
  return t.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress: freshIp(),
  });
}

async function hasPassword(cookie: string): Promise<boolean> {
  const response = await t.inject({
    method: 'GET',
    url: '/api/auth/password',
    headers: { cookie },
  });
  return response.json().hasPassword;
}

/** Requests a magic link and opens it: proves magic-link sign-in still works. */
async function signInByMagicLink(email: string) {
  const before = t.printedMails.length;
  const requested = await t.inject({
    method: 'POST',
    url: '/api/auth/magic-link',
    payload: { email },
    remoteAddress: freshIp(),
  });
  expect(requested.statusCode).toBe(202);
  let mail = '';
  await vi.waitFor(
    () => {
      mail = t.printedMails.slice(before).find((m) => m.includes(`An: ${email}`)) ?? '';
      expect(mail).not.toBe('');
    },
    { timeout: 5_000 },
  );
  const token = tokenIn(mail);
  return t.inject({ method: 'POST', url: '/api/auth/magic-link/verify', payload: { token } });
}

describe('onboarding with an optional password', () => {
  it('saves the profile and the first password together; both sign-ins work afterwards', async () => {
    const person = await invitedPerson(hotel.id);
    const cookie = await signIn(t, person.email);
    expect(await hasPassword(cookie)).toBe(false);

    const response = await onboard(cookie, { fullName: 'Nora Neumann', password: CHOSEN });
    expect(response.statusCode).toBe(200);
    expect(response.json().fullName).toBe('Nora Neumann');
    expect(await hasPassword(cookie)).toBe(true);

    expect((await signInWith(person.email, CHOSEN)).statusCode).toBe(200);
    expect((await signInByMagicLink(person.email)).statusCode).toBe(200);
    // An employee's password is not a staff manager's: no audit row.
    const audit = await t.database.query(
      "SELECT 1 FROM admin_audit_log WHERE action = 'password_set' AND target_id = $1",
      [person.id],
    );
    expect(audit).toEqual([]);
  });

  it('lets a person skip it and keep signing in by magic link', async () => {
    const person = await invitedPerson(hotel.id);
    const cookie = await signIn(t, person.email);
    const response = await onboard(cookie, { fullName: 'Ohne Passwort' });
    expect(response.statusCode).toBe(200);
    expect(await hasPassword(cookie)).toBe(false);
    expect((await signInByMagicLink(person.email)).statusCode).toBe(200);
  });

  it('refuses a common password at its field and saves nothing', async () => {
    const person = await invitedPerson(other.id);
    const cookie = await signIn(t, person.email);
    const response = await onboard(cookie, { fullName: 'Zu Einfach', password: 'Passwort1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'password_too_common',
      details: [{ path: 'body.password' }],
    });
    const [row] = await t.database.db
      .select({ fullName: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.id, person.id));
    expect(row!.fullName).toBeNull();
    expect(await hasPassword(cookie)).toBe(false);
  });

  it('refuses the demo password and the own address at its field', async () => {
    const person = await invitedPerson(hotel.id);
    const cookie = await signIn(t, person.email);
    for (const password of ['demo1234', person.email.split('@')[0]!]) {
      const response = await onboard(cookie, { fullName: 'Nah Dran', password });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'password_context_word',
        details: [{ path: 'body.password' }],
      });
    }
    expect(await hasPassword(cookie)).toBe(false);
  });

  it('refuses a password when the account has one already, changing nothing', async () => {
    const person = await createPerson(t.database.db, { businessId: other.id });
    const cookie = await signIn(t, person.email);
    const response = await onboard(cookie, { jobTitle: 'Neu', password: CHOSEN });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('password_already_set');
    expect((await signInWith(person.email, FACTORY_PASSWORD)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ jobTitle: profiles.jobTitle })
      .from(profiles)
      .where(eq(profiles.id, person.id));
    expect(row!.jobTitle).toBe('Servicekraft');
  });

  it("never takes a password for someone else's profile", async () => {
    const person = await invitedPerson(hotel.id);
    const owner = await signIn(t, hotel.owner.email);
    const response = await t.inject({
      method: 'PATCH',
      url: `/api/profiles/${person.id}`,
      headers: { cookie: owner },
      payload: { jobTitle: 'Kellner', password: CHOSEN },
    });
    expect(response.statusCode).toBe(400);
    const mine = await signIn(t, person.email);
    expect(await hasPassword(mine)).toBe(false);
  });

  it("audits an owner's first password and keeps the owner's current session", async () => {
    const owner = await invitedPerson(other.id, 'business_owner');
    const cookie = await signIn(t, owner.email);
    const response = await onboard(cookie, { fullName: 'Neue Inhaberin', password: CHOSEN });
    expect(response.statusCode).toBe(200);
    expect(await hasPassword(cookie)).toBe(true);
    const audit = await t.database.query<{ payload: Record<string, unknown> }>(
      "SELECT payload FROM admin_audit_log WHERE action = 'password_set' AND target_id = $1",
      [owner.id],
    );
    expect(audit.map((row) => row.payload)).toEqual([
      { method: 'onboarding', otherSessionsEnded: 0 },
    ]);
  });
});
