import type Stripe from 'stripe';
import { PAYMENT_ERRORS } from '../../../shared/api/payments';
import type { PaymentProviderName } from '../../../shared/domain/tips';
import type { Database, Executor } from '../../db/connect';
import { AppError } from '../../http/errors';
import {
  publishTipChangesInTransaction,
  TIP_EVENTS_CHANNEL,
  type TipChange,
} from '../tip-lifecycle/events';
import { markTipRefunded } from '../tip-lifecycle/lifecycle';
import { countTipMoves } from '../tip-lifecycle/metrics';
import type { PaymentContext } from './context';
import { publishPaymentEvent } from './payment-events';
import type { CheckoutState, RetrievedCheckout } from './provider';
import { type PaidCheckoutResult, paidCheckoutStatement } from './queries/paid-checkout-statement';
import { selectTipIdsOfPayment } from './queries/tips';
import {
  markEventProcessed,
  runStatement,
  setEventError,
  storeFailedEvent,
  storeProcessedEvent,
  storeReceivedEvent,
} from './queries/webhook-events';
import { type InSettlement, settleCheckout } from './settlement';

/** A provider event after its signature was verified (or raised by the demo provider itself). */
export interface ProviderEvent {
  provider: PaymentProviderName;
  id: string;
  type: string;
  payload: Record<string, unknown>;
  /** The object the event is about: a checkout session or a charge id. */
  objectId: string | null;
}

/** Checkout events: each only says "look at this session again". */
export const CHECKOUT_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;

