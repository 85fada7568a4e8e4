import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import { profiles } from '../../db/schema';

/** Decision 0383: each person's staff language lives on their profile. */
let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 2 });
  cafe = await createBusiness(t.database.db, { employees: 1 });
});
afterAll(async () => {
  await t.close();
});

const request = (method: 'GET' | 'PATCH', url: string, cookie: string, payload?: object) =>
  t.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const storedLanguage = async (id: string) => {
  const [row] = await t.database.db
    .select({ staffLanguage: profiles.staffLanguage })
    .from(profiles)
    .where(eq(profiles.id, id));
  return row?.staffLanguage;
};

describe('staff language on the profile', () => {
  it('is German until the person picks English, and the profile answers the choice', async () => {
    const [anna, ben] = hotel.employees;
    const cookie = await signIn(t, anna!.email);
    const before = await request('GET', '/api/profiles/me', cookie);
    expect(before.json().staffLanguage).toBe('de');

    const changed = await request('PATCH', '/api/profiles/me', cookie, { staffLanguage: 'en' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().staffLanguage).toBe('en');
    expect(await storedLanguage(anna!.id)).toBe('en');
    // The colleague's screens stay German.
    expect(await storedLanguage(ben!.id)).toBe('de');

    const after = await request('GET', '/api/profiles/me', cookie);
    expect(after.json().staffLanguage).toBe('en');
  });

  it('refuses a language that has no catalogue', async () => {
    const person = hotel.employees[1]!;
    const cookie = await signIn(t, person.email);
    const response = await request('PATCH', '/api/profiles/me', cookie, { staffLanguage: 'fr' });
    expect(response.statusCode).toBe(400);
    expect(await storedLanguage(person.id)).toBe('de');
  });

  it("is only the person's own choice: no owner sets it, of their business or another", async () => {
    const owner = await signIn(t, hotel.owner.email);
    const own = hotel.employees[1]!;
    const foreign = cafe.employees[0]!;
    for (const target of [own, foreign]) {
      const response = await request('PATCH', `/api/profiles/${target.id}`, owner, {
        staffLanguage: 'en',
      });
      // The body of someone else's profile has no such field (strict schema).
      expect(response.statusCode).toBe(400);
      expect(await storedLanguage(target.id)).toBe('de');
    }
    // The café's owner cannot read the hotel employee's profile, language included.
    const cafeOwner = await signIn(t, cafe.owner.email);
    const read = await request('GET', `/api/profiles/${hotel.employees[0]!.id}`, cafeOwner);
    expect(read.statusCode).toBe(404);
  });
});

describe('staff e-mails in the profile language', () => {
  const subjectsTo = async (address: string) =>
    (
      await t.database.query<{ subject: string; text_body: string }>(
        'SELECT subject, text_body FROM outbox_emails WHERE to_address = $1 ORDER BY created_at',
        [address],
      )
    ).map((row) => row.subject);

  it('sends the sign-in link and the new-password link in English to whoever chose it', async () => {
    const english = await createBusiness(t.database.db, { employees: 2 });
    const [emma, fritz] = english.employees;
    const cookie = await signIn(t, emma!.email);
    await request('PATCH', '/api/profiles/me', cookie, { staffLanguage: 'en' });

    for (const [index, person] of [emma!, fritz!].entries()) {
      const link = await t.inject({
        method: 'POST',
        url: '/api/auth/magic-link',
        payload: { email: person.email },
        remoteAddress: `10.83.0.${index + 1}`,
      });
      expect(link.statusCode).toBe(202);
      const reset = await t.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { email: person.email },
        remoteAddress: `10.83.1.${index + 1}`,
      });
      expect(reset.statusCode).toBeLessThan(300);
    }
    // Each mail is written after its answer, so the two of one person arrive in either order.
    for (const person of [emma!, fritz!]) {
      await vi.waitFor(async () => expect(await subjectsTo(person.email)).toHaveLength(2), {
        timeout: 10_000,
      });
    }
    expect((await subjectsTo(emma!.email)).sort()).toEqual([
      'New password for Trinkgeld',
      'Your sign-in link for Trinkgeld',
    ]);
    // The German colleague's e-mails are unchanged.
    expect((await subjectsTo(fritz!.email)).sort()).toEqual([
      'Ihr Anmeldelink für Trinkgeld',
      'Neues Passwort für Trinkgeld',
    ]);
  });
});
