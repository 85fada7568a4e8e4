import { proMonthlyPrice } from '../../../shared/domain/plans';
import type { Database, Executor } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import { issueInvoice } from '../invoices/issue';
import type { InvoicePartyRecord } from '../../../shared/domain/plans';
import { insertBillingEvent, lockPlanRow, type PlanRow, updatePlanRow } from './queries';

/**
 * What the payment provider tells about a business's subscription, in our words (decision 0610).
 * The demo provider makes these itself; Stripe's `invoice.paid`, `invoice.payment_failed` and
 * `customer.subscription.deleted` map onto them. Each has the provider's event id: told twice, it
 * is applied once.
 */
export type BillingEvent = {
  id: string;
  businessId: string;
  occurredAt: Date;
  provider: string;
  subscriptionId: string;
} & (
  | {
      /** A charge succeeded: the period it pays for is Pro, and it gets its invoice. */
      type: 'invoice.paid';
      customerId: string | null;
      providerInvoiceId: string;
      locations: number;
      periodStart: Date;
      periodEnd: Date;
    }
  | {
      /** A charge for the period starting `periodStart` failed; the provider retries. */
      type: 'invoice.payment_failed';
      periodStart: Date;
    }
  | {
      /** The subscription is over: cancelled at its period's end, or unpaid after dunning. */
      type: 'subscription.ended';
      reason: 'cancelled' | 'unpaid';
    }
);

export interface BillingContext {
  database: Database;
  clock: Clock;
  /** The operator as the invoices' seller; null where billing is not configured. */
  seller: InvoicePartyRecord | null;
}

export type BillingOutcome = 'applied' | 'duplicate' | 'stale';

const SYSTEM = (businessId: string) => ({ profileId: '', businessId, hasProfile: false });

/**
 * Applies one provider event in one transaction: stored first (a repeat of its id stops here),
 * then compared with the plan row, so an event that arrives late (a failure of a period that has
 * since been paid, an old subscription's end after a new booking) is kept but changes nothing.
 */
export function applyBillingEvent(
  context: BillingContext,
  event: BillingEvent,
): Promise<BillingOutcome> {
  return context.database.db.transaction((tx) => applyBillingEventIn(tx, context, event));
}

/** `applyBillingEvent` inside the caller's transaction (the demo checkout's booking). */
export async function applyBillingEventIn(
  tx: Executor,
  context: BillingContext,
  event: BillingEvent,
): Promise<BillingOutcome> {
  {
    const fresh = await insertBillingEvent(tx, {
      id: event.id,
      businessId: event.businessId,
      type: event.type,
      occurredAt: event.occurredAt,
      payload: JSON.parse(JSON.stringify(event)) as Record<string, unknown>,
    });
    if (!fresh) return 'duplicate';
    const row = await lockPlanRow(tx, event.businessId);
    const applied = await applyTo(tx, context, row, event);
    return applied ? 'applied' : 'stale';
  }
}

async function applyTo(
  tx: Executor,
  context: BillingContext,
  row: PlanRow,
  event: BillingEvent,
): Promise<boolean> {
  const now = context.clock.now();
  const sameSubscription = row.providerSubscriptionId === event.subscriptionId;
  const lastEventAt =
    row.lastEventAt && row.lastEventAt > event.occurredAt ? row.lastEventAt : event.occurredAt;
  switch (event.type) {
    case 'invoice.paid': {
      if (!row.billingDetails || !context.seller) {
        throw new Error('A paid charge without billing details or seller cannot be invoiced.');
      }
      // Every paid charge is invoiced, even one that arrives after a later period's.
      await issueInvoice(tx, {
        businessId: event.businessId,
        provider: event.provider,
        providerInvoiceId: event.providerInvoiceId,
        locations: event.locations,
        periodStart: event.periodStart,
        periodEnd: event.periodEnd,
        issuedAt: event.occurredAt,
        seller: context.seller,
        buyer: row.billingDetails,
      });
      // The current subscription moves on when a later period is paid; another subscription takes
      // over only where none runs (a new booking after the end), never beside a running one.
      const applies = sameSubscription
        ? row.currentPeriodEnd === null || event.periodEnd > row.currentPeriodEnd
        : row.status !== 'active' && row.status !== 'past_due';
      if (!applies) return false;
      // A first charge (a new booking, or a re-booking after the end) is 'Pro gebucht'; a
      // renewal or a recovered charge of the same subscription is not.
      const booked = !sameSubscription || (row.status !== 'active' && row.status !== 'past_due');
      await updatePlanRow(tx, event.businessId, {
        status: 'active',
        // A business that has paid for Pro has had its chance to try it.
        trialUsed: true,
        currentPeriodEnd: event.periodEnd,
        pastDueSince: null,
        locations: event.locations,
        cancelAtPeriodEnd: sameSubscription ? row.cancelAtPeriodEnd : false,
        provider: event.provider,
        providerCustomerId: event.customerId,
        providerSubscriptionId: event.subscriptionId,
        lastEventAt,
        updatedAt: now,
      });
      if (booked) {
        await writeAudit(tx, {
          actor: SYSTEM(event.businessId),
          businessId: event.businessId,
          targetType: 'business',
          targetId: event.businessId,
          at: event.occurredAt,
          action: 'plan_book',
          payload: {
            locations: event.locations,
            netCentsPerMonth: proMonthlyPrice(event.locations).netCents,
            provider: event.provider,
          },
        });
      }
      return true;
    }
    case 'invoice.payment_failed': {
      const alreadyPaid = row.currentPeriodEnd !== null && event.periodStart < row.currentPeriodEnd;
      if (!sameSubscription || alreadyPaid || row.status === 'cancelled') return false;
      await updatePlanRow(tx, event.businessId, {
        status: 'past_due',
        // The grace period runs from the first failure of a dunning run, not from each retry.
        pastDueSince: row.pastDueSince ?? event.occurredAt,
        lastEventAt,
        updatedAt: now,
      });
      return true;
    }
    case 'subscription.ended': {
      if (!sameSubscription || row.status === 'cancelled') return false;
      await updatePlanRow(tx, event.businessId, {
        status: 'cancelled',
        cancelAtPeriodEnd: false,
        pastDueSince: null,
        lastEventAt,
        updatedAt: now,
      });
      return true;
    }
  }
}
