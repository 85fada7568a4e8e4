import { and, eq } from 'drizzle-orm';
import { analyticsEvents } from '../../src/server/db/schema';
import type { TestApp } from './app';

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
