import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import type { Branding, BrandingUpdateInput } from '../../../shared/api/branding';
import { DEFAULT_BRANDING_COLORS } from '../../../shared/domain/constants';
import { branding } from '../../db/schema';

let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
let ownerCookie: string;
let cafeOwnerCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { name: 'Hotel Seeblick' });
  cafe = await createBusiness(t.database.db, { name: 'Café Linde' });
  ownerCookie = await signIn(t, hotel.owner.email);
  cafeOwnerCookie = await signIn(t, cafe.owner.email);
});
afterAll(async () => {
  await t.close();
});

const valid: BrandingUpdateInput = {
  primaryColor: '#1B4332',
  secondaryColor: '#F1F5F2',
  accentColor: '#E9C46A',
  fontFamily: 'Poppins',
  language: 'en',
  tonality: 'casual',
  companyName: 'Hotel Seeblick am See',
  thankYouMessage: 'Danke, dass Sie bei uns waren!',
  logoUrl: null,
};

function image(format: 'png' | 'jpeg' | 'webp', width = 300, height = 120) {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 80, b: 60 } } })
    .toFormat(format)
    .toBuffer();
}

const put = (body: unknown, cookie = ownerCookie, query = '') =>
  t.inject({
    method: 'PUT',
    url: `/api/admin/branding${query}`,
    headers: { cookie },
    payload: body as object,
  });
const uploadLogo = (body: Buffer, contentType: string, cookie = ownerCookie, query = '') =>
  t.inject({
    method: 'POST',
    url: `/api/admin/branding/logo${query}`,
    headers: { cookie, 'content-type': contentType },
    payload: body,
  });

async function auditRows(businessId: string) {
  return t.database.query<{ action: string; payload: Record<string, unknown>; admin_id: string }>(
    `SELECT action, payload, admin_id FROM admin_audit_log
      WHERE action = 'branding_update' AND business_id = $1 ORDER BY created_at`,
    [businessId],
  );
}
async function storedBranding(businessId: string) {
  const [row] = await t.database.query<Record<string, unknown>>(
    'SELECT * FROM branding WHERE business_id = $1',
    [businessId],
  );
  return row;
}
async function mediaCount(businessId: string) {
  const [row] = await t.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM media WHERE business_id = $1',
    [businessId],
  );
  return row!.n;
}

