import type Stripe from 'stripe';
import type { Config } from '../../config';
import { createStripeClient } from '../../lib/stripe-client';
import type { BillingEvent } from './billing';

/**
 * What booking Pro asks of a payment provider that bills subscriptions itself (Stripe Billing,
 * decision 0616). The demo provider needs none of it: its checkout and subscription are our own
 * pages (checkout.ts).
 */
export interface SubscriptionBilling {
  /** A hosted checkout in subscription mode; answers the address the owner is sent to. */
  startCheckout(request: SubscriptionCheckoutRequest): Promise<string>;
  /** The provider's portal where the owner changes the card; answers its address. */
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** 'Kündigen' (true) or taking it back (false): effective at the paid period's end. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Whether the subscription is set to end with its current period, as the provider says now. */
  cancelsAtPeriodEnd(subscriptionId: string): Promise<boolean>;
}

export interface SubscriptionCheckoutRequest {
  /** Our billing checkout's id: the idempotency key, and carried back on every event. */
  checkoutId: string;
  businessId: string;
  locations: number;
  /** What one location costs a month as charged: gross, or net under reverse charge. */
  unitAmountCents: number;
  /** The product's name on the provider's page, with how VAT is treated. */
  productName: string;
  /** The customer of an earlier booking, so the card and history stay in one place. */
  customerId: string | null;
  /** Where the provider sends the receipt of the card payment (the invoice recipient). */
  email: string;
  successUrl: string;
  cancelUrl: string;
}

/** Metadata our Checkout Session writes onto the subscription, read back from its events. */
const BUSINESS_KEY = 'businessId';
const CHECKOUT_KEY = 'checkoutId';

export function stripeSubscriptionBilling(client: Stripe): SubscriptionBilling {
  return {
    async startCheckout(request) {
      const metadata = { [BUSINESS_KEY]: request.businessId, [CHECKOUT_KEY]: request.checkoutId };
      const session = await client.checkout.sessions.create(
        {
          mode: 'subscription',
          locale: 'de',
          client_reference_id: request.businessId,
          line_items: [
            {
              quantity: request.locations,
              price_data: {
                currency: 'eur',
                unit_amount: request.unitAmountCents,
                recurring: { interval: 'month' },
                product_data: { name: request.productName },
              },
            },
          ],
          ...(request.customerId
            ? { customer: request.customerId }
            : { customer_email: request.email }),
          metadata,
          subscription_data: { metadata },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `plan-checkout:${request.checkoutId}` },
      );
      if (!session.url) throw new Error('Stripe answered a Checkout Session without an address.');
      return session.url;
    },
    async portalUrl(customerId, returnUrl) {
      const session = await client.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
        locale: 'de',
      });
      return session.url;
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await client.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    },
    async cancelsAtPeriodEnd(subscriptionId) {
      const subscription = await client.subscriptions.retrieve(subscriptionId);
      return subscription.cancel_at_period_end;
    },
  };
}

type StripeSettings = Pick<Config, 'paymentProvider' | 'stripeSecretKey' | 'stripeApiUrl'>;
const billings = new WeakMap<StripeSettings, SubscriptionBilling>();

/**
 * The instance's subscription billing: Stripe's where Stripe takes the payments, else none (the
 * demo provider's pages). One client per configuration.
 */
export function subscriptionBillingFor(config: StripeSettings): SubscriptionBilling | null {
  if (config.paymentProvider !== 'stripe' || !config.stripeSecretKey) return null;
  let billing = billings.get(config);
  if (!billing) {
    billing = stripeSubscriptionBilling(
      createStripeClient(config.stripeSecretKey, config.stripeApiUrl),
    );
    billings.set(config, billing);
  }
  return billing;
}

/** A Stripe event about Pro, read into what booking and billing need. */
export type StripeBillingNotice =
  /** The booking's checkout finished (its billing details become the business's) or expired. */
  | { kind: 'checkout'; businessId: string; checkoutId: string; completed: boolean }
  /** A charge or the subscription's end; `checkoutId` names the booking that started it. */
  | { kind: 'event'; event: BillingEvent; checkoutId: string | null; chargedCents: number | null }
  /** The subscription changed (cancelled at period end, or that taken back): ask Stripe again. */
  | { kind: 'changed'; businessId: string; subscriptionId: string; eventId: string; at: Date }
  /** Not one of ours (no business in its metadata), or nothing to do. */
  | { kind: 'ignored' };

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value ? (typeof value === 'string' ? value : value.id) : null;
const fromSeconds = (seconds: number) => new Date(seconds * 1000);

/** Reads a verified Stripe event about Pro; only what our own checkout tagged counts. */
export function readStripeBillingEvent(event: Stripe.Event): StripeBillingNotice {
  const at = fromSeconds(event.created);
  const object = event.data.object as unknown;
  if (event.type.startsWith('checkout.session.')) {
    const session = object as Stripe.Checkout.Session;
    const businessId = session.metadata?.[BUSINESS_KEY];
    const checkoutId = session.metadata?.[CHECKOUT_KEY];
    if (!businessId || !checkoutId) return { kind: 'ignored' };
    if (event.type === 'checkout.session.completed') {
      return { kind: 'checkout', businessId, checkoutId, completed: true };
    }
    if (event.type === 'checkout.session.expired') {
      return { kind: 'checkout', businessId, checkoutId, completed: false };
    }
    return { kind: 'ignored' };
  }
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    const invoice = object as Stripe.Invoice;
    const details = invoice.parent?.subscription_details;
    const businessId = details?.metadata?.[BUSINESS_KEY];
    const subscriptionId = idOf(details?.subscription);
    const line = invoice.lines.data[0];
    if (!businessId || !subscriptionId || !line) return { kind: 'ignored' };
    const base = { id: event.id, businessId, occurredAt: at, provider: 'stripe', subscriptionId };
    const checkoutId = details?.metadata?.[CHECKOUT_KEY] ?? null;
    if (event.type === 'invoice.payment_failed') {
      return {
        kind: 'event',
        checkoutId,
        chargedCents: null,
        event: {
          ...base,
          type: 'invoice.payment_failed',
          periodStart: fromSeconds(line.period.start),
        },
      };
    }
    return {
      kind: 'event',
      checkoutId,
      chargedCents: invoice.amount_paid,
      event: {
        ...base,
        type: 'invoice.paid',
        customerId: idOf(invoice.customer),
        providerInvoiceId: invoice.id ?? event.id,
        locations: line.quantity ?? 1,
        periodStart: fromSeconds(line.period.start),
        periodEnd: fromSeconds(line.period.end),
      },
    };
  }
  const subscription = object as Stripe.Subscription;
  const businessId = subscription.metadata?.[BUSINESS_KEY];
  if (!businessId || !subscription.id) return { kind: 'ignored' };
  if (event.type === 'customer.subscription.deleted') {
    return {
      kind: 'event',
      checkoutId: null,
      chargedCents: null,
      event: {
        id: event.id,
        businessId,
        occurredAt: at,
        provider: 'stripe',
        subscriptionId: subscription.id,
        type: 'subscription.ended',
        reason:
          subscription.cancellation_details?.reason === 'payment_failed' ? 'unpaid' : 'cancelled',
      },
    };
  }
  if (event.type === 'customer.subscription.updated') {
    return { kind: 'changed', businessId, subscriptionId: subscription.id, eventId: event.id, at };
  }
  return { kind: 'ignored' };
}
