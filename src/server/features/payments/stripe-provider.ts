import Stripe from 'stripe';
import { PAYMENT_ERRORS } from '../../../shared/api/payments';
import { AppError } from '../../http/errors';
import { splitList } from '../../config';
import type { Clock } from '../../lib/clock';
import { createStripeClient } from '../../lib/stripe-client';
import type { CheckoutState, PaymentProvider, RetrievedCheckout } from './provider';

export interface StripeProviderOptions {
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET: one endpoint secret, or several comma-separated (decision 0402). */
  webhookSecret: string | undefined;
  /** Contract tests point the SDK at a local HTTP server. */
  apiUrl: string | undefined;
  clock: Clock;
}

/** Stripe only accepts a Checkout Session that stays open at least 30 minutes. */
const STRIPE_MIN_CHECKOUT_LIFETIME_MS = 31 * 60_000;
/** The SDK's default tolerance for a webhook timestamp: older signatures are replays. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  /** The instance's one SDK client, shared with payouts (Stripe Connect). */
  readonly client: Stripe;
  /**
   * The checkout a verified event carries, when its state is final (paid, or expired) and holds
   * everything settlement checks; null when the checkout must be re-read from the API.
   */
  checkoutFromEvent(event: Pick<Stripe.Event, 'data'>): RetrievedCheckout | null;
  /** Verifies the signature over the raw body and returns the event; throws a 400 otherwise. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event;
  /** Whether the charge's money went back to the guest in full, and its payment intent. */
  retrieveChargeRefund(chargeId: string): Promise<{
    refunded: boolean;
    paymentIntentId: string | null;
    /** Cumulative cents refunded so far (partial refunds). */
    amountRefunded: number;
    /** Stripe's reason of the latest refund, when it says one. */
    reason: string | null;
  }>;
  /** A dispute as Stripe says it is now: its amount, reason and the payment it is about. */
  retrieveDispute(disputeId: string): Promise<{
    amount: number;
    reason: string | null;
    paymentIntentId: string | null;
    /** 'won' once the bank decided for the business (charge.dispute.closed). */
    status: string | null;
  }>;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value ? (typeof value === 'string' ? value : value.id) : null;

/** Reads the state of a Checkout Session the way settlement needs it. */
export function checkoutStateOf(session: Stripe.Checkout.Session): CheckoutState {
  if (session.status === 'expired') return { status: 'expired' };
  if (session.status !== 'complete') return { status: 'open' };
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') {
    return {
      status: 'paid',
      paymentId: idOf(session.payment_intent),
      amountCents: session.amount_total,
      currency: session.currency,
    };
  }
  // Complete but unpaid: a delayed method is either still processing or has failed for good.
  const intent = session.payment_intent;
  if (intent && typeof intent !== 'string') {
    if (intent.status === 'requires_payment_method' || intent.status === 'canceled') {
      return { status: 'failed', reason: intent.last_payment_error?.code ?? 'card_declined' };
    }
  }
  return { status: 'open' };
}

/**
 * A Checkout Session inside a signed event, trusted without asking the API again only when its
 * state can no longer change (decision 0255): `complete` and paid, or `expired`. Order then does
 * not matter (paid wins over every other ending, expired never becomes paid at Stripe), and
 * the signature proves Stripe wrote it. A paid one must also say what it charged (amount,
 * currency) and name our payment session, so the settlement checks stay what they are.
 */
export function checkoutFromEvent(event: Pick<Stripe.Event, 'data'>): RetrievedCheckout | null {
  const session = event.data?.object as Partial<Stripe.Checkout.Session> | undefined;
  if (!session || session.object !== 'checkout.session' || typeof session.id !== 'string') {
    return null;
  }
  const paymentSessionId = session.metadata?.payment_session_id ?? null;
  if (session.status === 'expired') return { state: { status: 'expired' }, paymentSessionId };
  const state = checkoutStateOf(session as Stripe.Checkout.Session);
  if (
    state.status !== 'paid' ||
    typeof session.amount_total !== 'number' ||
    typeof session.currency !== 'string' ||
    !paymentSessionId
  ) {
    return null;
  }
  return { state, paymentSessionId };
}

