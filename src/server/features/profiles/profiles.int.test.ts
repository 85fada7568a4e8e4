import sharp from 'sharp';
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

let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
let platformAdmin: FactoryPerson;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 0 });
  cafe = await createBusiness(t.database.db, { employees: 0 });
  // The platform admin keeps the hotel as its home business (decision 0100), so the hotel's
  // owner sees an admin among the hotel's people and must still not touch them.
  platformAdmin = await createPlatformAdmin(t.database.db, { businessId: hotel.id });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie?: string) =>
  t.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const patch = (url: string, payload: object, cookie?: string) =>
  t.inject({ method: 'PATCH', url, payload, headers: cookie ? { cookie } : {} });

/** Someone of a business's staff, new for each test, so no test sees another's changes. */
const newEmployee = (business: FactoryBusiness = hotel, fullName?: string) =>
  createPerson(t.database.db, { businessId: business.id, ...(fullName ? { fullName } : {}) });

async function uploadPicture(cookie: string): Promise<string> {
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 0, g: 48, b: 87 } },
  })
    .png()
    .toBuffer();
  const response = await t.inject({
    method: 'POST',
    url: '/api/media/profile-images',
    headers: { cookie, 'content-type': 'image/png' },
    payload: png,
  });
  expect(response.statusCode).toBe(201);
  return response.json().url;
}

describe('own profile', () => {
  it('shows the own profile without internal payout ids', async () => {
    const anna = await createPerson(t.database.db, {
      businessId: hotel.id,
      fullName: 'Anna Schneider',
      jobTitle: 'Rezeptionistin',
      payoutAccount: false,
    });
    const cookie = await signIn(t, anna.email);
    const response = await get('/api/profiles/me', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      role: 'employee',
      fullName: 'Anna Schneider',
      email: anna.email,
      jobTitle: 'Rezeptionistin',
      payoutStatus: 'none',
      payoutsEnabled: false,
    });
    expect(response.body).not.toContain('stripe');
  });

  it('answers profile_not_found for a person without a profile, and creates it on save', async () => {
    const withoutProfile = await createPerson(t.database.db, { withProfile: false });
    const cookie = await signIn(t, withoutProfile.email);
    const missing = await get('/api/profiles/me', cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('profile_not_found');

    const saved = await patch('/api/profiles/me', { fullName: '  Erika Muster ' }, cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      fullName: 'Erika Muster',
      role: 'employee',
      email: withoutProfile.email,
      thankYouMessage: 'Vielen Dank für Ihr Trinkgeld!',
    });
  });

  it('saves onboarding fields; a blank thank-you message becomes the default', async () => {
    const cookie = await signIn(t, (await newEmployee()).email);
    const picture = await uploadPicture(cookie);
    const response = await patch(
      '/api/profiles/me',
      {
        fullName: 'Ben Müller',
        jobTitle: '  ',
        thankYouMessage: '',
        profileImageUrl: picture,
      },
      cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      fullName: 'Ben Müller',
      jobTitle: null,
      thankYouMessage: 'Vielen Dank für Ihr Trinkgeld!',
      profileImageUrl: picture,
    });
  });

  it('deletes the replaced picture', async () => {
    const cookie = await signIn(t, (await newEmployee()).email);
    const first = await uploadPicture(cookie);
    await patch('/api/profiles/me', { profileImageUrl: first }, cookie);
    const second = await uploadPicture(cookie);
    await patch('/api/profiles/me', { profileImageUrl: second }, cookie);
    expect((await get(first)).statusCode).toBe(404);
    expect((await get(second)).statusCode).toBe(200);
  });

  it('refuses a picture URL that is not an image of this person', async () => {
    const anna = await signIn(t, (await newEmployee()).email);
    const annasPicture = await uploadPicture(anna);
    // Neither a colleague nor someone of another business may wear Anna's picture.
    const david = await signIn(t, (await newEmployee()).email);
    const stranger = await signIn(t, (await newEmployee(cafe)).email);
    for (const cookie of [david, stranger]) {
      const foreign = await patch('/api/profiles/me', { profileImageUrl: annasPicture }, cookie);
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().error.code).toBe('profile_image_not_found');
    }
    const external = await patch(
      '/api/profiles/me',
      { profileImageUrl: 'https://tracker.example/pixel.png' },
      david,
    );
    expect(external.statusCode).toBe(400);
    expect(external.json().error.message).toBe(
      'Das Profilbild ist ungültig. Bitte laden Sie es erneut hoch.',
    );
  });
});

