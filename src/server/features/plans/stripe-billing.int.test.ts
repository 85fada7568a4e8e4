import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/support/app';
import {
  createBusiness,
  createPlatformAdmin,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import type { FakeStripe, FakeSubscription } from '../../../../test/support/fake-stripe';
import { createBasisHotel, requestAs, SAMPLE_BILLING } from '../../../../test/support/plans';
import { sendSignedWebhook, stripeEvent } from '../../../../test/support/stripe';
import { createStripeTestApp } from '../../../../test/support/stripe-app';
import type { InvoiceList } from '../../../shared/api/invoices';
import { PLAN_ERRORS, type PlanState } from '../../../shared/api/plans';
import {
  adminAuditLog as auditLog,
  billingCheckouts,
  businessPlans,
  invoices as invoicesTable,
  outboxEmails,
} from '../../db/schema';

/**
 * Stripe Billing for Pro (decision 0616), against the local stand-in for Stripe's API: what our
 * server asks of Stripe (Checkout in subscription mode, the Customer Portal, cancelling), and what
 * Stripe's signed invoice and subscription events do to the plan, once each, in any order.
 */
const WEBHOOK_SECRET = 'whsec_test_trinkgeld_billing';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let fake: FakeStripe;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, fake, close } = await createStripeTestApp({ webhookSecret: WEBHOOK_SECRET }));
});
afterAll(async () => {
  await close();
});

const as = (email: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  requestAs(t, email, method, url, payload);

async function planOf(hotel: FactoryBusiness): Promise<PlanState> {
  return (await as(hotel.owner.email, 'GET', '/api/admin/plan')).json() as PlanState;
}

async function invoicesOf(hotel: FactoryBusiness) {
  return ((await as(hotel.owner.email, 'GET', '/api/admin/invoices')).json() as InvoiceList).items;
}

const sendWebhook = (event: object) => sendSignedWebhook(t, event, WEBHOOK_SECRET);

async function deliver(event: object): Promise<{ received: boolean; duplicate: boolean }> {
  const response = await sendWebhook(event);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { received: boolean; duplicate: boolean };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A Stripe invoice of `subscription` for one month from `start`, as its events carry it. */
function invoiceOf(
  subscription: FakeSubscription,
  options: { start: Date; quantity: number; amountPaid: number; id?: string },
) {
  const end = new Date(options.start.getTime() + 30 * DAY);
  return {
    id: options.id ?? `in_test_${Math.random().toString(36).slice(2)}`,
    object: 'invoice',
    customer: subscription.customer,
    amount_paid: options.amountPaid,
    billing_reason: 'subscription_cycle',
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: 'il_test',
          object: 'line_item',
          quantity: options.quantity,
          period: { start: seconds(options.start), end: seconds(end) },
        },
      ],
    },
  };
}

/** The owner books through Stripe Checkout and pays there: the session and its subscription. */
async function bookAtStripe(hotel: FactoryBusiness, billing = SAMPLE_BILLING) {
  const started = await as(hotel.owner.email, 'POST', '/api/admin/plan/checkout', billing);
  expect(started.statusCode, started.body).toBe(201);
  const { checkoutUrl } = started.json() as { checkoutUrl: string };
  const sessionId = checkoutUrl.split('/').at(-1)!;
  const subscription = fake.subscribe(sessionId);
  return { checkoutUrl, sessionId, subscription, request: fake.lastCreate()! };
}

const sessionObject = (sessionId: string) => ({ ...fake.sessions.get(sessionId)! });

describe('Stripe Billing: booking Pro', () => {
  it('opens Stripe Checkout in subscription mode for the locations at the gross price, keyed once', async () => {
    const hotel = await createBasisHotel(t);
    const { checkoutUrl, request } = await bookAtStripe(hotel);
    const [checkout] = await t.database.db
      .select()
      .from(billingCheckouts)
      .where(eq(billingCheckouts.businessId, hotel.id));

    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(request.headers['idempotency-key']).toBe(`plan-checkout:${checkout!.id}`);
    expect(request.form).toMatchObject({
      mode: 'subscription',
      locale: 'de',
      client_reference_id: hotel.id,
      customer_email: SAMPLE_BILLING.email.toLowerCase(),
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'eur',
      // 19,00 € net + 3,61 € VAT per location and month: 2 × 22,61 € = 45,22 €, as the invoice.
      'line_items[0][price_data][unit_amount]': '2261',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][product_data][name]':
        'Trinkgeld Pro, je Standort und Monat (inkl. 19 % USt.)',
      'metadata[businessId]': hotel.id,
      'metadata[checkoutId]': checkout!.id,
      'subscription_data[metadata][businessId]': hotel.id,
      'subscription_data[metadata][checkoutId]': checkout!.id,
      success_url: `${t.config.publicOrigin}/admin/tarif?buchung=erfolgreich`,
      cancel_url: `${t.config.publicOrigin}/admin/tarif?buchung=abgebrochen`,
    });
    expect(checkout).toMatchObject({ provider: 'stripe', status: 'open', locations: 2 });
    // Paying at Stripe is not Pro yet: the paid invoice's event is.
    expect((await planOf(hotel)).plan).toBe('basis');
  });

  it('charges the net price where the recipient owes the VAT (reverse charge)', async () => {
    const hotel = await createBasisHotel(t);
    const { request } = await bookAtStripe(hotel, {
      ...SAMPLE_BILLING,
      locations: 1,
      countryCode: 'AT',
      vatId: 'ATU12345678',
    });
    expect(request.form['line_items[0][price_data][unit_amount]']).toBe('1900');
    expect(request.form['line_items[0][price_data][product_data][name]']).toBe(
      'Trinkgeld Pro, je Standort und Monat (netto, Steuerschuldnerschaft des Leistungsempfängers)',
    );
  });

  it('answers in German and keeps Basis when Stripe cannot be reached', async () => {
    const hotel = await createBasisHotel(t);
    fake.failNextCreate = 500;
    const started = await as(hotel.owner.email, 'POST', '/api/admin/plan/checkout', SAMPLE_BILLING);
    expect(started.statusCode).toBe(502);
    expect(started.json()).toMatchObject({
      error: { message: PLAN_ERRORS.billing_provider_failed.message },
    });
    expect((await planOf(hotel)).plan).toBe('basis');
  });
});

