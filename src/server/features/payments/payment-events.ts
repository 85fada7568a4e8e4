import type Stripe from 'stripe';
import type { PaymentContext } from './context';

/**
 * What the payment provider told about money already paid, in the words of this product: part
 * or all of a payment taken back (refund, dispute), a dispute won, a payout account changed.
 * Payments reads the provider's objects; what follows for the money paid out is the business of
 * the features that subscribe (payouts, decision 0551), so payments calls no feature above it.
 */
export type PaymentEvent =
  | {
      type: 'taken_back';
      paymentIntentId: string;
      kind: 'refund' | 'dispute';
      /** All taken back from this payment so far, in cents. */
      totalTakenBackCents: number;
      /** Identifies this taking back, so a repeated event records it once. */
      providerRef: string;
      providerReason: string | null;
    }
  | { type: 'dispute_won'; paymentIntentId: string; disputeId: string }
  | { type: 'account_updated'; accountId: string }
  /**
   * A verified Stripe event about a business's own subscription to this product (Pro, its
   * invoices, its booking's checkout): not about guests' money, so payments only passes it on
   * to plans, which reads it (decision 0616).
   */
  | { type: 'subscription'; stripeEvent: Stripe.Event };

/** A subscriber: runs after payments has read the event, before the event counts as processed. */
export type PaymentEventHandler = (ctx: PaymentContext, event: PaymentEvent) => Promise<void>;

const subscribers = new Set<PaymentEventHandler>();

/**
 * Subscribes a feature to payment events. The entry point (app.ts) subscribes once per process;
 * subscribing the same handler again changes nothing.
 */
export function subscribeToPaymentEvents(handler: PaymentEventHandler): void {
  subscribers.add(handler);
}

/**
 * Hands an event to every subscriber in turn. A subscriber that throws makes the provider event
 * unprocessed, so the provider delivers it again (handlers are idempotent).
 */
export async function publishPaymentEvent(ctx: PaymentContext, event: PaymentEvent): Promise<void> {
  for (const handler of subscribers) await handler(ctx, event);
}