describe('branding API', () => {
  it('answers the defaults of spec §9 while the business never saved its branding', async () => {
    const fresh = await createBusiness(t.database.db, { withSettings: false });
    const response = await t.inject({
      method: 'GET',
      url: '/api/admin/branding',
      headers: { cookie: await signIn(t, fresh.owner.email) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      businessId: fresh.id,
      primaryColor: '#003057',
      secondaryColor: '#C8C9C7',
      accentColor: '#C8AA61',
      fontFamily: 'Fira Sans',
      language: 'de',
      tonality: 'friendly',
      logoUrl: null,
      updatedAt: null,
    });
  });

  it('saves colours, font, language, texts and a logo, with one branding_update audit row', async () => {
    const upload = await uploadLogo(await image('png', 1200, 400), 'image/png');
    expect(upload.statusCode).toBe(201);
    const { logoUrl, width, height } = upload.json();
    expect(logoUrl).toMatch(/^\/api\/media\/[0-9a-f-]{36}$/);
    expect([width, height]).toEqual([512, 171]);
    const served = await t.inject({ method: 'GET', url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const response = await put({ ...valid, logoUrl, primaryColor: '#1b4332' });
    expect(response.statusCode).toBe(200);
    const saved: Branding = response.json();
    expect(saved).toMatchObject({ ...valid, logoUrl, primaryColor: '#1B4332' });
    expect(saved.updatedAt).not.toBeNull();

    expect(await storedBranding(hotel.id)).toMatchObject({
      primary_color: '#1B4332',
      font_family: 'Poppins',
      language: 'en',
      tonality: 'casual',
      logo_url: logoUrl,
      company_name: 'Hotel Seeblick am See',
      updated_by: hotel.owner.id,
    });
    const rows = await auditRows(hotel.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.admin_id).toBe(hotel.owner.id);
    expect(rows[0]!.payload).toMatchObject({
      changes: { primaryColor: { from: '#003057', to: '#1B4332' }, fontFamily: { to: 'Poppins' } },
    });

    const again = await t.inject({
      method: 'GET',
      url: '/api/admin/branding',
      headers: { cookie: ownerCookie },
    });
    expect(again.json()).toEqual(saved);
  });

  it('turns blank texts into none and accepts short hex colours', async () => {
    const response = await put({ ...valid, companyName: '   ', accentColor: '#fc6' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ companyName: null, accentColor: '#FFCC66' });
  });
});

describe('bad input: 4xx with a German message naming the field, nothing written, no audit row', () => {
  async function expectNothingWritten(run: () => Promise<void>) {
    const before = await storedBranding(hotel.id);
    const auditBefore = (await auditRows(hotel.id)).length;
    await run();
    expect(await storedBranding(hotel.id)).toEqual(before);
    expect(await auditRows(hotel.id)).toHaveLength(auditBefore);
  }

  it.each<[string, Partial<Record<keyof BrandingUpdateInput, unknown>>, string, RegExp]>([
    [
      'a colour that is not a colour',
      { primaryColor: 'blau' },
      'body.primaryColor',
      /^Primärfarbe: .*#RRGGBB/,
    ],
    [
      'a colour with a missing digit',
      { accentColor: '#12345' },
      'body.accentColor',
      /^Akzentfarbe: /,
    ],
    [
      'a CSS expression',
      { secondaryColor: 'url(javascript:x)' },
      'body.secondaryColor',
      /^Sekundärfarbe: /,
    ],
    ['a font outside the six', { fontFamily: 'Comic Sans MS' }, 'body.fontFamily', /^Schriftart: /],
    ['a language outside the five', { language: 'nl' }, 'body.language', /^Sprache: /],
    ['an unknown tonality', { tonality: 'rude' }, 'body.tonality', /^Tonalität: /],
    [
      'a company name of 201 characters',
      { companyName: 'x'.repeat(201) },
      'body.companyName',
      /^Firmenname: höchstens 200/,
    ],
    [
      'a logo that is an outside address',
      { logoUrl: 'https://evil.example/logo.png' },
      'body.logoUrl',
      /^Logo: /,
    ],
  ])('%s', async (_name, change, path, message) => {
    await expectNothingWritten(async () => {
      const response = await put({ ...valid, ...change });
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.message).toMatch(message);
      expect(error.details).toContainEqual({ path, message: expect.stringMatching(message) });
    });
  });

  it('refuses a colour pair below WCAG AA with the ratio and the minimum', async () => {
    await expectNothingWritten(async () => {
      const response = await put({ ...valid, primaryColor: '#F4D35E' });
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.details[0]).toEqual({
        path: 'body.primaryColor',
        message: expect.stringMatching(
          /^Primärfarbe: Weiße Schrift auf der Primärfarbe ist zu schwach lesbar: Kontrast \d,\d:1, nötig sind mindestens 4,5:1 \(WCAG AA\)/,
        ),
      });
    });
  });

  describe('names the failing pair and the colour the owner changed', () => {
    const defaults = {
      primaryColor: DEFAULT_BRANDING_COLORS.primary,
      secondaryColor: DEFAULT_BRANDING_COLORS.secondary,
      accentColor: DEFAULT_BRANDING_COLORS.accent,
    };
    async function ownerOfFreshBusiness(colors: Record<keyof typeof defaults, string> = defaults) {
      const business = await createBusiness(t.database.db);
      await t.database.db.update(branding).set(colors).where(eq(branding.businessId, business.id));
      return signIn(t, business.owner.email);
    }

    it('only the primary colour changed to #FFDD00: every message is about the primary colour', async () => {
      const cookie = await ownerOfFreshBusiness();
      const response = await put({ ...valid, ...defaults, primaryColor: '#FFDD00' }, cookie);
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.message).toMatch(
        /^Primärfarbe: Weiße Schrift auf der Primärfarbe ist zu schwach lesbar: Kontrast 1,3:1/,
      );
      expect(error.details).toEqual([
        {
          path: 'body.primaryColor',
          message: expect.stringMatching(
            /^Primärfarbe: Weiße Schrift auf der Primärfarbe .*eine dunklere Primärfarbe\.$/,
          ),
        },
        {
          path: 'body.primaryColor',
          message: expect.stringMatching(
            /^Primärfarbe: Die Akzentfarbe auf der Primärfarbe .*eine dunklere Primärfarbe\.$/,
          ),
        },
        {
          path: 'body.primaryColor',
          message: expect.stringMatching(
            /^Primärfarbe: Schrift in der Primärfarbe auf der Sekundärfarbe .*eine dunklere Primärfarbe\.$/,
          ),
        },
      ]);
    });

    it('blames the colour this business changed, judged against its own saved colours', async () => {
      // A primary colour that leaves only the accent on it unreadable: the primary is to change.
      const first = await ownerOfFreshBusiness();
      const primary = await put({ ...valid, ...defaults, primaryColor: '#46505A' }, first);
      expect(primary.statusCode).toBe(400);
      expect(primary.json().error.details).toEqual([
        {
          path: 'body.primaryColor',
          message: expect.stringMatching(
            /^Primärfarbe: Die Akzentfarbe auf der Primärfarbe .*Bitte wählen Sie eine dunklere Primärfarbe\.$/,
          ),
        },
      ]);
      // The same colours sent by a business that has #46505A and just chose the accent: the accent.
      const second = await ownerOfFreshBusiness({
        ...defaults,
        primaryColor: '#46505A',
        accentColor: '#FFFFFF',
      });
      const accent = await put({ ...valid, ...defaults, primaryColor: '#46505A' }, second);
      expect(accent.statusCode).toBe(400);
      expect(accent.json().error.details).toEqual([
        {
          path: 'body.accentColor',
          message: expect.stringMatching(
            /^Akzentfarbe: Die Akzentfarbe auf der Primärfarbe .*Bitte wählen Sie eine hellere Akzentfarbe\.$/,
          ),
        },
      ]);
    });
  });

  it('refuses unknown fields instead of ignoring them', async () => {
    await expectNothingWritten(async () => {
      const response = await put({ ...valid, businessId: cafe.id });
      expect(response.statusCode).toBe(400);
    });
  });

  it("refuses another business's logo upload", async () => {
    const cafeUpload = await uploadLogo(await image('webp'), 'image/webp', cafeOwnerCookie);
    expect(cafeUpload.statusCode).toBe(201);
    await expectNothingWritten(async () => {
      const response = await put({ ...valid, logoUrl: cafeUpload.json().logoUrl });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'logo_not_found',
        message: 'Logo: Das Bild wurde nicht gefunden. Bitte laden Sie das Logo erneut hoch.',
        details: [{ path: 'body.logoUrl', message: expect.stringContaining('Logo') }],
      });
    });
  });

  it.each([
    [
      'an SVG labelled as PNG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/png',
    ],
    [
      'an SVG as itself',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
      'image/svg+xml',
    ],
    ['a script labelled as JPEG', Buffer.from('<script>alert(1)</script>'), 'image/jpeg'],
  ])('refuses a disguised logo: %s', async (_name, body, type) => {
    const before = await mediaCount(hotel.id);
    const response = await uploadLogo(body, type);
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toEqual({
      code: 'logo_unsupported',
      title: 'Logo-Format nicht unterstützt',
      message: 'Logo: Bitte wählen Sie ein Bild im Format PNG, JPEG oder WebP (kein SVG).',
    });
    expect(await mediaCount(hotel.id)).toBe(before);
  });

  it('refuses a logo over 1 MB, an empty body and a GIF', async () => {
    const before = await mediaCount(hotel.id);
    const big = await uploadLogo(Buffer.alloc(1024 * 1024 + 1, 7), 'image/png');
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toMatchObject({
      code: 'logo_too_large',
      message: 'Logo: Die Datei darf höchstens 1 MB groß sein.',
    });
    const empty = await uploadLogo(Buffer.alloc(0), 'application/octet-stream');
    expect(empty.statusCode).toBeGreaterThanOrEqual(400);
    expect(empty.statusCode).toBeLessThan(500);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    expect((await uploadLogo(gif, 'image/gif')).statusCode).toBe(415);
    expect(await mediaCount(hotel.id)).toBe(before);
  });
});

