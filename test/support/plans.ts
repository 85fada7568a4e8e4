import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { tips } from '../../src/server/db/schema';
import type { TestApp } from './app';
import { createBusiness, type FactoryBusiness } from './factories';
import { decideDemoCheckout, startedTip } from './guest';

/** A hotel on Basis (decision 0610): two employees in a team, a person and a team point. */
export function createBasisHotel(t: TestApp): Promise<FactoryBusiness> {
  return createBusiness(t.database.db, {
    plan: 'basis',
    employees: 2,
    teams: [{ name: 'Service', members: [0, 1] }],
    points: ['person', 'team'],
  });
}

/** A guest tips through the hotel's team point and the demo checkout pays it, whatever the plan. */
export async function expectGuestTipPaid(t: TestApp, hotel: FactoryBusiness): Promise<void> {
  const started = await startedTip(t, { code: hotel.points[1]!.uid, amountCents: 500 });
  await decideDemoCheckout(t, started.checkoutUrl, 'pay');
  const [tip] = await t.database.db
    .select({ status: tips.status })
    .from(tips)
    .where(eq(tips.id, started.tipId));
  // Paid and waiting for its payout ('pending' is the paid state before the transfer).
  expect(tip?.status).toBe('pending');
}
