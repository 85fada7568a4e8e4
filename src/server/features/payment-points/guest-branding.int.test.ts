import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createTip,
  type FactoryBusiness,
} from '../../../../test/support/factories';

let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;

const hotelBranding = {
  primaryColor: '#5A189A',
  secondaryColor: '#F3E8FF',
  accentColor: '#FFD166',
  fontFamily: 'Montserrat',
  language: 'fr',
  tonality: 'formal',
  companyName: 'Grand Hotel Violett',
  thankYouMessage: null,
  logoUrl: null,
};

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { points: ['person', 'object'] });
  cafe = await createBusiness(t.database.db, { points: ['person'] });
  const saved = await t.inject({
    method: 'PUT',
    url: '/api/admin/branding',
    headers: { cookie: await signIn(t, hotel.owner.email) },
    payload: hotelBranding,
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const { logoUrl: _logo, thankYouMessage: _thanks, ...expectedHotel } = hotelBranding;

describe('guest pages wear the branding of their own business only', () => {
  it('the tip page of each point of the business carries its saved branding, language included', async () => {
    for (const point of hotel.points) {
      const response = await t.inject({ method: 'GET', url: `/api/guest/codes/${point.uid}` });
      expect(response.json().branding).toMatchObject({ ...expectedHotel, logoUrl: null });
    }
  });

  it("another business's tip page keeps its own (default) branding", async () => {
    const response = await t.inject({
      method: 'GET',
      url: `/api/guest/codes/${cafe.points[0]!.uid}`,
    });
    expect(response.json().branding).toMatchObject({
      primaryColor: '#003057',
      fontFamily: 'Fira Sans',
      language: 'de',
      companyName: cafe.name,
    });
  });

  it('the thank-you page carries the branding of the business the tip went to', async () => {
    const [point] = hotel.points;
    const tip = await createTip(t.database.db, {
      businessId: hotel.id,
      employeeId: hotel.employees[0]!.id,
      entrypoint: point!,
    });
    const response = await t.inject({ method: 'GET', url: `/api/guest/thank-you?tipId=${tip.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().branding).toMatchObject(expectedHotel);
  });

  it('the error page of an inactive code still knows its business; an unknown code answers 404', async () => {
    const point = hotel.points[1]!;
    await t.database.query('UPDATE payment_entrypoints SET active = false WHERE uid = $1', [
      point.uid,
    ]);
    expect(
      (await t.inject({ method: 'GET', url: `/api/guest/codes/${point.uid}` })).statusCode,
    ).toBe(410);
    const branding = await t.inject({
      method: 'GET',
      url: `/api/guest/codes/${point.uid}/branding`,
    });
    expect(branding.statusCode).toBe(200);
    expect(branding.json()).toMatchObject(expectedHotel);
    const unknown = await t.inject({
      method: 'GET',
      url: '/api/guest/codes/gibt-es-nicht/branding',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.title).toBe('Ungültige UID');
  });
});