describe('profile update validation (spec §5)', () => {
  it('needs a signed-in user: "No user logged in"', async () => {
    const response = await patch('/api/profiles/me', { fullName: 'Jemand' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({
      code: 'profile_no_user',
      title: 'Fehler beim Speichern',
      message: 'No user logged in',
    });
  });

  it.each([
    [{ role: 'superuser' }, 'Invalid role specified'],
    [{ fullName: '   ' }, 'Bitte geben Sie Ihren vollständigen Namen ein.'],
    [{ fullName: 'x'.repeat(121) }, 'Der Name darf höchstens 120 Zeichen lang sein.'],
    [
      { thankYouMessage: 'x'.repeat(501) },
      'Die Dankesnachricht darf höchstens 500 Zeichen lang sein.',
    ],
  ])('%j -> %s', async (body, message) => {
    const cookie = await signIn(t, (await newEmployee()).email);
    const response = await patch('/api/profiles/me', body, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it('refuses fields that are not part of a profile update', async () => {
    const cookie = await signIn(t, (await newEmployee()).email);
    const response = await patch('/api/profiles/me', { businessId: null, email: 'x@y.de' }, cookie);
    expect(response.statusCode).toBe(400);
  });

  it('lets nobody change their own role', async () => {
    const employee = await signIn(t, (await newEmployee()).email);
    const promoted = await patch('/api/profiles/me', { role: 'admin' }, employee);
    expect(promoted.statusCode).toBe(403);
    expect(promoted.json().error.code).toBe('profile_role_change_forbidden');
    expect((await patch('/api/profiles/me', { role: 'employee' }, employee)).statusCode).toBe(200);
    const admin = await signIn(t, platformAdmin.email);
    expect((await patch('/api/profiles/me', { role: 'employee' }, admin)).statusCode).toBe(403);
  });
});

describe("other people's profiles", () => {
  it('admins change roles, audit-logged as user_update', async () => {
    const admin = await signIn(t, platformAdmin.email);
    const davidId = (await newEmployee()).id;
    const response = await patch(`/api/profiles/${davidId}`, { role: 'business_owner' }, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().role).toBe('business_owner');
    const [row] = await t.database.query<{ payload: Record<string, unknown>; target_id: string }>(
      "SELECT payload, target_id FROM admin_audit_log WHERE action = 'user_update' AND target_id = $1",
      [davidId],
    );
    expect(row).toMatchObject({
      target_id: davidId,
      payload: {
        personName: response.json().fullName,
        fields: ['role'],
        role: { from: 'employee', to: 'business_owner' },
      },
    });
    await patch(`/api/profiles/${davidId}`, { role: 'employee' }, admin);
  });

  it('owners manage their business, but cannot touch or create admins', async () => {
    const owner = await signIn(t, hotel.owner.email);
    const annaId = (await newEmployee()).id;
    const adminId = platformAdmin.id;
    expect(
      (await patch(`/api/profiles/${annaId}`, { jobTitle: 'Empfangschefin' }, owner)).json(),
    ).toMatchObject({ jobTitle: 'Empfangschefin' });
    expect((await patch(`/api/profiles/${annaId}`, { role: 'admin' }, owner)).statusCode).toBe(403);
    expect((await patch(`/api/profiles/${adminId}`, { jobTitle: 'x' }, owner)).statusCode).toBe(
      403,
    );
  });

  it("owners neither read nor change the other business's staff", async () => {
    const owner = await signIn(t, hotel.owner.email);
    const stranger = await newEmployee(cafe);
    expect((await get(`/api/profiles/${stranger.id}`, owner)).statusCode).toBe(404);
    const changed = await patch(`/api/profiles/${stranger.id}`, { jobTitle: 'Gekapert' }, owner);
    expect(changed.statusCode).toBe(404);
    const [still] = await t.database.query<{ job_title: string | null }>(
      'SELECT job_title FROM profiles WHERE id = $1',
      [stranger.id],
    );
    expect(still!.job_title).toBe(stranger.jobTitle);
  });

  it('employees can neither read nor change anyone else', async () => {
    const employee = await signIn(t, (await newEmployee()).email);
    // A colleague of the same business, and someone of another business.
    for (const other of [await newEmployee(), await newEmployee(cafe)]) {
      expect((await get(`/api/profiles/${other.id}`, employee)).statusCode).toBe(404);
      expect(
        (await patch(`/api/profiles/${other.id}`, { fullName: 'X' }, employee)).statusCode,
      ).toBe(404);
    }
    expect((await get('/api/profiles', employee)).statusCode).toBe(403);
  });

  it('lists employees of the business by name for admins and owners', async () => {
    // Created out of alphabetical order, so the sorting is the server's.
    const staffed = await createBusiness(t.database.db, {
      employees: [
        { fullName: 'David Wagner' },
        { fullName: 'Anna Schneider' },
        { fullName: 'Clara Weber' },
      ],
    });
    await newEmployee(cafe, 'Bernd Café');
    const owner = await signIn(t, staffed.owner.email);
    const response = await get('/api/profiles?role=employee', owner);
    expect(response.statusCode).toBe(200);
    const names = response.json().items.map((item: { fullName: string }) => item.fullName);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(names).toEqual(['Anna Schneider', 'Clara Weber', 'David Wagner']);
    expect(names).not.toContain('Bernd Café');
    expect(response.json().items[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), email: expect.any(String) }),
    );
  });
});

describe('GET /api/profiles across two businesses', () => {
  it('shows an owner only their own staff and the platform admin the business it names', async () => {
    const first = await createBusiness(t.database.db, { employees: 2 });
    const second = await createBusiness(t.database.db, { employees: 1 });
    const ids = (response: { json(): { items: { id: string }[] } }) =>
      response
        .json()
        .items.map((item) => item.id)
        .sort();

    const owner = await signIn(t, first.owner.email);
    expect(ids(await get('/api/profiles', owner))).toEqual(first.employees.map((e) => e.id).sort());
    expect((await get(`/api/profiles?businessId=${second.id}`, owner)).statusCode).toBe(404);

    const admin = await signIn(t, (await createPlatformAdmin(t.database.db)).email);
    expect(ids(await get(`/api/profiles?businessId=${second.id}`, admin))).toEqual([
      second.employees[0]!.id,
    ]);
    expect((await get('/api/profiles', admin)).statusCode).toBe(400);
  });
});