/** Stripe's invoice and subscription events: all about a business's own Pro subscription. */
const SUBSCRIPTION_EVENT_TYPES = [
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;

/**
 * Whether a Stripe event is about a business's Pro subscription rather than a guest's tip: the
 * invoice and subscription events, and a Checkout Session in subscription mode (a tip's Checkout
 * Session is in payment mode). Payments passes these on to their subscriber (decision 0616).
 */
export function isSubscriptionEvent(event: Pick<ProviderEvent, 'provider' | 'type' | 'payload'>) {
  if (event.provider !== 'stripe') return false;
  if ((SUBSCRIPTION_EVENT_TYPES as readonly string[]).includes(event.type)) return true;
  const data = event.payload.data as { object?: { mode?: unknown } } | undefined;
  return event.type.startsWith('checkout.session.') && data?.object?.mode === 'subscription';
}

/** Events of one database this process has processed, or is processing now. */
interface EventMemory {
  processed: Set<string>;
  running: Map<string, Promise<{ duplicate: boolean }>>;
}

/** Processed event ids remembered per process; beyond this the oldest are asked of the database. */
const REMEMBERED_EVENTS = 10_000;
const memories = new WeakMap<Database, EventMemory>();

function memoryOf(database: Database): EventMemory {
  let memory = memories.get(database);
  if (!memory) {
    memory = { processed: new Set(), running: new Map() };
    memories.set(database, memory);
  }
  return memory;
}

function remember(memory: EventMemory, key: string): void {
  if (memory.processed.size >= REMEMBERED_EVENTS) {
    const oldest = memory.processed.values().next();
    if (!oldest.done) memory.processed.delete(oldest.value);
  }
  memory.processed.add(key);
}

/**
 * Stores the event under its provider event id (a redelivery is a no-op once processed), then
 * settles what it names and marks it processed. Events arrive at least once and in any order;
 * the guarded status moves make both harmless.
 *
 * A redelivery this process has already processed is answered from memory, and one that arrives
 * while this process is still processing the first copy waits for that copy (decision 0255):
 * a processed event id stays processed, so no instance can need a different answer. Anything
 * else goes to the database, which de-duplicates across instances.
 */
export async function receiveProviderEvent(
  ctx: PaymentContext,
  event: ProviderEvent,
): Promise<{ duplicate: boolean }> {
  // Every delivery counts here, by how it ended; what it did to tips counts where it moved them.
  try {
    const result = await receiveOnce(ctx, event);
    ctx.metrics.webhookEvent(
      event.provider,
      event.type,
      result.duplicate ? 'duplicate' : 'processed',
    );
    return result;
  } catch (error) {
    ctx.metrics.webhookEvent(event.provider, event.type, 'failed');
    throw error;
  }
}

async function receiveOnce(
  ctx: PaymentContext,
  event: ProviderEvent,
): Promise<{ duplicate: boolean }> {
  const memory = memoryOf(ctx.database);
  const key = `${event.provider}:${event.id}`;
  if (memory.processed.has(key)) return { duplicate: true };
  const running = memory.running.get(key);
  // The first copy failed: this one tries again, as a redelivery later would.
  if (
    running &&
    (await running.then(
      () => true,
      () => false,
    ))
  )
    return { duplicate: true };

  const work = storeAndProcess(ctx, event);
  memory.running.set(key, work);
  try {
    const result = await work;
    remember(memory, key);
    return result;
  } finally {
    if (memory.running.get(key) === work) memory.running.delete(key);
  }
}

/** The final checkout a signed Stripe event carries, or null when it must be re-read. */
function knownCheckout(ctx: PaymentContext, event: ProviderEvent): RetrievedCheckout | null {
  if (event.provider !== 'stripe' || !ctx.providers.stripe || !event.objectId) return null;
  if (!(CHECKOUT_EVENT_TYPES as readonly string[]).includes(event.type)) return null;
  if (isSubscriptionEvent(event)) return null;
  return ctx.providers.stripe.checkoutFromEvent(event.payload as Pick<Stripe.Event, 'data'>);
}

/**
 * Stores the event as processed, or marks a stored one processed; says whether it was stored
 * before (a duplicate).
 */
async function storeProcessed(
  executor: Executor,
  ctx: PaymentContext,
  event: ProviderEvent,
  options: { withoutFlush?: boolean } = {},
): Promise<boolean> {
  return storeProcessedEvent(executor, event, ctx.clock.now(), options);
}

/**
 * A signed final checkout (decision 0255): stored, settled and marked processed in one
 * transaction, so one commit instead of three. When it fails nothing of it stays but the event
 * with its error, and the 5xx makes Stripe deliver it again.
 */
async function settleKnownCheckout(
  ctx: PaymentContext,
  event: ProviderEvent,
  known: RetrievedCheckout,
): Promise<{ duplicate: boolean }> {
  const stored: { duplicate: boolean | null } = { duplicate: null };
  try {
    const fast = await settlePaidInOneStatement(ctx, event, known.state);
    if (fast?.handled) {
      // The statement moved the tip only when it was not paid yet: once per tip (0400).
      if (fast.paid_cents !== null && fast.paid_cents !== undefined) {
        ctx.metrics.tipPaid(Number(fast.paid_cents));
      }
      return { duplicate: fast.duplicate };
    }
    await settleCheckout(ctx, event.provider, event.objectId!, {
      known,
      inSettlement: async (tx) => {
        // The provider keeps this payment and vouches for it, so this commit need not wait for
        // the disk (decision 0281): were the database server to lose its last moment of commits,
        // the session is still open and reconciliation asks the provider again. The commit then
        // holds the NOTIFY queue's lock for microseconds, not for a flush.
        stored.duplicate = await storeProcessed(tx, ctx, event, { withoutFlush: true });
      },
    });
    // No transaction ran (a checkout of no session of ours): the event is stored on its own.
    stored.duplicate ??= await storeProcessed(ctx.database.db, ctx, event);
  } catch (error) {
    await storeFailedEvent(ctx.database.db, event, ctx.clock.now(), errorText(error));
    ctx.log.warn({ err: error, eventId: event.id }, 'provider event not processed yet');
    throw new AppError(PAYMENT_ERRORS.webhook_processing_failed, { cause: error });
  }
  return { duplicate: stored.duplicate };
}

/** The common paid checkout in one round trip (decision 0283); null when it is not paid. */
async function settlePaidInOneStatement(
  ctx: PaymentContext,
  event: ProviderEvent,
  state: CheckoutState,
): Promise<PaidCheckoutResult | null> {
  if (state.status !== 'paid' || !event.objectId) return null;
  const statement = paidCheckoutStatement({
    provider: event.provider,
    eventId: event.id,
    eventType: event.type,
    payload: event.payload,
    providerSessionId: event.objectId,
    paymentId: state.paymentId,
    amountCents: state.amountCents ?? null,
    currency: state.currency ?? null,
    at: ctx.clock.now(),
    channel: ctx.database.channelName(TIP_EVENTS_CHANNEL),
  });
  return runStatement<PaidCheckoutResult>(ctx.database, statement);
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

async function storeAndProcess(
  ctx: PaymentContext,
  event: ProviderEvent,
): Promise<{ duplicate: boolean }> {
  const known = knownCheckout(ctx, event);
  if (known) return settleKnownCheckout(ctx, event, known);
  const { db } = ctx.database;
  // One round trip stores a new event or says whether a stored one was processed already.
  const stored = await storeReceivedEvent(ctx.database, event, ctx.clock.now());
  const duplicate = !stored?.inserted;
  if (duplicate && stored?.processed_at) return { duplicate };

  const markProcessed = (executor: Executor) =>
    markEventProcessed(executor, event, ctx.clock.now());
  let marked = false;
  try {
    // A checkout settled in a transaction is marked processed in it: one commit less.
    await processEvent(ctx, event, async (tx) => {
      await markProcessed(tx);
      marked = true;
    });
    if (!marked) await markProcessed(db);
  } catch (error) {
    await setEventError(db, event, errorText(error));
    ctx.log.warn({ err: error, eventId: event.id }, 'provider event not processed yet');
    // A 5xx makes the provider deliver the event again later.
    throw new AppError(PAYMENT_ERRORS.webhook_processing_failed, { cause: error });
  }
  return { duplicate };
}

async function processEvent(
  ctx: PaymentContext,
  event: ProviderEvent,
  inSettlement: InSettlement,
): Promise<void> {
  if (isSubscriptionEvent(event)) {
    await publishPaymentEvent(ctx, {
      type: 'subscription',
      stripeEvent: event.payload as unknown as Stripe.Event,
    });
    return;
  }
  if (!event.objectId) return;
  if ((CHECKOUT_EVENT_TYPES as readonly string[]).includes(event.type)) {
    await settleCheckout(ctx, event.provider, event.objectId, { inSettlement });
    return;
  }
  if (event.type === 'charge.refunded' && event.provider === 'stripe' && ctx.providers.stripe) {
    const charge = await ctx.providers.stripe.retrieveChargeRefund(event.objectId);
    if (!charge.paymentIntentId) return;
    // Full and partial refunds reduce what is paid out (decision 0141).
    await publishPaymentEvent(ctx, {
      type: 'taken_back',
      paymentIntentId: charge.paymentIntentId,
      kind: 'refund',
      totalTakenBackCents: charge.amountRefunded,
      providerRef: `refund:${event.objectId}:${charge.amountRefunded}`,
      providerReason: charge.reason,
    });
    if (!charge.refunded) return;
    await refundTipsOfPayment(ctx, charge.paymentIntentId);
  }
  if (
    event.type === 'charge.dispute.created' &&
    event.provider === 'stripe' &&
    ctx.providers.stripe
  ) {
    const dispute = await ctx.providers.stripe.retrieveDispute(event.objectId);
    if (!dispute.paymentIntentId) return;
    await publishPaymentEvent(ctx, {
      type: 'taken_back',
      paymentIntentId: dispute.paymentIntentId,
      kind: 'dispute',
      totalTakenBackCents: dispute.amount,
      providerRef: `dispute:${event.objectId}`,
      providerReason: dispute.reason,
    });
    return;
  }
  if (
    event.type === 'charge.dispute.closed' &&
    event.provider === 'stripe' &&
    ctx.providers.stripe
  ) {
    // Re-read: only a dispute the business won gives the money back (decision 0150).
    const dispute = await ctx.providers.stripe.retrieveDispute(event.objectId);
    if (dispute.status !== 'won' || !dispute.paymentIntentId) return;
    await publishPaymentEvent(ctx, {
      type: 'dispute_won',
      paymentIntentId: dispute.paymentIntentId,
      disputeId: event.objectId,
    });
    return;
  }
  if (event.type === 'account.updated' && event.provider === 'stripe' && ctx.providers.stripe) {
    // An employee's payout account changed: its subscribers ask Stripe for its state now.
    await publishPaymentEvent(ctx, { type: 'account_updated', accountId: event.objectId });
    return;
  }
  // Every other event type is stored and otherwise ignored.
}

async function refundTipsOfPayment(ctx: PaymentContext, paymentIntentId: string): Promise<void> {
  const at = ctx.clock.now();
  const moved = await ctx.database.db.transaction(async (tx) => {
    const rows = await selectTipIdsOfPayment(tx, paymentIntentId);
    const changes: TipChange[] = [];
    for (const row of rows) {
      const change = await markTipRefunded(tx, { tipId: row.id, at });
      if (change) changes.push(change);
    }
    await publishTipChangesInTransaction(tx, ctx.database, changes);
    return changes;
  });
  await countTipMoves(ctx, moved);
}
