import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';

let t: TestApp;
let closed: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      contactEmail: 'hallo@seeblick.example',
      publicOrigin: 'https://trinkgeld.example.com',
      paymentProvider: 'stripe',
      stripeSecretKey: 'sk_test_geheim',
      stripeWebhookSecret: 'whsec_geheim',
      aioApiToken: 'aio-token-geheim',
      aioSyncSecret: 'sync-secret-geheim',
      smtpUrl: 'smtp://user:passwort-geheim@127.0.0.1:2525',
    },
  });
  closed = await createTestApp({ database: t.database, config: { signup: 'closed' } });
});
afterAll(async () => {
  await closed.close();
  await t.close();
});

describe('GET /api/public-config', () => {
  it('answers the contact address from the configuration and nothing secret', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/public-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      contactEmail: 'hallo@seeblick.example',
      publicOrigin: 'https://trinkgeld.example.com',
      paymentProvider: 'stripe',
      signup: 'open',
      demoPages: true,
    });
    expect(response.body).not.toContain('geheim');
    expect(response.body).not.toContain(t.config.sessionSecret);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('says whether businesses may sign up on their own (SIGNUP)', async () => {
    const response = await closed.inject({ method: 'GET', url: '/api/public-config' });
    expect(response.json().signup).toBe('closed');
  });
});
