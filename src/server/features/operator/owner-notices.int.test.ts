import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  FACTORY_PASSWORD,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { outboxEmails, profiles } from '../../db/schema';

/**
 * The owners of a business hear by e-mail when the operator suspends,
 * reactivates or closes it, with the reason and the operator's contact (CONTACT_EMAIL), in their
 * staff language; nobody else does, and the other business hears nothing. A refused sign-in names
 * how to reach the operator.
 */
const CONTACT = 'betrieb@plattform.example';

let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ config: { contactEmail: CONTACT } });
  hotel = await createBusiness(t.database.db, { employees: 1 });
  cafe = await createBusiness(t.database.db, { employees: 1 });
  adminCookie = await signIn(t, (await createPlatformAdmin(t.database.db)).email);
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, payload?: object) =>
  t.inject({
    method: 'POST',
    url: path,
    headers: { cookie: adminCookie },
    ...(payload ? { payload } : {}),
  });

/** The mails written to the outbox for an address, oldest first. */
async function mailsTo(address: string) {
  const rows = await t.database.db
    .select({ subject: outboxEmails.subject, text: outboxEmails.textBody })
    .from(outboxEmails)
    .where(eq(outboxEmails.toAddress, address))
    .orderBy(outboxEmails.createdAt);
  return rows;
}

describe("the owners hear about their business's state", () => {
  it('mails the reason and the contact on suspension and reactivation, to the owners only', async () => {
    const suspended = await post(`/api/admin/businesses/${hotel.id}/suspend`, {
      reason: 'Offene Rechnung seit Oktober',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const [notice] = await mailsTo(hotel.owner.email);
    expect(notice!.subject).toBe(`Ihr Betrieb ${hotel.name} ist bei Trinkgeld gesperrt`);
    expect(notice!.text).toContain('Grund: Offene Rechnung seit Oktober');
    expect(notice!.text).toContain(CONTACT);
    expect(await mailsTo(hotel.employees[0]!.email)).toEqual([]);
    expect(await mailsTo(cafe.owner.email)).toEqual([]);

    // Signing in meanwhile names how to reach the operator.
    const refused = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: hotel.employees[0]!.email, password: FACTORY_PASSWORD },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe(
      `Ihr Betrieb ist derzeit gesperrt. Bitte wenden Sie sich an den Betreiber: ${CONTACT}`,
    );

    expect((await post(`/api/admin/businesses/${hotel.id}/reactivate`)).statusCode).toBe(200);
    const [, back] = await mailsTo(hotel.owner.email);
    expect(back!.subject).toBe(`Ihr Betrieb ${hotel.name} ist bei Trinkgeld wieder freigeschaltet`);
    expect(back!.text).toContain(CONTACT);
  });

  it('mails a closure in the owner’s staff language', async () => {
    await t.database.db
      .update(profiles)
      .set({ staffLanguage: 'en' })
      .where(eq(profiles.id, cafe.owner.id));
    const closed = await post(`/api/admin/businesses/${cafe.id}/close`, { confirmName: cafe.name });
    expect(closed.statusCode, closed.body).toBe(200);
    const [notice] = await mailsTo(cafe.owner.email);
    expect(notice!.subject).toBe(`Your business ${cafe.name} has been closed on Trinkgeld`);
    expect(notice!.text).toContain(CONTACT);
    expect(notice!.text).toMatch(/personal data .* erased after \d+ days/);
  });
});
