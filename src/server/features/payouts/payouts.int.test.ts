import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import type { FakeStripe } from '../../../../test/support/fake-stripe';
import { createStripeTestApp } from '../../../../test/support/stripe-app';
import { profiles } from '../../db/schema';
import { statusOfAccount } from './connect';

describe('payout setup in demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seeded: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports the demo provider and explains that payouts need Stripe', async () => {
    const cookie = await signIn(t, 'anna@demo.local');
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
  let accountId: string;

  beforeAll(async () => {
    ({ t, fake } = await createStripeTestApp({ webhookSecret: WEBHOOK_SECRET, seeded: true }));
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const benRow = async () =>
    (await t.database.db.select().from(profiles).where(eq(profiles.email, 'ben@demo.local')))[0]!;

  it('creates one Express account per employee and hands out an onboarding link', async () => {
    const cookie = await signIn(t, 'ben@demo.local');
    const start = () =>
      t.inject({
        method: 'POST',
        url: '/api/employee/payout/onboarding',
        headers: { cookie },
        payload: {},
      });
    const first = await start();
    expect(first.statusCode).toBe(200);
    expect(first.json().url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\/e\/acct_test_\d+\//);

    const create = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/accounts')!;
    expect(create.form).toMatchObject({
      type: 'express',
      country: 'DE',
      email: 'ben@demo.local',
      'capabilities[transfers][requested]': 'true',
    });
    const ben = await benRow();
    expect(create.headers['idempotency-key']).toBe(`connect-account:${ben.id}`);
    expect(ben.stripeAccountStatus).toBe('pending');
    accountId = ben.stripeAccountId!;

    const link = fake.requests.find((r) => r.path === '/v1/account_links')!;
    expect(link.form).toMatchObject({
      account: accountId,
      type: 'account_onboarding',
      return_url: `${t.config.publicOrigin}/employee/dashboard?auszahlung=fertig`,
      refresh_url: `${t.config.publicOrigin}/employee/dashboard?auszahlung=erneut`,
    });

    // Continuing later reuses the account and only asks for a new link.
    await start();
    expect(
      fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts'),
    ).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === '/v1/account_links')).toHaveLength(2);
  });

  it('trusts an account.updated webhook only after re-reading the account from Stripe', async () => {
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
    expect((await send('evt_account_1')).statusCode).toBe(200);
    expect((await benRow()).stripeAccountStatus).toBe('pending');

    Object.assign(fake.accounts.get(accountId)!, {
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
    });
    expect((await send('evt_account_2')).statusCode).toBe(200);
    expect(await benRow()).toMatchObject({ stripeAccountStatus: 'enabled', payoutsEnabled: true });

    const cookie = await signIn(t, 'ben@demo.local');
    const status = await t.inject({
      method: 'GET',
      url: '/api/employee/payout',
      headers: { cookie },
    });
    expect(status.json()).toEqual({ provider: 'stripe', status: 'enabled', payoutsEnabled: true });
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
