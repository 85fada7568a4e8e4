import { and, eq } from 'drizzle-orm';
import { PAYMENT_ERRORS } from '../../../shared/api/payments';
import type { PaymentProviderName } from '../../../shared/domain/tips';
import { tips, webhookEvents } from '../../db/schema';
import { AppError } from '../../http/errors';
import { publishTipChanges, type TipChange } from '../tips/events';
import { markTipRefunded } from '../tips/lifecycle';
import { createStripeConnect } from '../payouts/connect';
import { recordDisputeWon, recordTakenBack } from '../payouts/adjustments';
import { refreshAccountStatus } from '../payouts/service';
import type { PaymentContext } from './context';
import { settleCheckout } from './settlement';

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

/**
 * Stores the event under its provider event id (a redelivery is a no-op once processed), then
 * re-reads the object it names from the provider and applies that. Events arrive at least once
 * and in any order; the guarded status moves make both harmless.
 */
export async function receiveProviderEvent(
  ctx: PaymentContext,
  event: ProviderEvent,
): Promise<{ duplicate: boolean }> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const inserted = await db
    .insert(webhookEvents)
    .values({
      provider: event.provider,
      eventId: event.id,
      type: event.type,
      payload: event.payload,
      receivedAt: now,
    })
    .onConflictDoNothing({ target: [webhookEvents.provider, webhookEvents.eventId] })
    .returning({ id: webhookEvents.id });
  const duplicate = inserted.length === 0;
  if (duplicate) {
    const [seen] = await db
      .select({ processedAt: webhookEvents.processedAt })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, event.provider), eq(webhookEvents.eventId, event.id)));
    if (seen?.processedAt) return { duplicate };
  }

  const where = and(
    eq(webhookEvents.provider, event.provider),
    eq(webhookEvents.eventId, event.id),
  );
  try {
    await processEvent(ctx, event);
    await db.update(webhookEvents).set({ processedAt: ctx.clock.now(), error: null }).where(where);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(webhookEvents)
      .set({ error: message.slice(0, 500) })
      .where(where);
    ctx.log.warn({ err: error, eventId: event.id }, 'provider event not processed yet');
    // A 5xx makes the provider deliver the event again later.
    throw new AppError(PAYMENT_ERRORS.webhook_processing_failed, { cause: error });
  }
  return { duplicate };
}

async function processEvent(ctx: PaymentContext, event: ProviderEvent): Promise<void> {
  if (!event.objectId) return;
  if ((CHECKOUT_EVENT_TYPES as readonly string[]).includes(event.type)) {
    await settleCheckout(ctx, event.provider, event.objectId);
    return;
  }
  if (event.type === 'charge.refunded' && event.provider === 'stripe' && ctx.providers.stripe) {
    const charge = await ctx.providers.stripe.retrieveChargeRefund(event.objectId);
    if (!charge.paymentIntentId) return;
    // Full and partial refunds reduce what is paid out (issue 12, decision 0141).
    await recordTakenBackFromPayment(ctx, charge.paymentIntentId, {
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
    await recordTakenBackFromPayment(ctx, dispute.paymentIntentId, {
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
    await recordDisputeWonForPayment(ctx, dispute.paymentIntentId, event.objectId);
    return;
  }
  if (event.type === 'account.updated' && event.provider === 'stripe' && ctx.providers.stripe) {
    // An employee's payout account changed: ask Stripe for its state now, trust nothing else.
    await refreshAccountStatus(
      ctx,
      createStripeConnect(ctx.providers.stripe.client),
      event.objectId,
    );
    return;
  }
  // Every other event type is stored and otherwise ignored.
}

async function refundTipsOfPayment(ctx: PaymentContext, paymentIntentId: string): Promise<void> {
  const at = ctx.clock.now();
  const changes = await ctx.database.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: tips.id })
      .from(tips)
      .where(eq(tips.paymentIntentId, paymentIntentId));
    const moved: TipChange[] = [];
    for (const row of rows) {
      const change = await markTipRefunded(tx, { tipId: row.id, at });
      if (change) moved.push(change);
    }
    return moved;
  });
  await publishTipChanges(ctx.database, changes, ctx.log);
}

async function recordTakenBackFromPayment(
  ctx: PaymentContext,
  paymentIntentId: string,
  input: Omit<Parameters<typeof recordTakenBack>[1], 'tipId' | 'at'>,
): Promise<void> {
  const at = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: tips.id })
      .from(tips)
      .where(eq(tips.paymentIntentId, paymentIntentId));
    for (const row of rows) await recordTakenBack(tx, { tipId: row.id, at, ...input });
  });
}

async function recordDisputeWonForPayment(
  ctx: PaymentContext,
  paymentIntentId: string,
  disputeId: string,
): Promise<void> {
  const at = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: tips.id })
      .from(tips)
      .where(eq(tips.paymentIntentId, paymentIntentId));
    for (const row of rows) await recordDisputeWon(tx, { tipId: row.id, disputeId, at });
  });
}
