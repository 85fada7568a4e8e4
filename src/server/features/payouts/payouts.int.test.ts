import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness, type FactoryPerson } from '../../../../test/support/factories';
import type { FakeStripe } from '../../../../test/support/fake-stripe';
import { createStripeTestApp } from '../../../../test/support/stripe-app';
import { profiles } from '../../db/schema';
import { statusOfAccount } from './connect';

describe('payout setup in demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports the demo provider and explains that payouts need Stripe', async () => {
    const hotel = await createBusiness(t.database.db, { employees: [{ payoutAccount: false }] });
    const cookie = await signIn(t, hotel.employees[0]!.email);
    const status = await t.inject({
      method: 'GET',
      url: '/api/employee/payout',
      headers: { cookie },
    });
    expect(status.json()).toEqual({ provider: 'demo', status: 'none', payoutsEnabled: false });
    const start = await t.inject({
      method: 'POST',
      url: '/api/employee/payout/onboarding',
      headers: { cookie },
      payload: {},
    });
    expect(start.statusCode).toBe(409);
    expect(start.json().error.message).toContain('Demo-Zahlungsanbieter');
  });

  it('needs a session', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/employee/payout' })).statusCode).toBe(401);
  });
});

describe('payout setup with Stripe Connect', () => {
  const WEBHOOK_SECRET = 'whsec_test_payouts';
  const signer = new Stripe('sk_test_signer_only');
  let fake: FakeStripe;
  let t: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, fake, close } = await createStripeTestApp({ webhookSecret: WEBHOOK_SECRET }));
  });
  afterAll(async () => {
    await close();
  });

  const profileOf = async (person: FactoryPerson) =>
    (await t.database.db.select().from(profiles).where(eq(profiles.id, person.id)))[0]!;

  /** The employee presses "Auszahlung einrichten" (again). */
  const startOnboarding = async (person: FactoryPerson) =>
    t.inject({
      method: 'POST',
      url: '/api/employee/payout/onboarding',
      headers: { cookie: await signIn(t, person.email) },
      payload: {},
    });

  const payoutStatusOf = async (person: FactoryPerson) =>
    (
      await t.inject({
        method: 'GET',
        url: '/api/employee/payout',
        headers: { cookie: await signIn(t, person.email) },
      })
    ).json();

  it('creates one Express account per employee and hands out an onboarding link', async () => {
    // Each test has its own businesses: a colleague and another business's employee look on.
    const hotel = await createBusiness(t.database.db, {
      employees: [{ payoutAccount: false }, { payoutAccount: false }],
    });
    const otherHotel = await createBusiness(t.database.db, {
      employees: [{ payoutAccount: false }],
    });
    const employee = hotel.employees[0]!;
    const first = await startOnboarding(employee);
    expect(first.statusCode).toBe(200);
    expect(first.json().url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\/e\/acct_test_\d+\//);

    // Only this employee's accounts: other tests set up accounts at the same fake.
    const creates = () =>
      fake.requests.filter(
        (r) => r.method === 'POST' && r.path === '/v1/accounts' && r.form.email === employee.email,
      );
    expect(creates()).toHaveLength(1);
    expect(creates()[0]!.form).toMatchObject({
      type: 'express',
      country: 'DE',
      email: employee.email,
      'capabilities[transfers][requested]': 'true',
    });
    expect(creates()[0]!.headers['idempotency-key']).toBe(`connect-account:${employee.id}`);
    const row = await profileOf(employee);
    expect(row.stripeAccountStatus).toBe('pending');
    const accountId = row.stripeAccountId!;

    const links = () =>
      fake.requests.filter((r) => r.path === '/v1/account_links' && r.form.account === accountId);
    expect(links()).toHaveLength(1);
    expect(links()[0]!.form).toMatchObject({
      account: accountId,
      type: 'account_onboarding',
      return_url: `${t.config.publicOrigin}/employee/dashboard?auszahlung=fertig`,
      refresh_url: `${t.config.publicOrigin}/employee/dashboard?auszahlung=erneut`,
    });

    // Continuing later reuses the account and only asks for a new link.
    await startOnboarding(employee);
    expect(creates()).toHaveLength(1);
    expect(links()).toHaveLength(2);

    // Nobody else got an account: not a colleague, not another business's employee.
    expect((await profileOf(hotel.employees[1]!)).stripeAccountId).toBeNull();
    expect(await profileOf(otherHotel.employees[0]!)).toMatchObject({
      stripeAccountId: null,
      stripeAccountStatus: 'none',
    });
  });

  it('trusts an account.updated webhook only after re-reading the account from Stripe', async () => {
    const employee = (
      await createBusiness(t.database.db, { employees: [{ payoutAccount: false }] })
    ).employees[0]!;
    const otherEmployee = (
      await createBusiness(t.database.db, { employees: [{ payoutAccount: false }] })
    ).employees[0]!;
    // Both start onboarding; only the employee's account gets ready.
    expect((await startOnboarding(employee)).statusCode).toBe(200);
    expect((await startOnboarding(otherEmployee)).statusCode).toBe(200);
    const accountId = (await profileOf(employee)).stripeAccountId!;
    const otherAccountId = (await profileOf(otherEmployee)).stripeAccountId!;
    expect(otherAccountId).not.toBe(accountId);

    const send = async (id: string) => {
      const payload = JSON.stringify({
        id,
        object: 'event',
        type: 'account.updated',
        created: Math.floor(t.clock.now().getTime() / 1000),
        livemode: false,
        // The payload claims more than is true; only the API's answer counts.
        data: {
          object: {
            id: accountId,
            object: 'account',
            payouts_enabled: true,
            charges_enabled: true,
          },
        },
      });
      const signature = signer.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(t.clock.now().getTime() / 1000),
      });
      return t.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    };
    expect((await send(`evt_account_1_${accountId}`)).statusCode).toBe(200);
    expect((await profileOf(employee)).stripeAccountStatus).toBe('pending');

    Object.assign(fake.accounts.get(accountId)!, {
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
    });
    expect((await send(`evt_account_2_${accountId}`)).statusCode).toBe(200);
    expect(await profileOf(employee)).toMatchObject({
      stripeAccountStatus: 'enabled',
      payoutsEnabled: true,
    });
    expect(await payoutStatusOf(employee)).toEqual({
      provider: 'stripe',
      status: 'enabled',
      payoutsEnabled: true,
    });

    // The event was about the employee's account: the other business's employee is still pending.
    expect(await profileOf(otherEmployee)).toMatchObject({
      stripeAccountId: otherAccountId,
      stripeAccountStatus: 'pending',
      payoutsEnabled: false,
    });
    expect(await payoutStatusOf(otherEmployee)).toEqual({
      provider: 'stripe',
      status: 'pending',
      payoutsEnabled: false,
    });
  });
});

describe('statusOfAccount', () => {
  const account = (fields: Record<string, unknown>) => fields as never;
  it.each([
    [{ details_submitted: false, charges_enabled: false, payouts_enabled: false }, 'pending'],
    [{ details_submitted: true, charges_enabled: true, payouts_enabled: false }, 'pending'],
    [{ details_submitted: true, charges_enabled: true, payouts_enabled: true }, 'enabled'],
    [
      {
        details_submitted: true,
        charges_enabled: false,
        payouts_enabled: false,
        requirements: { past_due: ['external_account'] },
      },
      'restricted',
    ],
  ])('maps %j to %s', (fields, expected) => {
    expect(statusOfAccount(account(fields)).status).toBe(expected);
  });
});
