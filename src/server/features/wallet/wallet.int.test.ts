import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEntrypoints } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import {
  createWalletTestKeys,
  verifyDetachedSignature,
  type WalletTestKeys,
} from '../../../../test/support/wallet-certificates';
import { GOOGLE_SAVE_URL } from './google-link';

let keys: WalletTestKeys;
let t: TestApp;
let plain: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;

beforeAll(async () => {
  keys = createWalletTestKeys();
  t = await createTestApp({
    config: {
      publicOrigin: 'https://trinkgeld.example',
      appleWallet: {
        passTypeId: 'pass.test.trinkgeld',
        teamId: 'ABCDE12345',
        certPath: keys.certPath,
        keyPath: keys.keyPath,
        keyPassphrase: keys.keyPassphrase,
        wwdrPath: keys.caPath,
      },
      googleWallet: {
        issuerId: '3388000000012345678',
        serviceAccountPath: keys.serviceAccountPath,
      },
    },
  });
  hotel = await createBusiness(t.database.db, {
    name: 'Hotel Wallet',
    employees: [{ fullName: 'Anna Schneider', jobTitle: 'Rezeptionistin' }, {}],
    points: ['person', 'team', 'object'],
  });
  cafe = await createBusiness(t.database.db, { name: 'Café Wallet', points: ['person'] });
  plain = await createTestApp({ database: t.database });
});

afterAll(async () => {
  await plain?.close();
  await t?.close();
});

const personPoint = (business: FactoryBusiness) =>
  business.points.find((p) => p.type === 'person')!;

async function get(app: TestApp, url: string, email: string) {
  return app.inject({ method: 'GET', url, headers: { cookie: await signIn(app, email) } });
}

describe('Apple and Google Wallet for a person point', () => {
  it('gives the employee a signed pass whose barcode is their tip link', async () => {
    const anna = hotel.employees[0]!;
    const response = await get(t, '/api/employee/wallet/apple', anna.email);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Trinkgeld-Anna-Schneider.pkpass"',
    );
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const pass = JSON.parse(Buffer.from(files['pass.json']!).toString('utf8'));
    expect(pass.barcodes[0].message).toBe(`https://trinkgeld.example/t/${personPoint(hotel).uid}`);
    expect(pass.storeCard.primaryFields[0].value).toBe('Anna Schneider');
    expect(pass.storeCard.secondaryFields[0].value).toBe('Rezeptionistin');
    expect(pass.organizationName).toBe('Hotel Wallet');
    expect(
      verifyDetachedSignature(
        keys,
        Buffer.from(files.signature!),
        Buffer.from(files['manifest.json']!),
      ),
    ).toBe(true);
  });

  it('sends the employee to Google Wallet with a signed save link', async () => {
    const response = await get(t, '/api/employee/wallet/google', hotel.employees[0]!.email);
    expect(response.statusCode).toBe(302);
    const location = String(response.headers.location);
    expect(location.startsWith(GOOGLE_SAVE_URL)).toBe(true);
    const claims = JSON.parse(
      Buffer.from(location.slice(GOOGLE_SAVE_URL.length).split('.')[1]!, 'base64url').toString(),
    );
    expect(claims.payload.genericObjects[0].barcode.value).toBe(
      `https://trinkgeld.example/t/${personPoint(hotel).uid}`,
    );
  });

  it('offers the links only where they work', async () => {
    const own = await get(t, '/api/employee/wallet', hotel.employees[0]!.email);
    expect(own.json()).toEqual({
      apple: '/api/employee/wallet/apple',
      google: '/api/employee/wallet/google',
    });
    const team = hotel.points.find((p) => p.type === 'team')!;
    const forTeam = await get(t, `/api/admin/payment-points/${team.id}/wallet`, hotel.owner.email);
    expect(forTeam.json()).toEqual({ apple: null, google: null });
    const unconfigured = await get(plain, '/api/employee/wallet', hotel.employees[0]!.email);
    expect(unconfigured.json()).toEqual({ apple: null, google: null });
  });

  it('lets an owner download a pass of a person point of their own business only', async () => {
    const own = await get(
      t,
      `/api/admin/payment-points/${personPoint(hotel).id}/wallet/apple`,
      hotel.owner.email,
    );
    expect(own.statusCode).toBe(200);
    const foreign = await get(
      t,
      `/api/admin/payment-points/${personPoint(cafe).id}/wallet/apple`,
      hotel.owner.email,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Der Bezahlpunkt wurde nicht gefunden.');
    const foreignLinks = await get(
      t,
      `/api/admin/payment-points/${personPoint(cafe).id}/wallet`,
      hotel.owner.email,
    );
    expect(foreignLinks.statusCode).toBe(404);
  });

  it('refuses employees on the admin endpoint and team or object points', async () => {
    const byEmployee = await get(
      t,
      `/api/admin/payment-points/${personPoint(hotel).id}/wallet/apple`,
      hotel.employees[1]!.email,
    );
    expect(byEmployee.statusCode).toBe(403);
    const object = hotel.points.find((p) => p.type === 'object')!;
    const forObject = await get(
      t,
      `/api/admin/payment-points/${object.id}/wallet/apple`,
      hotel.owner.email,
    );
    expect(forObject.statusCode).toBe(409);
    expect(forObject.json().error.message).toMatch(/nur für aktive Bezahlpunkte einer Person/);
  });

  it('has no pass for a deactivated point, and says so in German', async () => {
    const cafePoint = personPoint(cafe);
    await t.database.db
      .update(paymentEntrypoints)
      .set({ active: false })
      .where(eq(paymentEntrypoints.id, cafePoint.id));
    const response = await get(
      t,
      `/api/admin/payment-points/${cafePoint.id}/wallet/apple`,
      cafe.owner.email,
    );
    expect(response.statusCode).toBe(409);
    const own = await get(t, '/api/employee/wallet/apple', cafe.employees[0]!.email);
    expect(own.statusCode).toBe(404);
    expect(own.json().error.message).toMatch(/noch keinen aktiven persönlichen Bezahlpunkt/);
  });

  it('answers 404 with the spec text when Apple Wallet is not configured', async () => {
    const response = await get(plain, '/api/employee/wallet/apple', hotel.employees[0]!.email);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Apple Wallet Link ist nicht verfügbar.');
    const google = await get(plain, '/api/employee/wallet/google', hotel.employees[0]!.email);
    expect(google.statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/employee/wallet/apple' });
    expect(response.statusCode).toBe(401);
  });
});
