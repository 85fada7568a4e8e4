import { eq } from 'drizzle-orm';
import type { Config } from '../../src/server/config';
import type { Executor } from '../../src/server/db/connect';
import { paymentSessions, profiles } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from './app';
import { type BusinessOptions, createBusiness, type FactoryBusiness } from './factories';
import { FakeStripe } from './fake-stripe';
import { startedTip } from './guest';

/** The secret key a Stripe-mode test app sends to the fake Stripe API. */
export const STRIPE_TEST_SECRET_KEY = 'sk_test_trinkgeld';

export interface StripeTestAppOptions {
  webhookSecret: string;
  /** More settings of the app (e.g. METRICS_TOKEN). */
  config?: Partial<Config>;
}

export interface StripeBusinessOptions extends BusinessOptions {
  /**
   * Connected-account ids for the first employees, in order (`['acct_a']` connects employee 0
   * only). Under Stripe a person's tip may only start once its receiver has one; employees past
   * the list stay unconnected.
   */
  connectedAccounts?: string[];
}

export interface StripeTestApp {
  t: TestApp;
  fake: FakeStripe;
  close: () => Promise<void>;
}

/** A person with a Stripe connected account that takes payouts, as after finished onboarding. */
export async function connectToStripe(
  db: Executor,
  personId: string,
  accountId: string,
): Promise<void> {
  await db
    .update(profiles)
    .set({ stripeAccountId: accountId, stripeAccountStatus: 'enabled' })
    .where(eq(profiles.id, personId));
}

/**
 * A test app in Stripe mode against a fresh local fake of the Stripe API, on an empty database:
 * the payments and payouts integration tests share this set-up. With `business`, it also
 * creates a business from the factories (returned as `hotel`), its first employees connected
 * to Stripe as asked. `close` stops both app and fake.
 */
export async function createStripeTestApp(
  options: StripeTestAppOptions & { business: StripeBusinessOptions },
): Promise<StripeTestApp & { hotel: FactoryBusiness }>;
export async function createStripeTestApp(options: StripeTestAppOptions): Promise<StripeTestApp>;
export async function createStripeTestApp(
  options: StripeTestAppOptions & { business?: StripeBusinessOptions },
): Promise<StripeTestApp & { hotel?: FactoryBusiness }> {
  const fake = await new FakeStripe().start();
  const t = await createTestApp({
    config: {
      paymentProvider: 'stripe',
      stripeSecretKey: STRIPE_TEST_SECRET_KEY,
      stripeWebhookSecret: options.webhookSecret,
      stripeApiUrl: fake.url,
      ...options.config,
    },
  });
  const close = async () => {
    await t.close();
    await fake.stop();
  };
  if (!options.business) return { t, fake, close };

  const { connectedAccounts = [], ...businessOptions } = options.business;
  const hotel = await createBusiness(t.database.db, businessOptions);
  for (const [index, accountId] of connectedAccounts.entries()) {
    const employee = hotel.employees[index];
    if (!employee) throw new Error(`createStripeTestApp: no employee #${index} to connect`);
    await connectToStripe(t.database.db, employee.id, accountId);
  }
  // The factory gives employees a demo payout account (decision 0477); under Stripe those past
  // the list have none.
  for (const employee of hotel.employees.slice(connectedAccounts.length)) {
    await t.database.db
      .update(profiles)
      .set({ stripeAccountId: null, stripeAccountStatus: 'none', payoutsEnabled: false })
      .where(eq(profiles.id, employee.id));
  }
  return { t, fake, close, hotel };
}

/** A tip started at `code` under Stripe, with the id of its Checkout Session at the fake. */
export async function startedStripeCheckout(
  t: TestApp,
  code: string,
): Promise<{ tipId: string; checkout: string }> {
  const started = await startedTip(t, { code });
  const [session] = await t.database.db
    .select({ providerSessionId: paymentSessions.providerSessionId })
    .from(paymentSessions)
    .where(eq(paymentSessions.tipId, started.tipId));
  return { tipId: started.tipId, checkout: session!.providerSessionId! };
}