/**
 * Stripe Checkout with separate charges and transfers: the guest pays the platform, the tip
 * reaches the employee later by a transfer (docs/decisions/0022-stripe-checkout.md).
 */
export function createStripeProvider(options: StripeProviderOptions): StripeProvider {
  const stripe = createStripeClient(options.secretKey, options.apiUrl);

  async function retrieveCheckout(id: string): Promise<RetrievedCheckout> {
    const session = await stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent'] });
    return {
      state: checkoutStateOf(session),
      paymentSessionId: session.metadata?.payment_session_id ?? null,
    };
  }

  return {
    name: 'stripe',
    client: stripe,

    async createCheckout(request) {
      const metadata: Record<string, string> = {
        tip_id: request.tipId,
        payment_session_id: request.paymentSessionId,
        payment_method: request.paymentMethod,
        ...(request.recipientAccountId ? { recipient_account: request.recipientAccountId } : {}),
      };
      const lineItem = (name: string, cents: number) => ({
        quantity: 1,
        price_data: { currency: request.currency, unit_amount: cents, product_data: { name } },
      });
      const earliestExpiry = options.clock.now().getTime() + STRIPE_MIN_CHECKOUT_LIFETIME_MS;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          // Apple Pay and Google Pay are offered by Checkout as card wallets.
          allowed_payment_method_types: ['card'],
          locale: 'de',
          submit_type: 'pay',
          client_reference_id: request.tipId,
          line_items: [
            lineItem(request.description, request.tipCents),
            ...(request.platformFeeCents > 0
              ? [lineItem('Servicebeitrag', request.platformFeeCents)]
              : []),
          ],
          metadata,
          payment_intent_data: {
            metadata,
            description: `${request.description} · ${request.businessName}`,
            transfer_group: `tip_${request.tipId}`,
          },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.ceil(Math.max(request.expiresAt.getTime(), earliestExpiry) / 1000),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Checkout Session ${session.id} has no url`);
      return { providerSessionId: session.id, url: session.url };
    },

    retrieveCheckout,
    checkoutFromEvent,

    async expireCheckout(id) {
      try {
        return checkoutStateOf(await stripe.checkout.sessions.expire(id));
      } catch (error) {
        // Only an open session can be expired; any other answer means it already ended, and
        // what it ended as is what counts.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          return (await retrieveCheckout(id)).state;
        }
        throw error;
      }
    },

    verifyWebhook(rawBody, signature) {
      // STRIPE_WEBHOOK_SECRET may list several endpoint secrets (comma-separated): while an
      // endpoint's secret is rolled, or events move to a new endpoint, events signed under the
      // old and the new secret both verify (decision 0402).
      const secrets = options.webhookSecret ? splitList(options.webhookSecret) : [];
      if (secrets.length === 0 || !signature) {
        throw new AppError(PAYMENT_ERRORS.webhook_signature_invalid);
      }
      let failure: unknown;
      for (const secret of secrets) {
        try {
          return stripe.webhooks.constructEvent(
            rawBody,
            signature,
            secret,
            WEBHOOK_TOLERANCE_SECONDS,
            undefined,
            options.clock.now().getTime(),
          );
        } catch (error) {
          failure = error;
        }
      }
      throw new AppError(PAYMENT_ERRORS.webhook_signature_invalid, { cause: failure });
    },

    async refundPayment(request) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: request.paymentId,
          reason: 'duplicate',
          metadata: { tip_id: request.tipId },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { refundId: refund.id };
    },

    async retrieveChargeRefund(chargeId) {
      const charge = await stripe.charges.retrieve(chargeId);
      return {
        refunded: charge.refunded,
        paymentIntentId: idOf(charge.payment_intent),
        amountRefunded: charge.amount_refunded ?? 0,
        reason: charge.refunds?.data?.[0]?.reason ?? null,
      };
    },

    async retrieveDispute(disputeId) {
      const dispute = await stripe.disputes.retrieve(disputeId);
      return {
        amount: dispute.amount,
        reason: dispute.reason ?? null,
        paymentIntentId: idOf(dispute.payment_intent),
        status: dispute.status ?? null,
      };
    },
  };
}
