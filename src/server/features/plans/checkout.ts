import { randomBytes } from 'node:crypto';
import { PLAN_ERRORS, type PlanCheckout } from '../../../shared/api/plans';
import { effectivePlan, proMonthlyPrice, PRO_VAT_PERCENT } from '../../../shared/domain/plans';
import { AppError } from '../../http/errors';
import { taxTreatmentOf } from '../invoices/invoice-document';
import { PRO_LINE_DESCRIPTION } from '../invoices/issue';
import { applyBillingEventIn, type BillingContext, type BillingEvent } from './billing';
import { deliverDunningMails } from './dunning';
import {
  completeBillingCheckout,
  insertBillingCheckout,
  lockPlanRow,
  readBillingCheckout,
  readPlanRow,
  updatePlanRow,
} from './queries';
import type { SubscriptionBilling } from './stripe-billing';

/** What booking needs beyond the events: where checkouts live, and which provider bills. */
export interface CheckoutContext extends BillingContext {
  paymentProvider: 'demo' | 'stripe';
  /** Stripe Billing where Stripe takes the payments (decision 0616); null for the demo. */
  subscriptionBilling: SubscriptionBilling | null;
}

/** Where the provider sends the owner back to: 'Tarif', with how the booking ended. */
const TARIF_RETURN = {
  done: '/admin/tarif?buchung=erfolgreich',
  cancelled: '/admin/tarif?buchung=abgebrochen',
} as const;

/**
 * What one location costs a month as the provider charges it, and how its page names it: the
 * gross price, or the net price where the recipient owes the tax (reverse charge). The VAT of
 * the Pro price is a whole number of cents per location, so n locations cost n times one.
 */
