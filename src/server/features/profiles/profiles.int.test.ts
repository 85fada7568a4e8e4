import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness, createPlatformAdmin } from '../../../../test/support/factories';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie?: string) =>
  t.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const patch = (url: string, payload: object, cookie?: string) =>
  t.inject({ method: 'PATCH', url, payload, headers: cookie ? { cookie } : {} });

async function idOf(email: string): Promise<string> {
  const [row] = await t.database.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    email,
  ]);
  return row!.id;
}

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
    const cookie = await signIn(t, 'anna@demo.local');
    const response = await get('/api/profiles/me', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      role: 'employee',
      fullName: 'Anna Schneider',
      email: 'anna@demo.local',
      jobTitle: 'Rezeptionistin',
      payoutStatus: 'none',
      payoutsEnabled: false,
    });
    expect(response.body).not.toContain('stripe');
  });

  it('answers profile_not_found for a person without a profile, and creates it on save', async () => {
    await t.database.query(
      "INSERT INTO users (email, email_verified_at) VALUES ('ohneprofil@demo.local', now())",
    );
    const cookie = await signIn(t, 'ohneprofil@demo.local');
    const missing = await get('/api/profiles/me', cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('profile_not_found');

    const saved = await patch('/api/profiles/me', { fullName: '  Erika Muster ' }, cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      fullName: 'Erika Muster',
      role: 'employee',
      email: 'ohneprofil@demo.local',
      thankYouMessage: 'Vielen Dank für Ihr Trinkgeld!',
    });
  });

  it('saves onboarding fields; a blank thank-you message becomes the default', async () => {
    const cookie = await signIn(t, 'ben@demo.local');
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
    const cookie = await signIn(t, 'clara@demo.local');
    const first = await uploadPicture(cookie);
    await patch('/api/profiles/me', { profileImageUrl: first }, cookie);
    const second = await uploadPicture(cookie);
    await patch('/api/profiles/me', { profileImageUrl: second }, cookie);
    expect((await get(first)).statusCode).toBe(404);
    expect((await get(second)).statusCode).toBe(200);
  });

  it('refuses a picture URL that is not an image of this person', async () => {
    const anna = await signIn(t, 'anna@demo.local');
    const annasPicture = await uploadPicture(anna);
    const david = await signIn(t, 'david@demo.local');
    const foreign = await patch('/api/profiles/me', { profileImageUrl: annasPicture }, david);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.code).toBe('profile_image_not_found');
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
    const cookie = await signIn(t, 'anna@demo.local');
    const response = await patch('/api/profiles/me', body, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it('refuses fields that are not part of a profile update', async () => {
    const cookie = await signIn(t, 'anna@demo.local');
    const response = await patch('/api/profiles/me', { businessId: null, email: 'x@y.de' }, cookie);
    expect(response.statusCode).toBe(400);
  });

  it('lets nobody change their own role', async () => {
    const employee = await signIn(t, 'anna@demo.local');
    const promoted = await patch('/api/profiles/me', { role: 'admin' }, employee);
    expect(promoted.statusCode).toBe(403);
    expect(promoted.json().error.code).toBe('profile_role_change_forbidden');
    expect((await patch('/api/profiles/me', { role: 'employee' }, employee)).statusCode).toBe(200);
    const admin = await signIn(t, 'admin@demo.local');
    expect((await patch('/api/profiles/me', { role: 'employee' }, admin)).statusCode).toBe(403);
  });
});

describe("other people's profiles", () => {
  it('admins change roles, audit-logged as user_update', async () => {
    const admin = await signIn(t, 'admin@demo.local');
    const davidId = await idOf('david@demo.local');
    const response = await patch(`/api/profiles/${davidId}`, { role: 'business_owner' }, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().role).toBe('business_owner');
    const [row] = await t.database.query<{ payload: Record<string, unknown>; target_id: string }>(
      "SELECT payload, target_id FROM admin_audit_log WHERE action = 'user_update'",
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
    const owner = await signIn(t, 'inhaber@demo.local');
    const annaId = await idOf('anna@demo.local');
    const adminId = await idOf('admin@demo.local');
    expect(
      (await patch(`/api/profiles/${annaId}`, { jobTitle: 'Empfangschefin' }, owner)).json(),
    ).toMatchObject({ jobTitle: 'Empfangschefin' });
    expect((await patch(`/api/profiles/${annaId}`, { role: 'admin' }, owner)).statusCode).toBe(403);
    expect((await patch(`/api/profiles/${adminId}`, { jobTitle: 'x' }, owner)).statusCode).toBe(
      403,
    );
  });

  it('employees can neither read nor change anyone else', async () => {
    const employee = await signIn(t, 'ben@demo.local');
    const annaId = await idOf('anna@demo.local');
    expect((await get(`/api/profiles/${annaId}`, employee)).statusCode).toBe(404);
    expect((await patch(`/api/profiles/${annaId}`, { fullName: 'X' }, employee)).statusCode).toBe(
      404,
    );
    expect((await get('/api/profiles', employee)).statusCode).toBe(403);
  });

  it('lists employees of the business by name for admins and owners', async () => {
    const owner = await signIn(t, 'inhaber@demo.local');
    const response = await get('/api/profiles?role=employee', owner);
    expect(response.statusCode).toBe(200);
    const names = response.json().items.map((item: { fullName: string }) => item.fullName);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(names).toContain('Anna Schneider');
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