describe('Stripe Billing: the subscription’s events', () => {
  it('paid → failed → recovered → cancelled: each event once, in any order, one invoice per charge', async () => {
    const hotel = await createBasisHotel(t);
    const other = await createBasisHotel(t);
    const { sessionId, subscription } = await bookAtStripe(hotel);
    const start = t.clock.now();
    const first = invoiceOf(subscription, { start, quantity: 2, amountPaid: 4522 });
    const paid = stripeEvent(t, 'invoice.paid', first);

    // The paid invoice may come before the checkout's own event: it carries the booking along.
    expect(await deliver(paid)).toEqual({ received: true, duplicate: false });
    let plan = await planOf(hotel);
    expect(plan).toMatchObject({ plan: 'pro', source: 'paid', locations: 2 });
    expect(plan.paymentProvider).toBe('stripe');
    let invoices = await invoicesOf(hotel);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ grossCents: 4522, locations: 2 });
    const [issued] = await t.database.db
      .select({ buyer: invoicesTable.buyer })
      .from(invoicesTable)
      .where(eq(invoicesTable.businessId, hotel.id));
    expect(issued!.buyer.name).toBe(SAMPLE_BILLING.name);
    const [checkout] = await t.database.db
      .select({ status: billingCheckouts.status })
      .from(billingCheckouts)
      .where(eq(billingCheckouts.businessId, hotel.id));
    expect(checkout!.status).toBe('completed');

    // Told again, and the checkout's completion afterwards: nothing changes twice.
    expect(await deliver(paid)).toEqual({ received: true, duplicate: true });
    await deliver(stripeEvent(t, 'checkout.session.completed', sessionObject(sessionId)));
    expect(await invoicesOf(hotel)).toHaveLength(1);
    expect((await planOf(other)).plan).toBe('basis');

    // The next month's charge fails: Pro stays through the grace period, the owner is told once.
    const nextStart = new Date(start.getTime() + 30 * DAY);
    t.clock.advance(30 * DAY);
    const failed = invoiceOf(subscription, { start: nextStart, quantity: 2, amountPaid: 0 });
    await deliver(stripeEvent(t, 'invoice.payment_failed', failed));
    t.clock.advance(3 * DAY);
    await deliver(stripeEvent(t, 'invoice.payment_failed', failed)); // Smart Retries: again
    plan = await planOf(hotel);
    expect(plan).toMatchObject({ plan: 'pro', source: 'grace', status: 'past_due' });
    const mails = await t.database.db
      .select({ to: outboxEmails.toAddress })
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, hotel.owner.email.toLowerCase()));
    expect(mails.length).toBe(1);

    // A late failure of the first, paid month changes nothing.
    await deliver(stripeEvent(t, 'invoice.payment_failed', { ...first, id: 'in_late' }));
    // The retry succeeds.
    await deliver(
      stripeEvent(
        t,
        'invoice.paid',
        invoiceOf(subscription, { start: nextStart, quantity: 2, amountPaid: 4522 }),
      ),
    );
    plan = await planOf(hotel);
    expect(plan).toMatchObject({ plan: 'pro', source: 'paid', status: 'active' });
    invoices = await invoicesOf(hotel);
    expect(invoices).toHaveLength(2);

    // Cancelled at Stripe's portal: the subscription's update is read again from Stripe.
    fake.subscriptions.get(subscription.id)!.cancel_at_period_end = true;
    await deliver(stripeEvent(t, 'customer.subscription.updated', { ...subscription }));
    expect((await planOf(hotel)).cancelAtPeriodEnd).toBe(true);
    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.businessId, hotel.id), eq(auditLog.action, 'plan_cancel')));
    expect(audited).toHaveLength(1);

    // The period ends: Stripe deletes the subscription, the business is on Basis, data kept.
    await deliver(
      stripeEvent(t, 'customer.subscription.deleted', {
        ...subscription,
        status: 'canceled',
        cancellation_details: { reason: 'cancellation_requested' },
      }),
    );
    t.clock.advance(31 * DAY);
    expect(await planOf(hotel)).toMatchObject({ plan: 'basis', status: 'cancelled' });
    expect(await invoicesOf(hotel)).toHaveLength(2);
  });

  it('leaves events that our checkout did not tag, and businesses that are gone, alone', async () => {
    const stranger = {
      id: 'sub_foreign',
      object: 'subscription',
      customer: 'cus_foreign',
      status: 'active',
      cancel_at_period_end: false,
      metadata: {},
    } satisfies FakeSubscription;
    const foreign = invoiceOf(stranger, { start: t.clock.now(), quantity: 1, amountPaid: 999 });
    expect(await deliver(stripeEvent(t, 'invoice.paid', foreign))).toMatchObject({
      received: true,
    });
    const gone = {
      ...stranger,
      metadata: { businessId: '00000000-0000-4000-8000-000000000000', checkoutId: 'bco_x' },
    };
    expect(
      await deliver(
        stripeEvent(
          t,
          'invoice.paid',
          invoiceOf(gone, { start: t.clock.now(), quantity: 1, amountPaid: 2261 }),
        ),
      ),
    ).toMatchObject({ received: true });
    const rows = await t.database.db
      .select()
      .from(businessPlans)
      .where(eq(businessPlans.providerSubscriptionId, 'sub_foreign'));
    expect(rows).toHaveLength(0);
  });
});

