import { effectivePlan, proMonthlyPrice } from '../../../shared/domain/plans';
import type { Executor } from '../../db/connect';
import { writeAudit } from '../audit/write';
import { issueInvoice } from '../invoices/issue';
import type { InvoicePartyRecord } from '../../../shared/domain/plans';
import { deliverDunningMails, type DunningContext, queueDunningMails } from './dunning';
import { insertBillingEvent, lockPlanRow, type PlanRow, updatePlanRow } from './queries';

/**
 * What the payment provider tells about a business's subscription, in our words (decision 0610).
 * The demo provider makes these itself; Stripe's `invoice.paid`, `invoice.payment_failed`,
 * `customer.subscription.updated` and `customer.subscription.deleted` map onto them
 * (stripe-billing.ts, decision 0616). Each has the provider's event id: told twice, it
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
  | {
      /**
       * The subscription now ends with its paid period, or no longer does (the owner cancelled
       * or took it back at the provider's portal): as the provider said when asked again.
       */
      type: 'subscription.cancellation';
      cancelAtPeriodEnd: boolean;
    }
);

/** What applying events needs: the database and clock, the seller, and the owners' mails. */
export interface BillingContext extends DunningContext {
  /** The operator as the invoices' seller; null where billing is not configured. */
  seller: InvoicePartyRecord | null;
}

export type BillingOutcome = 'applied' | 'duplicate' | 'stale';

/** An applied event's outcome and the owners' mails it queued, to deliver after the commit. */
export interface BillingApplied {
  outcome: BillingOutcome;
  mailIds: string[];
}

const SYSTEM = (businessId: string) => ({ profileId: '', businessId, hasProfile: false });

/**
 * Applies one provider event in one transaction: stored first (a repeat of its id stops here),
 * then compared with the plan row, so an event that arrives late (a failure of a period that has
 * since been paid, an old subscription's end after a new booking) is kept but changes nothing.
 */
export async function applyBillingEvent(
  context: BillingContext,
  event: BillingEvent,
): Promise<BillingOutcome> {
  const { outcome, mailIds } = await context.database.db.transaction((tx) =>
    applyBillingEventIn(tx, context, event),
  );
  await deliverDunningMails(context, mailIds);
  return outcome;
}

/**
 * `applyBillingEvent` inside the caller's transaction (the demo checkout's booking): the caller
 * delivers the returned mails (`deliverDunningMails`) after its commit.
 */
export async function applyBillingEventIn(
  tx: Executor,
  context: BillingContext,
  event: BillingEvent,
): Promise<BillingApplied> {
  const fresh = await insertBillingEvent(tx, {
    id: event.id,
    businessId: event.businessId,
    type: event.type,
    occurredAt: event.occurredAt,
    payload: JSON.parse(JSON.stringify(event)) as Record<string, unknown>,
  });
  if (!fresh) return { outcome: 'duplicate', mailIds: [] };
  const row = await lockPlanRow(tx, event.businessId);
  const mailIds = await applyTo(tx, context, row, event);
  return mailIds === null ? { outcome: 'stale', mailIds: [] } : { outcome: 'applied', mailIds };
}

/** Changes the plan row for the event: the mails it queued, or null when it changes nothing. */
async function applyTo(
  tx: Executor,
  context: BillingContext,
  row: PlanRow,
  event: BillingEvent,
): Promise<string[] | null> {
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
      if (!applies) return null;
      // A first charge (a new booking, or a re-booking after the end) is 'Pro gebucht'; a
      // renewal or a recovered charge of the same subscription is not.
      const booked = !sameSubscription || (row.status !== 'active' && row.status !== 'past_due');
      await updatePlanRow(tx, event.businessId, {
        status: 'active',
        // A business that has paid for Pro has had its chance to try it.
        trialUsed: true,
        currentPeriodEnd: event.periodEnd,
        pastDueSince: null,
        // Paid: the dunning run is over, a later failure starts a new one with its own mails.
        dunningReminderSentAt: null,
        dunningEndedMailSentAt: null,
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
      return [];
    }
    case 'invoice.payment_failed': {
      const alreadyPaid = row.currentPeriodEnd !== null && event.periodStart < row.currentPeriodEnd;
      if (!sameSubscription || alreadyPaid || row.status === 'cancelled') return null;
      // The grace period runs from the first failure of a dunning run, not from each retry; the
      // first failure starts the run's mails afresh and tells the owners at once.
      const startsRun = row.pastDueSince === null;
      const pastDueSince = row.pastDueSince ?? event.occurredAt;
      await updatePlanRow(tx, event.businessId, {
        status: 'past_due',
        pastDueSince,
        ...(startsRun ? { dunningReminderSentAt: null, dunningEndedMailSentAt: null } : {}),
        lastEventAt,
        updatedAt: now,
      });
      return startsRun
        ? queueDunningMails(tx, context, event.businessId, 'failed', pastDueSince)
        : [];
    }
    case 'subscription.cancellation': {
      const paid = row.status === 'active' || row.status === 'past_due';
      if (!sameSubscription || !paid || row.cancelAtPeriodEnd === event.cancelAtPeriodEnd) {
        return null;
      }
      await updatePlanRow(tx, event.businessId, {
        cancelAtPeriodEnd: event.cancelAtPeriodEnd,
        lastEventAt,
        updatedAt: now,
      });
      const periodEnd = row.currentPeriodEnd?.toISOString() ?? null;
      await writeAudit(tx, {
        actor: SYSTEM(event.businessId),
        businessId: event.businessId,
        targetType: 'business',
        targetId: event.businessId,
        at: event.occurredAt,
        ...(event.cancelAtPeriodEnd
          ? { action: 'plan_cancel' as const, payload: { effectiveAt: periodEnd } }
          : { action: 'plan_resume' as const, payload: { currentPeriodEnd: periodEnd } }),
      });
      return [];
    }
    case 'subscription.ended': {
      if (!sameSubscription || row.status === 'cancelled') return null;
      const change = {
        status: 'cancelled',
        cancelAtPeriodEnd: false,
        pastDueSince: null,
        lastEventAt,
        updatedAt: now,
      } as const;
      // Ended unpaid after dunning: the owners hear that Pro is over, once per run (the job may
      // have told them already when the grace period ran out), unless a grant keeps Pro.
      const tellEnded =
        event.reason === 'unpaid' &&
        row.dunningEndedMailSentAt === null &&
        effectivePlan({ ...row, ...change }, now).plan === 'basis';
      await updatePlanRow(tx, event.businessId, {
        ...change,
        ...(tellEnded ? { dunningEndedMailSentAt: now } : {}),
      });
      return tellEnded
        ? queueDunningMails(tx, context, event.businessId, 'ended', row.pastDueSince ?? now)
        : [];
    }
  }
}
