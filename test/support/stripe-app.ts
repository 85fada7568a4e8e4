import { createTestApp, type TestApp } from './app';
import { FakeStripe } from './fake-stripe';

/** The secret key a Stripe-mode test app sends to the fake Stripe API. */
export const STRIPE_TEST_SECRET_KEY = 'sk_test_trinkgeld';

/**
 * A test app in Stripe mode against a fresh local fake of the Stripe API: the payments and
 * payouts integration tests share this set-up. `close` stops both.
 */
export async function createStripeTestApp(options: {
  webhookSecret: string;
  seeded?: boolean;
}): Promise<{ t: TestApp; fake: FakeStripe; close: () => Promise<void> }> {
  const fake = await new FakeStripe().start();
  const t = await createTestApp({
    ...(options.seeded ? { seeded: true } : {}),
    config: {
      paymentProvider: 'stripe',
      stripeSecretKey: STRIPE_TEST_SECRET_KEY,
      stripeWebhookSecret: options.webhookSecret,
      stripeApiUrl: fake.url,
    },
  });
  return {
    t,
    fake,
    close: async () => {
      await t.close();
      await fake.stop();
    },
  };
}
