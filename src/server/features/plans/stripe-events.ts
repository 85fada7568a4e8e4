import type Stripe from 'stripe';
import { proMonthlyPrice } from '../../../shared/domain/plans';
import type { Executor } from '../../db/connect';
import { businessExists } from '../businesses/queries';
import { applyBillingEventIn, type BillingContext } from './billing';
import { deliverDunningMails } from './dunning';
import { completeBillingCheckout, lockPlanRow, updatePlanRow } from './queries';
import { readStripeBillingEvent, type SubscriptionBilling } from './stripe-billing';

/** What applying Stripe's billing events needs: billing's context and Stripe to ask again. */
export interface StripeBillingEventContext extends BillingContext {
  subscriptionBilling: SubscriptionBilling | null;
}

/**
 * The booking's checkout is over: completed, its invoice recipient becomes the business's (the
 * first invoice is addressed to it, whichever of Stripe's events comes first); expired, it is
 * closed. Once per checkout: a repeat finds it closed.
 */
async function adoptCheckout(
  tx: Executor,
  businessId: string,
  checkoutId: string,
  completed: boolean,
  now: Date,
): Promise<void> {
  const checkout = await completeBillingCheckout(tx, businessId, checkoutId, {
    status: completed ? 'completed' : 'cancelled',
    decidedAt: now,
  });
  if (!checkout || !completed) return;
  await lockPlanRow(tx, businessId);
  await updatePlanRow(tx, businessId, { billingDetails: checkout.billingDetails, updatedAt: now });
}

/**
 * Plans' part of Stripe's events (decision 0616): news of a business's Pro subscription, applied
 * as the demo provider's are (billing.ts), so a repeat, a late or an out-of-order event changes
 * nothing twice. Throwing leaves the event unprocessed: Stripe delivers it again.
 */
export async function applyStripeBillingEvent(
  context: StripeBillingEventContext,
  stripeEvent: Stripe.Event,
): Promise<void> {
  const notice = readStripeBillingEvent(stripeEvent);
  if (notice.kind === 'ignored') return;
  const businessId = notice.kind === 'event' ? notice.event.businessId : notice.businessId;
  // Metadata of a business deleted since: nothing of it is kept.
  const { database } = context;
  if (!(await businessExists(database.db, businessId))) return;
  const now = context.clock.now();

  if (notice.kind === 'checkout') {
    await database.db.transaction((tx) =>
      adoptCheckout(tx, businessId, notice.checkoutId, notice.completed, now),
    );
    return;
  }

  if (notice.kind === 'changed') {
    if (!context.subscriptionBilling) throw new Error('Stripe Billing is not configured.');
    // Subscription updates may arrive in any order: what counts is the subscription now.
    const cancelAtPeriodEnd = await context.subscriptionBilling.cancelsAtPeriodEnd(
      notice.subscriptionId,
    );
    const { mailIds } = await database.db.transaction((tx) =>
      applyBillingEventIn(tx, context, {
        id: notice.eventId,
        businessId,
        occurredAt: notice.at,
        provider: 'stripe',
        subscriptionId: notice.subscriptionId,
        type: 'subscription.cancellation',
        cancelAtPeriodEnd,
      }),
    );
    await deliverDunningMails(context, mailIds);
    return;
  }

  const { event, checkoutId, chargedCents } = notice;
  const { mailIds } = await database.db.transaction(async (tx) => {
    if (checkoutId && event.type === 'invoice.paid') {
      await adoptCheckout(tx, businessId, checkoutId, true, now);
    }
    return applyBillingEventIn(tx, context, event);
  });
  await deliverDunningMails(context, mailIds);
  if (event.type === 'invoice.paid' && chargedCents !== null) {
    warnOnPriceDifference(context, event.businessId, event.locations, chargedCents);
  }
}

/**
 * Our invoice states our price; a charge of another amount (a price changed by hand in Stripe's
 * dashboard) is logged for the operator to correct, not hidden.
 */
function warnOnPriceDifference(
  context: BillingContext,
  businessId: string,
  locations: number,
  chargedCents: number,
): void {
  const price = proMonthlyPrice(locations);
  const expected = [price.grossCents];
  if (context.seller) expected.push(price.netCents);
  if (!expected.includes(chargedCents)) {
    context.log.warn(
      { businessId, locations, chargedCents, expected },
      'Stripe charged another amount than the Pro price',
    );
  }
}
