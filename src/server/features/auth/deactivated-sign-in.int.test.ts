import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn as sessionFor } from '../../../../test/support/auth';
import {
  createBusiness,
  FACTORY_PASSWORD,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { freshIp } from '../../../../test/support/addresses';
import { findToken, tokenIn } from '../../../../test/support/mail-links';

/**
 * Decision 0356: a deactivated person who signs in is told so in German and
 * whom to ask, but only after proving the address (right password, or an e-mailed link); a
 * stranger learns nothing more than for any other address.
 */
let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { name: 'Hotel Seeblick Test', employees: 2 });
  cafe = await createBusiness(t.database.db, { name: 'Café Fremd Test', employees: 1 });
});
afterAll(async () => {
  await t.close();
});

const passwordSignIn = (email: string, password: string) =>
  t.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress: freshIp(),
  });
const requestLink = (email: string) =>
  t.inject({
    method: 'POST',
    url: '/api/auth/magic-link',
    payload: { email },
    remoteAddress: freshIp(),
  });
const verify = (token: string) =>
  t.inject({ method: 'POST', url: '/api/auth/magic-link/verify', payload: { token } });

async function mailNumber(n: number): Promise<string> {
  await vi.waitFor(() => expect(t.printedMails.length).toBeGreaterThanOrEqual(n), {
    timeout: 5_000,
  });
  return t.printedMails[n - 1]!;
}
async function deactivate(business: FactoryBusiness, personId: string) {
  const response = await t.inject({
    method: 'POST',
    url: `/api/admin/users/${personId}/deactivate`,
    headers: { cookie: await sessionFor(t, business.owner.email) },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const EXPECTED =
  'Ihr Konto ist deaktiviert. Bitte wenden Sie sich an die Inhaberin oder den Inhaber Ihres Betriebs „Hotel Seeblick Test“ oder an dessen Administration, damit Ihr Konto wieder freigeschaltet wird.';

describe('a deactivated person signing in', () => {
  let oldLink: string;

  it('hears, after the right password, that the account is deactivated and whom to ask', async () => {
    const anna = hotel.employees[0]!;
    // A link requested before the deactivation, opened after it.
    const before = t.printedMails.length;
    expect((await requestLink(anna.email)).statusCode).toBe(202);
    oldLink = tokenIn(await mailNumber(before + 1));
    expect(oldLink).not.toBeNull();

    await deactivate(hotel, anna.id);
    const response = await passwordSignIn(anna.email, FACTORY_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'account_deactivated',
      title: 'Anmeldung fehlgeschlagen',
      message: EXPECTED,
    });
  });

  it('with a wrong password hears what any wrong password hears', async () => {
    const anna = hotel.employees[0]!;
    const wrong = await passwordSignIn(anna.email, 'falsch-falsch-1');
    const unknown = await passwordSignIn('niemand-31@test.local', 'falsch-falsch-1');
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.body).not.toContain('deaktiviert');
  });

  it('hears it from a link sent before the deactivation', async () => {
    const response = await verify(oldLink);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({ code: 'account_deactivated', message: EXPECTED });
    // Nothing signed in.
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('asking for a link: the same answer as for any address, the reason by mail only', async () => {
    const anna = hotel.employees[0]!;
    const before = t.printedMails.length;
    const response = await requestLink(anna.email);
    const stranger = await requestLink('niemand-31b@test.local');
    expect(response.statusCode).toBe(stranger.statusCode);
    expect(response.json()).toEqual(stranger.json());
    const mail = await mailNumber(before + 1);
    expect(mail).toContain(anna.email);
    expect(mail).toContain('Ihr Konto ist deaktiviert.');
    expect(mail).toContain('Hotel Seeblick Test');
    expect(findToken(mail)).toBeNull();
  });

  it("names only the person's own business; a colleague elsewhere signs in as before", async () => {
    const other = cafe.employees[0]!;
    await deactivate(cafe, other.id);
    const response = await passwordSignIn(other.email, FACTORY_PASSWORD);
    expect(response.json().error.message).toContain('„Café Fremd Test“');
    expect(response.body).not.toContain('Hotel Seeblick Test');
    const colleague = await passwordSignIn(hotel.employees[1]!.email, FACTORY_PASSWORD);
    expect(colleague.statusCode).toBe(200);
  });
});
