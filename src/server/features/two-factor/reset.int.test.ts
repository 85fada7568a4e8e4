import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPerson,
  createPlatformAdmin,
  createTwoFactor,
  FACTORY_PASSWORD,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { adminAuditLog, authSessions, profiles, userTwoFactor } from '../../db/schema';
import { freshIp } from '../../../../test/support/addresses';

/** 'Zwei-Faktor zurücksetzen' on /admin/users, with two businesses (decision 0120's rules). */
let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
let adminEmail: string;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 3 });
  cafe = await createBusiness(t.database.db, { employees: 1 });
  adminEmail = (await createPlatformAdmin(t.database.db, { businessId: hotel.id })).email;
});
afterAll(async () => {
  await t.close();
});

function giveTwoFactor(userId: string) {
  return createTwoFactor(t.database.db, { serverSecret: t.config.sessionSecret, userId });
}

async function reset(actorEmail: string, targetId: string, businessId?: string) {
  const cookie = await signIn(t, actorEmail);
  return t.inject({
    method: 'POST',
    url: `/api/admin/users/${targetId}/two-factor/reset${businessId ? `?businessId=${businessId}` : ''}`,
    headers: { cookie },
    remoteAddress: freshIp(),
  });
}

async function hasTwoFactor(userId: string) {
  const rows = await t.database.db
    .select()
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId));
  return rows.length > 0;
}

describe('resetting two-factor sign-in of a person', () => {
  it('lets an owner reset an employee of their business: off, signed out, audited', async () => {
    const anna = hotel.employees[0]!;
    await giveTwoFactor(anna.id);
    const annasSession = await signIn(t, anna.email);

    const listed = await t.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { cookie: await signIn(t, hotel.owner.email) },
    });
    const row = listed.json().items.find((item: { id: string }) => item.id === anna.id);
    expect(row.twoFactorEnabled).toBe(true);

    const response = await reset(hotel.owner.email, anna.id);
    expect(response.statusCode).toBe(204);
    expect(await hasTwoFactor(anna.id)).toBe(false);
    expect(
      await t.database.db.select().from(authSessions).where(eq(authSessions.userId, anna.id)),
    ).toEqual([]);
    const after = await t.inject({
      method: 'GET',
      url: '/api/profiles/me',
      headers: { cookie: annasSession },
    });
    expect(after.statusCode).toBe(401);
    const [audit] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.action, 'two_factor_reset'), eq(adminAuditLog.targetId, anna.id)),
      );
    expect(audit).toMatchObject({
      adminId: hotel.owner.id,
      businessId: hotel.id,
      targetType: 'user',
      payload: { personName: anna.fullName, email: anna.email },
    });
    // Anna signs in with her password alone again and may set up a new app.
    const signedIn = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: anna.email, password: FACTORY_PASSWORD },
      remoteAddress: freshIp(),
    });
    expect(signedIn.json().user.email).toBe(anna.email);
  });

  it('tells the person by e-mail in their staff language; a refused reset tells nobody', async () => {
    // A stolen owner session must not remove a person's second factor unnoticed.
    const mails = (email: string) =>
      t.printedMails.filter((mail) => mail.includes(`An: ${email}\n`));
    const german = await createPerson(t.database.db, { businessId: hotel.id });
    const english = await createPerson(t.database.db, { businessId: hotel.id });
    await t.database.db
      .update(profiles)
      .set({ staffLanguage: 'en' })
      .where(eq(profiles.id, english.id));
    for (const person of [german, english]) {
      await giveTwoFactor(person.id);
      expect((await reset(hotel.owner.email, person.id)).statusCode).toBe(204);
    }
    // The owner of business 2 is refused: nothing happened, so nothing is said.
    const stranger = await createPerson(t.database.db, { businessId: hotel.id });
    await giveTwoFactor(stranger.id);
    expect((await reset(cafe.owner.email, stranger.id)).statusCode).toBe(404);
    await t.afterAnswer.settled();

    const [inGerman] = mails(german.email);
    expect(mails(german.email)).toHaveLength(1);
    expect(inGerman).toContain('Betreff: Zwei-Faktor-Anmeldung für Trinkgeld zurückgesetzt');
    expect(inGerman).toContain('alle Ihre Sitzungen wurden beendet');
    expect(inGerman).toContain(`${t.config.publicOrigin}/employee/login`);
    const [inEnglish] = mails(english.email);
    expect(mails(english.email)).toHaveLength(1);
    expect(inEnglish).toContain('Betreff: Two-factor sign-in for Trinkgeld was reset');
    expect(mails(stranger.email)).toEqual([]);
    expect(mails(hotel.owner.email)).toEqual([]);
  });

  it('does not let the owner of business 2 reset a person of business 1', async () => {
    const ben = hotel.employees[1]!;
    await giveTwoFactor(ben.id);
    const own = await reset(cafe.owner.email, ben.id);
    expect(own.statusCode).toBe(404);
    // Naming business 1 does not help an owner: their scope is their own business.
    const named = await reset(cafe.owner.email, ben.id, hotel.id);
    expect(named.statusCode).toBe(404);
    expect(await hasTwoFactor(ben.id)).toBe(true);
    // Nor may an employee reset a colleague.
    const byColleague = await reset(hotel.employees[2]!.email, ben.id);
    expect(byColleague.statusCode).toBe(403);
    expect(await hasTwoFactor(ben.id)).toBe(true);
  });

  it('keeps owners for the platform admin: an owner never resets another owner', async () => {
    const coOwner = await createPerson(t.database.db, {
      role: 'business_owner',
      businessId: hotel.id,
    });
    await giveTwoFactor(coOwner.id);
    const byOwner = await reset(hotel.owner.email, coOwner.id);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().error.code).toBe('staff_other_owner');
    expect(await hasTwoFactor(coOwner.id)).toBe(true);

    const byAdmin = await reset(adminEmail, coOwner.id, hotel.id);
    expect(byAdmin.statusCode).toBe(204);
    expect(await hasTwoFactor(coOwner.id)).toBe(false);
  });

  it('lets the platform admin reset a person of any business they pick', async () => {
    const lena = cafe.employees[0]!;
    await giveTwoFactor(lena.id);
    const response = await reset(adminEmail, lena.id, cafe.id);
    expect(response.statusCode).toBe(204);
    const [audit] = await t.database.db
      .select({ businessId: adminAuditLog.businessId })
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.action, 'two_factor_reset'), eq(adminAuditLog.targetId, lena.id)),
      );
    expect(audit!.businessId).toBe(cafe.id);
  });

  it('answers 409 for someone without two-factor sign-in and 403 for oneself', async () => {
    const clara = hotel.employees[2]!;
    const none = await reset(hotel.owner.email, clara.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('two_factor_not_enabled');
    await giveTwoFactor(hotel.owner.id);
    const self = await reset(hotel.owner.email, hotel.owner.id);
    expect(self.statusCode).toBe(403);
    expect(self.json().error.code).toBe('staff_self');
    expect(await hasTwoFactor(hotel.owner.id)).toBe(true);
  });
});
