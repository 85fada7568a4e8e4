import { randomBytes } from 'node:crypto';
import type { PaymentFailureReason } from '../../../shared/domain/payments';
import type { Database, Executor } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import type {
  CheckoutCreated,
  CheckoutRequest,
  CheckoutState,
  LocalCheckout,
  PaymentProvider,
  RetrievedCheckout,
} from './provider';
import {
  decideOpenDemoCheckout,
  type DemoCheckoutRow,
  expireOpenDemoCheckout,
  insertDemoCheckout,
  refundPaidDemoPayment,
  selectDemoCheckout,
  selectDemoRefundId,
} from './queries/demo-checkouts';

export type { DemoCheckoutRow };

/** The spec's simulated failures (§8): one of these three when DEMO_FAILURE_RATE strikes. */
export const SIMULATED_FAILURES: readonly PaymentFailureReason[] = [
  'stripe_not_connected',
  'session_expired',
  'network_error',
];

export interface DemoProviderOptions {
  database: Database;
  clock: Clock;
  publicOrigin: string;
}

export interface DemoProvider extends PaymentProvider {
  readonly name: 'demo';
  load(providerSessionId: string): Promise<DemoCheckoutRow | null>;
  /**
   * The payer's choice on the demo checkout page. Returns the row after the choice, or null when
   * the checkout was no longer open (already decided or past its time).
   */
  decide(
    providerSessionId: string,
    outcome: { paid: true } | { paid: false; reason: PaymentFailureReason },
  ): Promise<DemoCheckoutRow | null>;
}

const randomId = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

/**
 * A provider that needs no network: its "hosted checkout" is a page on our own server and its
 * session objects live in `demo_checkout_sessions`, so settlement re-reads them exactly as it
 * re-reads a Stripe Checkout Session.
 */
export function createDemoProvider({
  database,
  clock,
  publicOrigin,
}: DemoProviderOptions): DemoProvider {
  const { db } = database;

  async function load(id: string): Promise<DemoCheckoutRow | null> {
    return selectDemoCheckout(db, id);
  }

  /** Like a card provider, a checkout left open past its time is expired when next looked at. */
  async function expireIfOverdue(row: DemoCheckoutRow): Promise<DemoCheckoutRow> {
    if (row.status !== 'open' || row.expiresAt > clock.now()) return row;
    await expireOpenDemoCheckout(db, row.id, clock.now());
    return (await load(row.id)) ?? row;
  }

  function stateOf(row: DemoCheckoutRow): CheckoutState {
    switch (row.status) {
      case 'paid':
        return {
          status: 'paid',
          paymentId: row.paymentId,
          amountCents: row.amountCents,
          currency: row.currency,
        };
      case 'failed':
        return { status: 'failed', reason: row.failureReason ?? 'card_declined' };
      case 'expired':
        return { status: 'expired' };
      default:
        return { status: 'open' };
    }
  }

  /**
   * The unique payment session id plays the idempotency key: a repeated call returns the
   * checkout made the first time (read back only then).
   */
  async function insertCheckout(
    executor: Executor,
    request: CheckoutRequest,
  ): Promise<CheckoutCreated> {
    const id = randomId('cs_demo_');
    const fill = (url: string) => url.replaceAll('{CHECKOUT_SESSION_ID}', id);
    const providerSessionId = await insertDemoCheckout(executor, {
      id,
      paymentSessionId: request.paymentSessionId,
      amountCents: request.totalCents,
      currency: request.currency,
      description: request.description.slice(0, 300),
      successUrl: fill(request.successUrl),
      cancelUrl: fill(request.cancelUrl),
      expiresAt: request.expiresAt,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    return { providerSessionId, url: `${publicOrigin}/checkout/demo/${providerSessionId}` };
  }

  /** The checkout as a row of the statement that writes the tip (its session id is new). */
  function localCheckout(request: CheckoutRequest): LocalCheckout {
    const id = randomId('cs_demo_');
    const fill = (url: string) => url.replaceAll('{CHECKOUT_SESSION_ID}', id);
    const now = clock.now().toISOString();
    return {
      created: { providerSessionId: id, url: `${publicOrigin}/checkout/demo/${id}` },
      row: {
        table: 'demo_checkout_sessions',
        sessionColumn: 'payment_session_id',
        columns: {
          id: { value: id, type: 'text' },
          amount_cents: { value: request.totalCents, type: 'int' },
          currency: { value: request.currency, type: 'text' },
          description: { value: request.description.slice(0, 300), type: 'text' },
          success_url: { value: fill(request.successUrl), type: 'text' },
          cancel_url: { value: fill(request.cancelUrl), type: 'text' },
          expires_at: { value: request.expiresAt.toISOString(), type: 'timestamptz' },
          created_at: { value: now, type: 'timestamptz' },
          updated_at: { value: now, type: 'timestamptz' },
        },
      },
    };
  }

  return {
    name: 'demo',
    load,
    localCheckout,

    async createCheckout(request) {
      return insertCheckout(db, request);
    },

    async retrieveCheckout(id): Promise<RetrievedCheckout> {
      const row = await load(id);
      if (!row) throw new Error(`demo checkout ${id} does not exist`);
      const current = await expireIfOverdue(row);
      return { state: stateOf(current), paymentSessionId: current.paymentSessionId };
    },

    async expireCheckout(id) {
      await expireOpenDemoCheckout(db, id, clock.now());
      const row = await load(id);
      if (!row) throw new Error(`demo checkout ${id} does not exist`);
      return stateOf(row);
    },

    async refundPayment(request) {
      // Like a card provider's idempotency key: the first refund of a payment is the only one.
      await refundPaidDemoPayment(db, {
        paymentId: request.paymentId,
        refundId: randomId('re_demo_'),
        at: clock.now(),
      });
      const row = await selectDemoRefundId(db, request.paymentId);
      if (!row?.refundId) throw new Error(`demo payment ${request.paymentId} cannot be refunded`);
      return { refundId: row.refundId };
    },

    async decide(id, outcome) {
      return decideOpenDemoCheckout(
        db,
        id,
        outcome.paid ? { paid: true, paymentId: randomId('pi_demo_') } : outcome,
        clock.now(),
      );
    },
  };
}
