import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { profiles } from '../../db/schema';
import { createStripeConnect, statusOfAccount } from './connect';
import { refreshAccountStatus } from './service';
import { stripeClientFor } from '../payments/stripe-client';

interface RecordedRequest {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey: string | undefined;
}

/** Stands in for Stripe's API on 127.0.0.1: just the Connect calls payout setup makes. */
class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  account = { details_submitted: false, charges_enabled: false, payouts_enabled: false };
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const path = (request.url ?? '').split('?')[0]!;
    this.requests.push({
      method: request.method ?? '',
      path,
      body: new URLSearchParams(raw),
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
    });
    const send = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'POST' && path === '/v1/accounts') {
      return send({
        id: 'acct_fake123',
        object: 'account',
        ...this.account,
        requirements: { past_due: [] },
      });
    }
    if (request.method === 'POST' && path === '/v1/account_links') {
      return send({
        object: 'account_link',
        url: 'https://connect.stripe.com/setup/e/acct_fake123/abc',
        created: 1,
        expires_at: 2,
      });
    }
    if (request.method === 'GET' && path === '/v1/accounts/acct_fake123') {
      return send({
        id: 'acct_fake123',
        object: 'account',
        ...this.account,
        requirements: { past_due: [] },
      });
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'unknown' } }));
  }
}

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
});

describe('payout setup with Stripe Connect', () => {
  const fake = new FakeStripe();
  let t: TestApp;
  beforeAll(async () => {
    const apiUrl = await fake.start();
    t = await createTestApp({
      seeded: true,
      config: {
        paymentProvider: 'stripe',
        stripeSecretKey: 'sk_test_fake',
        stripeWebhookSecret: 'whsec_fake',
        stripeApiUrl: apiUrl,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

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
    expect(first.json().url).toBe('https://connect.stripe.com/setup/e/acct_fake123/abc');

    const create = fake.requests.find((r) => r.path === '/v1/accounts')!;
    expect(create.body.get('type')).toBe('express');
    expect(create.body.get('country')).toBe('DE');
    expect(create.body.get('email')).toBe('ben@demo.local');
    expect(create.body.get('capabilities[transfers][requested]')).toBe('true');
    const [ben] = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'ben@demo.local'));
    expect(create.idempotencyKey).toBe(`connect-account:${ben!.id}`);
    expect(ben).toMatchObject({ stripeAccountId: 'acct_fake123', stripeAccountStatus: 'pending' });

    const link = fake.requests.find((r) => r.path === '/v1/account_links')!;
    expect(link.body.get('account')).toBe('acct_fake123');
    expect(link.body.get('type')).toBe('account_onboarding');
    expect(link.body.get('return_url')).toBe(
      `${t.config.publicOrigin}/employee/dashboard?auszahlung=fertig`,
    );

    // Continuing later reuses the account and only asks for a new link.
    await start();
    expect(fake.requests.filter((r) => r.path === '/v1/accounts')).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === '/v1/account_links')).toHaveLength(2);
  });

  it('trusts the account only when Stripe says details are submitted and payouts enabled', async () => {
    const connect = createStripeConnect(stripeClientFor(t.config)!);
    fake.account = { details_submitted: true, charges_enabled: true, payouts_enabled: true };
    await refreshAccountStatus(t.app.deps, connect, 'acct_fake123');
    const [ben] = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'ben@demo.local'));
    expect(ben).toMatchObject({ stripeAccountStatus: 'enabled', payoutsEnabled: true });
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
        requirements: { past_due: ['x'] },
      },
      'restricted',
    ],
  ])('maps %j to %s', (fields, expected) => {
    expect(statusOfAccount(account(fields)).status).toBe(expected);
  });
});
