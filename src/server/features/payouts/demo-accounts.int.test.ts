import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness, createTip } from '../../../../test/support/factories';
import type { InstantPayoutQuote } from '../../../shared/api/instant-payout';
import type { PayoutBatch } from '../../../shared/api/payouts';
import { demoTransfers, payouts } from '../../db/schema';
import { demoPayoutAccount } from './transfers';

/**
 * The demo provider pays by Stripe's rule (decision 0477). Without a set-up
 * payout account nobody is paid, instantly or in a batch; the batch says whom it skipped.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The owner's 'Jetzt auszahlen'. */
async function payOutNow(ownerEmail: string) {
  const cookie = await signIn(t, ownerEmail);
  return t.inject({ method: 'POST', url: '/api/admin/payouts', headers: { cookie } });
}

describe('demo payouts follow the payout settings', () => {
  it('offer no instant payout to a person without a payout account, and pay nothing', async () => {
    const hotel = await createBusiness(t.database.db, { employees: [{ payoutAccount: false }] });
    const ben = hotel.employees[0]!;
    await createTip(t.database.db, { businessId: hotel.id, employeeId: ben.id, amountCents: 1500 });
    const cookie = await signIn(t, ben.email);
    const quote = (
      await t.inject({ method: 'GET', url: '/api/employee/payout/instant', headers: { cookie } })
    ).json() as InstantPayoutQuote;
    expect(quote).toMatchObject({
      provider: 'demo',
      available: false,
      reasonCode: 'instant_account_not_ready',
      balanceCents: 1500,
    });
    const paid = await t.inject({
      method: 'POST',
      url: '/api/employee/payout/instant',
      headers: { cookie },
      payload: { balanceCents: 1500, idempotencyKey: randomUUID() },
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error.code).toBe('instant_account_not_ready');
    const rows = await t.database.db.select().from(payouts).where(eq(payouts.businessId, hotel.id));
    expect(rows).toEqual([]);
  });

  it('pay in a batch only staff with a payout account and name the ones skipped', async () => {
    const hotel = await createBusiness(t.database.db, {
      employees: [{ payoutAccount: true }, { payoutAccount: false }],
    });
    const [anna, ben] = hotel.employees as [
      (typeof hotel.employees)[0],
      (typeof hotel.employees)[0],
    ];
    await createTip(t.database.db, {
      businessId: hotel.id,
      employeeId: anna.id,
      amountCents: 1000,
    });
    await createTip(t.database.db, { businessId: hotel.id, employeeId: ben.id, amountCents: 700 });
    const response = await payOutNow(hotel.owner.email);
    expect(response.statusCode).toBe(201);
    const batch = response.json() as PayoutBatch;
    expect(batch.transfers.map((transfer) => transfer.employeeId)).toEqual([anna.id]);
    expect(batch.skipped).toEqual([
      expect.objectContaining({ employeeId: ben.id, amountCents: 700 }),
    ]);
    const sent = await t.database.db
      .select()
      .from(demoTransfers)
      .where(eq(demoTransfers.destination, demoPayoutAccount(anna.id).stripeAccountId));
    expect(sent).toHaveLength(1);
  });

  it('refuse a batch nobody can receive and say how many were skipped', async () => {
    const hotel = await createBusiness(t.database.db, {
      employees: [{ payoutAccount: false }, { payoutAccount: false }],
    });
    for (const person of hotel.employees) {
      await createTip(t.database.db, {
        businessId: hotel.id,
        employeeId: person.id,
        amountCents: 900,
      });
    }
    const response = await payOutNow(hotel.owner.email);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'Niemand wurde ausgezahlt: 2 Personen haben noch kein eingerichtetes Auszahlungskonto. Ihr Geld bleibt für die nächste Auszahlung.',
    );
  });
});
