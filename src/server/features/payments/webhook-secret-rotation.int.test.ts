import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/support/app';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import type { FakeStripe } from '../../../../test/support/fake-stripe';
import { startedTip } from '../../../../test/support/guest';
import { sendSignedWebhook, stripeEvent } from '../../../../test/support/stripe';
import { connectToStripe, createStripeTestApp } from '../../../../test/support/stripe-app';
import { paymentSessions, tips } from '../../db/schema';

/**
 * Decision 0402: STRIPE_WEBHOOK_SECRET lists the old and the new endpoint secret during a roll
 * (comma-separated), so events signed under either verify and none is lost; any other secret is
 * refused as before.
 */
const OLD_SECRET = 'whsec_rotation_old_0123456789';
const NEW_SECRET = 'whsec_rotation_new_9876543210';

let t: TestApp;
let fake: FakeStripe;
let close: () => Promise<void>;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;

beforeAll(async () => {
  ({ t, fake, close, hotel } = await createStripeTestApp({
    webhookSecret: `${OLD_SECRET}, ${NEW_SECRET}`,
    business: { employees: 1, points: ['person'], connectedAccounts: ['acct_rotation_hotel'] },
  }));
  // A second business with its own connected employee: its tips are settled the same way.
  cafe = await createBusiness(t.database.db, { employees: 1, points: ['person'] });
  await connectToStripe(t.database.db, cafe.employees[0]!.id, 'acct_rotation_cafe');
});
afterAll(async () => {
  await close();
});

function sendCompleted(sessionId: string, secret: string) {
  return sendSignedWebhook(
    t,
    stripeEvent(t, 'checkout.session.completed', { id: sessionId, object: 'checkout.session' }),
    secret,
  );
}

/** A Stripe tip at `business`'s person point, paid at the (fake) provider. */
async function paidAtStripe(business: FactoryBusiness) {
  const started = await startedTip(t, { code: business.points[0]!.uid });
  const [session] = await t.database.db
    .select()
    .from(paymentSessions)
    .where(eq(paymentSessions.tipId, started.tipId));
  fake.pay(session!.providerSessionId!);
  return { tipId: started.tipId, sessionId: session!.providerSessionId! };
}

const statusOf = async (tipId: string) =>
  (await t.database.db.select().from(tips).where(eq(tips.id, tipId)))[0]!.status;

describe('webhook endpoint secret roll', () => {
  it('accepts an event signed with the old and one signed with the new secret', async () => {
    const underOld = await paidAtStripe(hotel);
    const old = await sendCompleted(underOld.sessionId, OLD_SECRET);
    expect(old.statusCode).toBe(200);
    expect(old.json()).toEqual({ received: true, duplicate: false });
    expect(await statusOf(underOld.tipId)).toBe('pending');

    const underNew = await paidAtStripe(cafe);
    const fresh = await sendCompleted(underNew.sessionId, NEW_SECRET);
    expect(fresh.statusCode).toBe(200);
    expect(await statusOf(underNew.tipId)).toBe('pending');
  });

  it('still refuses an event signed with a secret that is not listed', async () => {
    const tip = await paidAtStripe(hotel);
    const forged = await sendCompleted(tip.sessionId, 'whsec_someone_else_entirely');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('webhook_signature_invalid');
    expect(await statusOf(tip.tipId)).not.toBe('pending');
  });
});
