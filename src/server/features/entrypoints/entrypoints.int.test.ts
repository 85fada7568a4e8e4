import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { DEMO_LEGACY_QR_CODE } from '../../db/seed';
import { businesses, paymentEntrypoints, profiles, qrCodes } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seeded: true });
});
afterAll(async () => {
  await t.close();
});

const resolve = (code: string) => t.inject({ method: 'GET', url: `/api/guest/codes/${code}` });

describe('GET /api/guest/codes/:code', () => {
  it('shows a person point with name, job title and thank-you message', async () => {
    const response = await resolve('aio-anna-schneider-4k7p');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 'aio-anna-schneider-4k7p',
      source: 'entrypoint',
      type: 'person',
      displayName: 'Anna Schneider',
      jobTitle: 'Rezeptionistin',
      avatarUrl: null,
      thankYouMessage:
        'Herzlichen Dank! Ich wünsche Ihnen einen wunderbaren Aufenthalt bei uns am See.',
      businessName: 'Hotel Seeblick',
      receiverNote: null,
      receiver: null,
      branding: {
        primaryColor: '#003057',
        secondaryColor: '#C8C9C7',
        accentColor: '#C8AA61',
        fontFamily: 'Fira Sans',
        logoUrl: null,
        companyName: 'Hotel Seeblick',
        language: 'de',
        tonality: 'friendly',
        backgroundImageUrl: null,
      },
      paymentProvider: 'demo',
    });
  });

  it('never shows an e-mail, a payout account or internal ids', async () => {
    await t.database.db
      .update(profiles)
      .set({ stripeAccountId: 'acct_geheim123', profileImageUrl: '/api/media/anna.webp' })
      .where(eq(profiles.email, 'anna@demo.local'));
    const body = (await resolve('aio-anna-schneider-4k7p')).body;
    expect(body).not.toContain('@demo.local');
    expect(body).not.toContain('acct_');
    expect(body).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    expect(JSON.parse(body).avatarUrl).toBe('/api/media/anna.webp');
  });

  it('shows a team point with the team name', async () => {
    const team = (await resolve('aio-team-restaurant-1d6f')).json();
    expect(team).toMatchObject({
      type: 'team',
      displayName: 'Restaurant-Service',
      jobTitle: 'Service im Restaurant Seeterrasse',
      thankYouMessage: 'Vielen Dank für Ihr Trinkgeld!',
    });
  });

  it('shows an object point with its label and the business', async () => {
    const table = (await resolve('aio-tisch-7-2b5n')).json();
    expect(table).toMatchObject({
      type: 'object',
      displayName: 'Tisch 7',
      jobTitle: 'Hotel Seeblick',
      businessName: 'Hotel Seeblick',
    });
  });

  it('falls back to the legacy QR code and notes its use', async () => {
    const legacy = await resolve(DEMO_LEGACY_QR_CODE);
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
      .where(eq(qrCodes.code, DEMO_LEGACY_QR_CODE));
    expect(row?.lastUsedAt?.getTime()).toBe(t.clock.now().getTime());
  });

  it("answers an inactive code with 'Code nicht aktiv'", async () => {
    await t.database.db
      .update(paymentEntrypoints)
      .set({ active: false })
      .where(eq(paymentEntrypoints.uid, 'aio-tisch-12-8c4r'));
    const response = await resolve('aio-tisch-12-8c4r');
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
    const [ben] = await t.database.db
      .select({ businessId: profiles.businessId })
      .from(profiles)
      .where(eq(profiles.email, 'ben@demo.local'));
    await t.database.db
      .update(profiles)
      .set({ fullName: null })
      .where(eq(profiles.email, 'david@demo.local'));
    const missing = await resolve('aio-david-wagner-6t1z');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.title).toBe('Mitarbeiter nicht gefunden');

    await t.database.db
      .update(businesses)
      .set({ active: false })
      .where(eq(businesses.id, ben!.businessId!));
    const closed = await resolve('aio-ben-mueller-9x2m');
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error).toMatchObject({
      code: 'business_deactivated',
      title: 'Service nicht verfügbar',
    });
    await t.database.db
      .update(businesses)
      .set({ active: true })
      .where(eq(businesses.id, ben!.businessId!));
  });

  it('gives the guest pages the support address and provider', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/guest/info' })).json()).toEqual({
      contactEmail: 'kontakt@trinkgeld.example',
      paymentProvider: 'demo',
    });
  });
});