export function chargedPerLocation(reverseCharge: boolean): {
  unitAmountCents: number;
  productName: string;
} {
  const one = proMonthlyPrice(1);
  return reverseCharge
    ? {
        unitAmountCents: one.netCents,
        productName: `${PRO_LINE_DESCRIPTION} (netto, Steuerschuldnerschaft des Leistungsempfängers)`,
      }
    : {
        unitAmountCents: one.grossCents,
        productName: `${PRO_LINE_DESCRIPTION} (inkl. ${PRO_VAT_PERCENT} % USt.)`,
      };
}

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** A month later, the same day where the month has it (31 Jan → 28/29 Feb), same time of day. */
export function oneMonthAfter(start: Date): Date {
  const next = new Date(start.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/**
 * 'Pro buchen': a checkout at the provider for `locations`, with the invoice recipient. The demo
 * provider's checkout is our own page (/billing/demo/checkout/{id}); Stripe's is Stripe Checkout
 * in subscription mode, whose events (stripe-events.ts) complete the booking.
 */
export async function startCheckout(
  context: CheckoutContext,
  scope: { businessId: string; userId: string },
  input: PlanCheckout,
): Promise<{ checkoutUrl: string }> {
  const { seller } = context;
  if (!seller) throw new AppError(PLAN_ERRORS.billing_unavailable);
  const stripe = context.paymentProvider === 'stripe' ? context.subscriptionBilling : null;
  if (context.paymentProvider === 'stripe' && !stripe) {
    throw new AppError(PLAN_ERRORS.billing_provider_failed);
  }
  const row = await readPlanRow(context.database.db, scope.businessId);
  if (effectivePlan(row, context.clock.now()).source === 'paid') {
    throw new AppError(PLAN_ERRORS.already_pro);
  }
  const { locations, ...billing } = input;
  const id = randomId(stripe ? 'bco' : 'demo_bco');
  await insertBillingCheckout(context.database.db, {
    id,
    businessId: scope.businessId,
    provider: stripe ? 'stripe' : 'demo',
    locations,
    billingDetails: billing,
    createdBy: scope.userId,
    createdAt: context.clock.now(),
  });
  if (!stripe) return { checkoutUrl: `${context.publicOrigin}/billing/demo/checkout/${id}` };
  // A customer of an earlier Stripe booking keeps its card and history.
  const customerId = row?.provider === 'stripe' ? row.providerCustomerId : null;
  try {
    const checkoutUrl = await stripe.startCheckout({
      checkoutId: id,
      businessId: scope.businessId,
      locations,
      ...chargedPerLocation(taxTreatmentOf(seller, billing) === 'reverse_charge'),
      customerId,
      email: billing.email,
      successUrl: `${context.publicOrigin}${TARIF_RETURN.done}`,
      cancelUrl: `${context.publicOrigin}${TARIF_RETURN.cancelled}`,
    });
    return { checkoutUrl };
  } catch (error) {
    context.log.warn({ err: error, checkoutId: id }, 'Stripe checkout for Pro not started');
    throw new AppError(PLAN_ERRORS.billing_provider_failed, { cause: error });
  }
}

/** What the demo checkout page shows. */
export interface DemoCheckoutView {
  id: string;
  locations: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
  recipient: string;
  status: 'open' | 'completed' | 'cancelled';
}

export async function demoCheckoutView(
  context: CheckoutContext,
  businessId: string,
  id: string,
): Promise<DemoCheckoutView> {
  const checkout = await readBillingCheckout(context.database.db, businessId, id);
  if (!checkout) throw new AppError(PLAN_ERRORS.checkout_not_found);
  const price = proMonthlyPrice(checkout.locations);
  const reverseCharge =
    context.seller !== null &&
    taxTreatmentOf(context.seller, checkout.billingDetails) === 'reverse_charge';
  return {
    id: checkout.id,
    locations: checkout.locations,
    netCents: price.netCents,
    vatCents: reverseCharge ? 0 : price.vatCents,
    grossCents: reverseCharge ? price.netCents : price.grossCents,
    recipient: `${checkout.billingDetails.name}, ${checkout.billingDetails.city}`,
    status: checkout.status,
  };
}

/**
 * The owner's choice on the demo checkout. 'pay' completes the booking and the first month's
 * charge in one transaction, through the same event a provider's webhook brings; 'decline' leaves
 * the checkout open with the card refused; 'cancel' closes it. Answers where the browser goes.
 */
export async function decideDemoCheckout(
  context: CheckoutContext,
  businessId: string,
  id: string,
  action: 'pay' | 'decline' | 'cancel',
): Promise<string> {
  if (action === 'decline') return `/billing/demo/checkout/${id}?abgelehnt=1`;
  const now = context.clock.now();
  let mailIds: string[] = [];
  const done = await context.database.db.transaction(async (tx) => {
    const checkout = await completeBillingCheckout(tx, businessId, id, {
      status: action === 'pay' ? 'completed' : 'cancelled',
      decidedAt: now,
    });
    if (!checkout) return false;
    if (action === 'cancel') return true;
    await lockPlanRow(tx, businessId);
    await updatePlanRow(tx, businessId, {
      billingDetails: checkout.billingDetails,
      updatedAt: now,
    });
    const subscriptionId = randomId('demo_sub');
    ({ mailIds } = await applyBillingEventIn(tx, context, {
      id: randomId('demo_evt'),
      type: 'invoice.paid',
      businessId,
      occurredAt: now,
      provider: 'demo',
      subscriptionId,
      customerId: `demo_cus_${businessId}`,
      providerInvoiceId: randomId('demo_in'),
      locations: checkout.locations,
      periodStart: now,
      periodEnd: oneMonthAfter(now),
    }));
    return true;
  });
  if (!done) throw new AppError(PLAN_ERRORS.checkout_not_found);
  await deliverDunningMails(context, mailIds);
  return action === 'pay' ? TARIF_RETURN.done : TARIF_RETURN.cancelled;
}

export const DEMO_SUBSCRIPTION_ACTIONS = ['renew', 'fail', 'recover', 'end'] as const;
export type DemoSubscriptionAction = (typeof DEMO_SUBSCRIPTION_ACTIONS)[number];

/** Which of the demo provider's lifecycle buttons a subscription offers now. */
export function demoActionsFor(row: {
  provider: string | null;
  providerSubscriptionId: string | null;
  status: string;
  cancelAtPeriodEnd: boolean;
}): DemoSubscriptionAction[] {
  if (row.provider !== 'demo' || !row.providerSubscriptionId) return [];
  if (row.status === 'past_due') return ['recover', 'fail', 'end'];
  if (row.status !== 'active') return [];
  return row.cancelAtPeriodEnd ? ['end'] : ['renew', 'fail'];
}

/**
 * The demo provider plays what a subscription lives through, so the demo and the tests show every
 * state: the next month's charge succeeds ('renew') or fails ('fail'), a retry recovers it
 * ('recover'), and the subscription ends: at the cancelled period's end, or unpaid after dunning.
 */
export async function runDemoSubscription(
  context: CheckoutContext,
  businessId: string,
  action: DemoSubscriptionAction,
): Promise<void> {
  const now = context.clock.now();
  const mailIds = await context.database.db.transaction(async (tx) => {
    const row = await lockPlanRow(tx, businessId);
    if (!demoActionsFor(row).includes(action)) throw new AppError(PLAN_ERRORS.nothing_to_simulate);
    const subscriptionId = row.providerSubscriptionId!;
    const periodStart = row.currentPeriodEnd ?? now;
    const base = {
      id: randomId('demo_evt'),
      businessId,
      occurredAt: now,
      provider: 'demo',
      subscriptionId,
    };
    const event: BillingEvent =
      action === 'renew' || action === 'recover'
        ? {
            ...base,
            type: 'invoice.paid',
            customerId: row.providerCustomerId,
            providerInvoiceId: randomId('demo_in'),
            locations: row.locations,
            periodStart,
            periodEnd: oneMonthAfter(periodStart),
          }
        : action === 'fail'
          ? { ...base, type: 'invoice.payment_failed', periodStart }
          : {
              ...base,
              type: 'subscription.ended',
              reason: row.status === 'past_due' ? 'unpaid' : 'cancelled',
            };
    return (await applyBillingEventIn(tx, context, event)).mailIds;
  });
  // The owners' mails about a failed charge or the end of Pro, after the commit.
  await deliverDunningMails(context, mailIds);
}
