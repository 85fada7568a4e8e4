import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness } from '../../../../test/support/factories';
import { createLegacyQrCode } from '../../../../test/support/received-tips';
import { businesses, paymentEntrypoints, profiles, qrCodes, teams } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const resolve = (code: string) => t.inject({ method: 'GET', url: `/api/guest/codes/${code}` });

/** A business whose one employee, Anna, has a personal payment point. */
async function hotelWithAnna() {
  const hotel = await createBusiness(t.database.db, {
    employees: [{ fullName: 'Anna Schneider', jobTitle: 'Rezeptionistin' }],
    points: ['person'],
  });
  return { hotel, anna: hotel.employees[0]!, point: hotel.points[0]! };
}

describe('GET /api/guest/codes/:code', () => {
  it('shows a person point with name, job title and thank-you message', async () => {
    const { hotel, anna, point } = await hotelWithAnna();
    const thanks =
      'Herzlichen Dank! Ich wünsche Ihnen einen wunderbaren Aufenthalt bei uns am See.';
    await t.database.db
      .update(profiles)
      .set({ thankYouMessage: thanks })
      .where(eq(profiles.id, anna.id));
    const response = await resolve(point.uid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: point.uid,
      source: 'entrypoint',
      type: 'person',
      displayName: 'Anna Schneider',
      jobTitle: 'Rezeptionistin',
      avatarUrl: null,
      thankYouMessage: thanks,
      businessName: hotel.name,
      receiverNote: null,
      receiver: null,
      branding: {
        primaryColor: '#003057',
        secondaryColor: '#C8C9C7',
        accentColor: '#C8AA61',
        fontFamily: 'Fira Sans',
        logoUrl: null,
        companyName: hotel.name,
        language: 'de',
        tonality: 'friendly',
        backgroundImageUrl: null,
      },
      paymentProvider: 'demo',
    });
  });

  it('never shows an e-mail, a payout account or internal ids', async () => {
    const { hotel, anna, point } = await hotelWithAnna();
    await t.database.db
      .update(profiles)
      .set({ stripeAccountId: 'acct_geheim123', profileImageUrl: '/api/media/anna.webp' })
      .where(eq(profiles.id, anna.id));
    const body = (await resolve(point.uid)).body;
    expect(body).not.toContain(anna.email);
    expect(body).not.toContain(hotel.owner.email);
    expect(body).not.toContain('@test.local');
    expect(body).not.toContain('acct_');
    expect(body).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    expect(JSON.parse(body).avatarUrl).toBe('/api/media/anna.webp');
  });

  it('shows a team point with the team name', async () => {
    const hotel = await createBusiness(t.database.db, {
      employees: 2,
      teams: [{ name: 'Restaurant-Service', members: [0, 1] }],
      points: ['team'],
    });
    await t.database.db
      .update(teams)
      .set({ description: 'Service im Restaurant Seeterrasse' })
      .where(eq(teams.id, hotel.teams[0]!.id));
    const team = (await resolve(hotel.points[0]!.uid)).json();
    expect(team).toMatchObject({
      type: 'team',
      displayName: 'Restaurant-Service',
      jobTitle: 'Service im Restaurant Seeterrasse',
      thankYouMessage: 'Vielen Dank für Ihr Trinkgeld!',
    });
  });

  it('shows an object point with its label and the business', async () => {
    const hotel = await createBusiness(t.database.db, { points: ['object'] });
    const table = (await resolve(hotel.points[0]!.uid)).json();
    expect(table).toMatchObject({
      type: 'object',
      displayName: hotel.points[0]!.label,
      jobTitle: hotel.name,
      businessName: hotel.name,
    });
  });

  it('falls back to the legacy QR code and notes its use', async () => {
    const hotel = await createBusiness(t.database.db, {
      employees: [{ fullName: 'Ben Müller', jobTitle: 'Kellner' }],
    });
    const code = await createLegacyQrCode(t.database.db, {
      businessId: hotel.id,
      employeeId: hotel.employees[0]!.id,
    });
    const legacy = await resolve(code.code);
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json()).toMatchObject({
      source: 'legacy',
      type: 'person',
      displayName: 'Ben Müller',
      jobTitle: 'Kellner',
    });
    const [row] = await t.database.db
      .select({ lastUsedAt: qrCodes.lastUsedAt })
      .from(qrCodes)
      .where(eq(qrCodes.id, code.id));
    expect(row?.lastUsedAt?.getTime()).toBe(t.clock.now().getTime());
  });

  it("answers an inactive code with 'Code nicht aktiv'", async () => {
    const hotel = await createBusiness(t.database.db, { points: ['object'] });
    const table = hotel.points[0]!;
    await t.database.db
      .update(paymentEntrypoints)
      .set({ active: false })
      .where(eq(paymentEntrypoints.id, table.id));
    const response = await resolve(table.uid);
    expect(response.statusCode).toBe(410);
    expect(response.json().error).toMatchObject({
      code: 'code_inactive',
      title: 'Code nicht aktiv',
    });
  });

  it('tells an unknown uid from an unknown legacy code', async () => {
    const uid = await resolve('aio-gibt-es-nicht-0000');
    expect(uid.statusCode).toBe(404);
    expect(uid.json().error).toMatchObject({ code: 'code_not_found', title: 'Ungültige UID' });
    const legacy = await resolve('qr-unbekannt');
    expect(legacy.json().error).toMatchObject({
      code: 'qr_code_invalid',
      title: 'QR-Code nicht gültig',
    });
  });

  it('rejects a code that is too long with a German 400', async () => {
    const response = await resolve('x'.repeat(81));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Dieser Code ist zu lang.');
  });

  it('answers for a deactivated business, and a missing employee', async () => {
    // Ben's and David's points belong to the hotel; the café's point to another business.
    const hotel = await createBusiness(t.database.db, {
      employees: 2,
      points: ['person', 'person'],
    });
    const cafe = await createBusiness(t.database.db, { employees: 1, points: ['person'] });
    const [benPoint, davidPoint] = hotel.points;
    await t.database.db
      .update(profiles)
      .set({ fullName: null })
      .where(eq(profiles.id, davidPoint!.targetId));
    const missing = await resolve(davidPoint!.uid);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.title).toBe('Mitarbeiter nicht gefunden');

    await t.database.db
      .update(businesses)
      .set({ active: false })
      .where(eq(businesses.id, hotel.id));
    const closed = await resolve(benPoint!.uid);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error).toMatchObject({
      code: 'business_deactivated',
      title: 'Service nicht verfügbar',
    });
    // Only the deactivated business is closed: the other one's codes still answer.
    expect((await resolve(cafe.points[0]!.uid)).statusCode).toBe(200);
  });

  it('gives the guest pages the support address and provider', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/guest/info' })).json()).toEqual({
      contactEmail: 'kontakt@trinkgeld.example',
      paymentProvider: 'demo',
    });
  });
});