describe('Stripe Billing: cancelling and the card', () => {
  async function paidHotel(): Promise<{ hotel: FactoryBusiness; subscription: FakeSubscription }> {
    const hotel = await createBasisHotel(t);
    const { subscription } = await bookAtStripe(hotel);
    await deliver(
      stripeEvent(
        t,
        'invoice.paid',
        invoiceOf(subscription, { start: t.clock.now(), quantity: 2, amountPaid: 4522 }),
      ),
    );
    return { hotel, subscription };
  }

  it('cancels and resumes at Stripe first, then in the plan', async () => {
    const { hotel, subscription } = await paidHotel();
    const cancelled = await as(hotel.owner.email, 'POST', '/api/admin/plan/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(fake.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(true);
    expect((cancelled.json() as PlanState).cancelAtPeriodEnd).toBe(true);
    const update = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscription.id}`,
    );
    expect(update.at(-1)!.form).toEqual({ cancel_at_period_end: 'true' });

    // Stripe's own event of that change finds the plan as it is: no second audit row.
    await deliver(stripeEvent(t, 'customer.subscription.updated', { ...subscription }));
    const resumed = await as(hotel.owner.email, 'POST', '/api/admin/plan/resume');
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(fake.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(false);
    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.businessId, hotel.id));
    expect(audited.filter((row) => row.action === 'plan_cancel')).toHaveLength(1);
    expect(audited.filter((row) => row.action === 'plan_resume')).toHaveLength(1);
  });

  it('changes nothing when Stripe refuses the cancellation, and says so in German', async () => {
    const { hotel, subscription } = await paidHotel();
    fake.billingOutage = true;
    const response = await as(hotel.owner.email, 'POST', '/api/admin/plan/cancel').finally(() => {
      fake.billingOutage = false;
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      error: { message: PLAN_ERRORS.billing_provider_failed.message },
    });
    expect(fake.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(false);
    expect((await planOf(hotel)).cancelAtPeriodEnd).toBe(false);
  });

  it('stops the subscription at Stripe when the operator closes the business', async () => {
    const { hotel, subscription } = await paidHotel();
    const admin = await createPlatformAdmin(t.database.db);
    const closed = await as(admin.email, 'POST', `/api/admin/businesses/${hotel.id}/close`, {
      confirmName: hotel.name,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(fake.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(true);
  });

  it('opens the Customer Portal for the business’s own customer only', async () => {
    const { hotel, subscription } = await paidHotel();
    const portal = await as(hotel.owner.email, 'POST', '/api/admin/plan/portal');
    expect(portal.statusCode, portal.body).toBe(200);
    expect((portal.json() as { url: string }).url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    expect(fake.portalSessions.at(-1)).toMatchObject({
      customer: subscription.customer,
      return_url: `${t.config.publicOrigin}/admin/tarif`,
    });

    // Another business, booked nowhere: no card to change, and never the first one's portal.
    const basis = await createBusiness(t.database.db, { plan: 'basis' });
    const none = await as(basis.owner.email, 'POST', '/api/admin/plan/portal');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({
      error: { message: PLAN_ERRORS.no_payment_method.message },
    });
  });
});
