import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { tips } from '../../src/server/db/schema';
import type { PlanCheckoutInput } from '../../src/shared/api/plans';
import type { TestApp } from './app';
import { signIn } from './auth';
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

/**
 * A request as a person, signed in afresh (plan tests move the clock by weeks); a string payload
 * is sent as a form, as the demo provider's pages send it.
 */
export async function requestAs(
  t: TestApp,
  email: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object | string,
) {
  const cookie = await signIn(t, email);
  const form = typeof payload === 'string';
  return t.inject({
    method,
    url,
    headers: {
      cookie,
      origin: t.config.publicOrigin,
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });
}

/** A German hotel's invoice recipient, as the booking form sends it. */
export const SAMPLE_BILLING: PlanCheckoutInput = {
  locations: 2,
  name: 'Hotel Seeblick GmbH',
  street: 'Uferweg 1',
  postalCode: '82319',
  city: 'Starnberg',
  countryCode: 'DE',
  vatId: 'DE 123 456 789',
  email: 'Buchhaltung@Seeblick.example',
};

/** The owner books Pro through the demo checkout and pays; answers the checkout's page. */
export async function bookPro(
  t: TestApp,
  hotel: FactoryBusiness,
  billing: PlanCheckoutInput = SAMPLE_BILLING,
): Promise<string> {
  const started = await requestAs(
    t,
    hotel.owner.email,
    'POST',
    '/api/admin/plan/checkout',
    billing,
  );
  expect(started.statusCode, started.body).toBe(201);
  const url = new URL((started.json() as { checkoutUrl: string }).checkoutUrl).pathname;
  const paid = await requestAs(t, hotel.owner.email, 'POST', url, 'action=pay');
  expect(paid.statusCode).toBe(303);
  expect(paid.headers.location).toBe('/admin/tarif?buchung=erfolgreich');
  return url;
}

/** One of the demo provider's subscription buttons. */
export async function demoSubscription(
  t: TestApp,
  hotel: FactoryBusiness,
  action: 'renew' | 'fail' | 'recover' | 'end',
): Promise<void> {
  const response = await requestAs(
    t,
    hotel.owner.email,
    'POST',
    '/billing/demo/subscription',
    `action=${action}`,
  );
  expect(response.statusCode, response.body).toBe(303);
}
