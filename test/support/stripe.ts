import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
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

const signer = new Stripe('sk_test_signer_only');

/** Posts a Stripe event to the webhook, signed with `secret` at the test clock's time. */
export function sendSignedWebhook(t: TestApp, event: object, secret: string) {
  const payload = JSON.stringify(event);
  return t.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signer.webhooks.generateTestHeaderString({
        payload,
        secret,
        timestamp: Math.floor(t.clock.now().getTime() / 1000),
      }),
    },
    payload,
  });
}
