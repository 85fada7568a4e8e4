import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness, createTip } from '../../../../test/support/factories';
import type { FakeStripe } from '../../../../test/support/fake-stripe';
import { createStripeTestApp } from '../../../../test/support/stripe-app';
import { payouts, profiles, tips } from '../../db/schema';

/**
 * Contract: an instant payout against the local Stripe stand-in, through the real route, with
 * the requests the official SDK sends (path, method, idempotency key, amount, currency,
 * destination and the Stripe-Account header of the connected account).
 */
describe('instant payout with Stripe Connect', () => {
  let fake: FakeStripe;
  let t: TestApp;

  beforeAll(async () => {
    ({ t, fake } = await createStripeTestApp({ webhookSecret: 'whsec_test_instant' }));
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  async function readyAccount(profileId: string, instant: boolean): Promise<string> {
    const id = `acct_test_instant_${profileId.slice(0, 8)}`;
    fake.accounts.set(id, {
      id,
      object: 'account',
      email: 'x@test.local',
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      requirements: { past_due: [], disabled_reason: null },
    });
    if (instant) fake.instantCards.add(id);
    await t.database.db
      .update(profiles)
      .set({ stripeAccountId: id, stripeAccountStatus: 'enabled', payoutsEnabled: true })
      .where(eq(profiles.id, profileId));
    return id;
  }

  it('transfers the balance minus the fee, then pays it out instantly on the connected account', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1 });
    const employee = hotel.employees[0]!;
    const account = await readyAccount(employee.id, true);
    const tip = await createTip(t.database.db, {
      businessId: hotel.id,
      employeeId: employee.id,
      amountCents: 2500,
    });
    const cookie = await signIn(t, employee.email);

    const quote = await t.inject({ url: '/api/employee/payout/instant', headers: { cookie } });
    expect(quote.json()).toMatchObject({
      available: true,
      balanceCents: 2500,
      feeCents: 50,
      netCents: 2450,
      provider: 'stripe',
    });
    const listed = fake.requests.filter(
      (r) => r.method === 'GET' && r.path === `/v1/accounts/${account}/external_accounts`,
    );
    expect(listed.length).toBeGreaterThan(0);

    const key = randomUUID();
    const response = await t.inject({
      method: 'POST',
      url: '/api/employee/payout/instant',
      headers: { cookie },
      payload: { balanceCents: 2500, idempotencyKey: key },
    });
    expect(response.statusCode).toBe(201);
    const result = response.json();
    expect(result).toMatchObject({
      status: 'paid',
      amountCents: 2500,
      feeCents: 50,
      netCents: 2450,
    });

    const transfer = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/transfers');
    expect(transfer).toHaveLength(1);
    expect(transfer[0]!.headers['idempotency-key']).toBe(`instant:${employee.id}:${key}`);
    expect(transfer[0]!.headers['stripe-account']).toBeUndefined();
    expect(transfer[0]!.form).toMatchObject({
      amount: '2450',
      currency: 'eur',
      destination: account,
      'metadata[payout_id]': result.payoutId,
      'metadata[employee_id]': employee.id,
    });
    const payout = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payouts');
    expect(payout).toHaveLength(1);
    expect(payout[0]!.headers['idempotency-key']).toBe(`instant:${employee.id}:${key}:instant`);
    expect(payout[0]!.headers['stripe-account']).toBe(account);
    expect(payout[0]!.form).toMatchObject({ amount: '2450', currency: 'eur', method: 'instant' });
    expect(result.reference).toMatch(/^tr_test_/);
    expect(result.cardPayoutReference).toMatch(/^po_test_/);

    const [paidOut] = await t.database.db.select().from(tips).where(eq(tips.id, tip.id));
    expect(paidOut).toMatchObject({ status: 'completed', stripeTransferId: result.reference });

    // The same confirmation again: the first payout, no new request to Stripe.
    const before = fake.requests.length;
    const again = await t.inject({
      method: 'POST',
      url: '/api/employee/payout/instant',
      headers: { cookie },
      payload: { balanceCents: 2500, idempotencyKey: key },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().payoutId).toBe(result.payoutId);
    expect(fake.requests.slice(before).some((r) => r.method === 'POST')).toBe(false);
  });

  it('refuses with a German message when the account has no card for instant payouts', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1 });
    const employee = hotel.employees[0]!;
    await readyAccount(employee.id, false);
    await createTip(t.database.db, {
      businessId: hotel.id,
      employeeId: employee.id,
      amountCents: 2000,
    });
    const cookie = await signIn(t, employee.email);
    const quote = (
      await t.inject({ url: '/api/employee/payout/instant', headers: { cookie } })
    ).json();
    expect(quote.available).toBe(false);
    expect(quote.reason).toContain('unterstützt keine Sofortauszahlung');
    const response = await t.inject({
      method: 'POST',
      url: '/api/employee/payout/instant',
      headers: { cookie },
      payload: { balanceCents: 2000, idempotencyKey: randomUUID() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('unterstützt keine Sofortauszahlung');
    const rows = await t.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.employeeId, employee.id));
    expect(rows).toHaveLength(0);
  });
});
