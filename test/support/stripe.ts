import { and, eq } from 'drizzle-orm';
import { analyticsEvents, paymentSessions, profiles } from '../../src/server/db/schema';
import type { TestApp } from './app';
import { startedTip } from './guest';

/** The seeded Anna with a Stripe connected account that takes payouts (tips to her may start). */
export async function connectAnnaToStripe(t: TestApp, accountId: string): Promise<void> {
  await t.database.db
    .update(profiles)
    .set({ stripeAccountId: accountId, stripeAccountStatus: 'enabled' })
    .where(eq(profiles.email, 'anna@demo.local'));
}

/** A tip started under Stripe, with the id of its Checkout Session at the (fake) provider. */
export async function startedStripeTip(t: TestApp): Promise<{ tipId: string; checkout: string }> {
  const started = await startedTip(t);
  const [session] = await t.database.db
    .select()
    .from(paymentSessions)
    .where(eq(paymentSessions.tipId, started.tipId));
  return { tipId: started.tipId, checkout: session!.providerSessionId! };
}

/** How often a tip was counted as paid: its `payment_success` analytics rows. */
export async function timesCounted(t: TestApp, tipId: string): Promise<number> {
  const rows = await t.database.db
    .select({ id: analyticsEvents.id })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.tipId, tipId), eq(analyticsEvents.name, 'payment_success')));
  return rows.length;
}

/** A Stripe event as the API sends it, about `object`, created now on the test clock. */
export function stripeEvent(
  t: TestApp,
  type: string,
  object: Record<string, unknown>,
  id = `evt_${Math.random().toString(36).slice(2)}`,
) {
  return {
    id,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(t.clock.now().getTime() / 1000),
    livemode: false,
    data: { object },
  };
}
