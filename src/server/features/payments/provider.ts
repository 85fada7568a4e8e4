import type { PaymentMethod, PaymentProviderName } from '../../../shared/domain/tips';
import type { PaymentDeps } from './context';
import { createDemoProvider } from './demo-provider';
import { createStripeProvider } from './stripe-provider';

/** What our side asks a provider for when a guest starts paying. */
export interface CheckoutRequest {
  paymentSessionId: string;
  tipId: string;
  /** Tip plus optional platform contribution, in cents. */
  totalCents: number;
  tipCents: number;
  platformFeeCents: number;
  currency: string;
  /** "Trinkgeld für Anna Schneider": shown on the hosted checkout. */
  description: string;
  businessName: string;
  paymentMethod: PaymentMethod;
  /** The connected account the tip will be paid out to, when the recipient is one person. */
  recipientAccountId: string | null;
  /** May contain {CHECKOUT_SESSION_ID}, which the provider fills in. */
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
  expiresAt: Date;
}

export interface CheckoutCreated {
  providerSessionId: string;
  url: string;
}

/** A checkout that is a row of ours, written together with the tip. */
export interface LocalCheckout {
  created: CheckoutCreated;
  /**
   * The provider's own row, written by the statement that writes the tip (and by one statement
   * for many tips at once, decision 0303): its table, the column that takes the new payment
   * session's id, and every other column's value with its SQL type. Nothing is written when the
   * session is not.
   */
  row: LocalCheckoutRow;
}

export interface LocalCheckoutRow {
  table: string;
  sessionColumn: string;
  columns: Record<string, { value: unknown; type: string }>;
}

/** The provider's own view of a checkout, the truth settlement acts on. */
export type CheckoutState =
  | { status: 'open' }
  | {
      status: 'paid';
      paymentId: string | null;
      /** What the provider says it charged; settlement compares it with what we asked for. */
      amountCents?: number | null;
      currency?: string | null;
    }
  | { status: 'failed'; reason: string }
  | { status: 'expired' };

/** Gives a paid checkout's money back to the payer, in full, once per idempotency key. */
export interface RefundRequest {
  /** The provider's payment id (Stripe: the PaymentIntent). */
  paymentId: string;
  idempotencyKey: string;
  /** Our tip, for the provider's records. */
  tipId: string;
}

export interface RetrievedCheckout {
  state: CheckoutState;
  /** Our payment session id as the provider stored it, to find it even if we never saved theirs. */
  paymentSessionId: string | null;
}

/**
 * One interface, two implementations: `demo` (our own hosted checkout page, fully offline) and
 * `stripe` (Checkout Sessions). Settlement never trusts an event's payload; it calls
 * `retrieveCheckout` and acts on what the provider says now.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutCreated>;
  /**
   * Only a provider whose checkouts live in our own database (the demo): the checkout is written
   * by the statement that writes the tip, so tip, payment session and checkout commit together
   * (decisions 0256, 0280). A provider across the network never has this: no transaction waits on
   * a network call.
   */
  localCheckout?(request: CheckoutRequest): LocalCheckout;
  retrieveCheckout(providerSessionId: string): Promise<RetrievedCheckout>;
  /** Ends an open checkout so it can no longer be paid; returns the state afterwards. */
  expireCheckout(providerSessionId: string): Promise<CheckoutState>;
  /** Refunds a payment in full; the same idempotency key always gives the same refund. */
  refundPayment(request: RefundRequest): Promise<{ refundId: string }>;
}

export interface PaymentProviders {
  /** The provider new payments use (config PAYMENT_PROVIDER). */
  active: PaymentProvider;
  /** The provider an existing payment session was created with. */
  byName(name: PaymentProviderName): PaymentProvider;
  /** Stripe's webhook verifier, present when a webhook secret is configured. */
  stripe: ReturnType<typeof createStripeProvider> | undefined;
}

const cache = new WeakMap<PaymentDeps, PaymentProviders>();

/** The providers of one app instance, created once from its config and shared by routes and jobs. */
export function paymentProvidersFor(deps: PaymentDeps): PaymentProviders {
  let providers = cache.get(deps);
  if (!providers) {
    const { config } = deps;
    const demo = createDemoProvider({
      database: deps.database,
      clock: deps.clock,
      publicOrigin: config.publicOrigin,
    });
    const stripe = config.stripeSecretKey
      ? createStripeProvider({
          secretKey: config.stripeSecretKey,
          webhookSecret: config.stripeWebhookSecret,
          apiUrl: config.stripeApiUrl,
          clock: deps.clock,
        })
      : undefined;
    const active = config.paymentProvider === 'stripe' && stripe ? stripe : demo;
    providers = {
      active,
      stripe,
      byName(name) {
        if (name === 'stripe') {
          if (!stripe) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY)');
          return stripe;
        }
        return demo;
      },
    };
    cache.set(deps, providers);
  }
  return providers;
}