describe('access with two businesses', () => {
  it('keeps each owner in their own business: another business id answers 404', async () => {
    const read = await t.inject({
      method: 'GET',
      url: `/api/admin/branding?businessId=${cafe.id}`,
      headers: { cookie: ownerCookie },
    });
    expect(read.statusCode).toBe(404);
    expect(read.json().error.code).toBe('business_not_found');
    expect(read.body).not.toContain('Café Linde');

    const before = await storedBranding(cafe.id);
    const write = await put(valid, ownerCookie, `?businessId=${cafe.id}`);
    expect(write.statusCode).toBe(404);
    expect(await storedBranding(cafe.id)).toEqual(before);
    expect(await auditRows(cafe.id)).toHaveLength(0);
    const logo = await uploadLogo(
      await image('png'),
      'image/png',
      ownerCookie,
      `?businessId=${cafe.id}`,
    );
    expect(logo.statusCode).toBe(404);
  });

  it('lets the platform admin work in a named business, audited in that business', async () => {
    const admin = await createPlatformAdmin(t.database.db);
    const cookie = await signIn(t, admin.email);
    const response = await put(
      { ...valid, companyName: 'Café Linde am Markt' },
      cookie,
      `?businessId=${cafe.id}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      businessId: cafe.id,
      companyName: 'Café Linde am Markt',
    });
    const rows = await auditRows(cafe.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.admin_id).toBe(admin.id);
    // The hotel's branding is untouched.
    expect((await storedBranding(hotel.id))!.company_name).not.toBe('Café Linde am Markt');
  });

  it('refuses employees and anonymous callers', async () => {
    const employeeCookie = await signIn(t, hotel.employees[0]!.email);
    for (const cookie of [employeeCookie, undefined]) {
      const headers = cookie ? { cookie } : {};
      const read = await t.inject({ method: 'GET', url: '/api/admin/branding', headers });
      const write = await t.inject({
        method: 'PUT',
        url: '/api/admin/branding',
        headers,
        payload: valid,
      });
      expect([read.statusCode, write.statusCode]).toEqual(cookie ? [403, 403] : [401, 401]);
    }
  });
});

// The preview shows a real person of the business being branded, never one
// of another business.
describe('who the preview shows, with two businesses', () => {
  const preview = (cookie: string | undefined, query = '') =>
    t.inject({
      method: 'GET',
      url: `/api/admin/branding/preview${query}`,
      headers: cookie ? { cookie } : {},
    });

  it("shows an active employee of the owner's own business, as guests see them", async () => {
    const response = await preview(ownerCookie);
    expect(response.statusCode).toBe(200);
    const { person } = response.json() as { person: { displayName: string } | null };
    const hotelNames = hotel.employees.map((employee) => employee.fullName);
    const cafeNames = cafe.employees.map((employee) => employee.fullName);
    expect(hotelNames).toContain(person?.displayName);
    expect(response.json()).toEqual({
      person: {
        displayName: person!.displayName,
        jobTitle: 'Servicekraft',
        avatarUrl: null,
        thankYouMessage: 'Vielen Dank für Ihr Trinkgeld!',
      },
    });
    for (const name of [...cafeNames, cafe.owner.fullName, hotel.owner.fullName]) {
      expect(response.body).not.toContain(name);
    }
    const cafeView = await preview(cafeOwnerCookie);
    expect(cafeNames).toContain(cafeView.json().person.displayName);
    for (const name of hotelNames) expect(cafeView.body).not.toContain(name);
  });

  it("refuses another business's preview and names nobody of it", async () => {
    const response = await preview(ownerCookie, `?businessId=${cafe.id}`);
    expect(response.statusCode).toBe(404);
    for (const employee of cafe.employees) expect(response.body).not.toContain(employee.fullName);
  });

  it('lets the platform admin preview a named business with its own people', async () => {
    const admin = await createPlatformAdmin(t.database.db);
    const response = await preview(await signIn(t, admin.email), `?businessId=${cafe.id}`);
    expect(response.statusCode).toBe(200);
    expect(cafe.employees.map((e) => e.fullName)).toContain(response.json().person.displayName);
  });

  it('skips deactivated people and shows nobody when no active person is left', async () => {
    const empty = await createBusiness(t.database.db, {
      name: 'Bar Leer',
      employees: [{ fullName: 'Aaron Ausgetreten', disabled: true }],
    });
    const response = await preview(await signIn(t, empty.owner.email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ person: null });
  });

  it('refuses employees and anonymous callers', async () => {
    expect((await preview(await signIn(t, hotel.employees[0]!.email))).statusCode).toBe(403);
    expect((await preview(undefined)).statusCode).toBe(401);
  });
});
