import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import {
  createBasisHotel,
  demoSubscription,
  expectGuestTipPaid,
  requestAs,
  SAMPLE_BILLING,
} from '../../../../test/support/plans';
import type { FactoryBusiness } from '../../../../test/support/factories';
import type { InvoiceList } from '../../../shared/api/invoices';
import type { PlanState } from '../../../shared/api/plans';
import { invoices } from '../../db/schema';
import { sellerOf } from '../invoices/seller';
import { applyBillingEvent, type BillingContext, type BillingEvent } from './billing';

let t: TestApp;
let billing: BillingContext;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  billing = {
    database: t.database,
    clock: t.clock,
    mailer: t.app.deps.mailer,
    publicOrigin: t.config.publicOrigin,
    log: t.app.log,
    seller: sellerOf(t.config),
  };
});
afterAll(async () => {
  await t.close();
});

const as = (email: string, method: 'GET' | 'POST', url: string, payload?: object | string) =>
  requestAs(t, email, method, url, payload);

const BILLING = SAMPLE_BILLING;

async function planOf(hotel: FactoryBusiness): Promise<PlanState> {
  return (await as(hotel.owner.email, 'GET', '/api/admin/plan')).json() as PlanState;
}

/** Whether the owner may change teams now (a Pro feature). */
async function mayChangeTeams(hotel: FactoryBusiness): Promise<boolean> {
  const response = await as(hotel.owner.email, 'POST', '/api/admin/teams', {
    name: `Team ${Math.random().toString(36).slice(2, 8)}`,
  });
  expect([201, 403]).toContain(response.statusCode);
  return response.statusCode === 201;
}

/** The owner books Pro through the demo checkout (after checking its price) and pays. */
async function book(hotel: FactoryBusiness): Promise<void> {
  const started = await as(hotel.owner.email, 'POST', '/api/admin/plan/checkout', BILLING);
  const url = new URL((started.json() as { checkoutUrl: string }).checkoutUrl).pathname;
  const page = await as(hotel.owner.email, 'GET', url);
  expect(page.body).toContain('38,00');
  expect(page.body).toContain('45,22');
  await as(hotel.owner.email, 'POST', url, 'action=pay');
  expect((await planOf(hotel)).status).toBe('active');
}

const demo = (hotel: FactoryBusiness, action: 'renew' | 'fail' | 'recover' | 'end') =>
  demoSubscription(t, hotel, action);

async function invoicesOf(hotel: FactoryBusiness) {
  return ((await as(hotel.owner.email, 'GET', '/api/admin/invoices')).json() as InvoiceList).items;
}

describe('booking Pro through the demo provider', () => {
  it('trial → paid → failed → recovered: Pro throughout, one invoice per paid month', async () => {
    const hotel = await createBasisHotel(t);
    await as(hotel.owner.email, 'POST', '/api/admin/plan/trial');
    expect(await mayChangeTeams(hotel)).toBe(true);

    await book(hotel);
    const paid = await planOf(hotel);
    expect(paid).toMatchObject({ plan: 'pro', status: 'active', source: 'paid', locations: 2 });
    expect(await mayChangeTeams(hotel)).toBe(true);
    const [first] = await invoicesOf(hotel);
    expect(first).toMatchObject({
      locations: 2,
      netCents: 3800,
      vatCents: 722,
      grossCents: 4522,
      taxTreatment: 'domestic',
    });
    expect(first!.number).toMatch(/^TG-\d{4}-\d{6}$/);

    await demo(hotel, 'fail');
    const failed = await planOf(hotel);
    expect(failed).toMatchObject({ plan: 'pro', status: 'past_due', source: 'grace' });
    expect(new Date(failed.graceEndsAt!).getTime() - t.clock.now().getTime()).toBe(14 * DAY);
    expect(await mayChangeTeams(hotel)).toBe(true);
    await expectGuestTipPaid(t, hotel);
    // A second failure of the same run does not move the grace period.
    t.clock.advance(3 * DAY);
    try {
      await demo(hotel, 'fail');
      expect((await planOf(hotel)).graceEndsAt).toBe(failed.graceEndsAt);
      await demo(hotel, 'recover');
    } finally {
      t.clock.advance(-3 * DAY);
    }
    const recovered = await planOf(hotel);
    expect(recovered).toMatchObject({ plan: 'pro', status: 'active', graceEndsAt: null });
    expect(new Date(recovered.currentPeriodEnd!) > new Date(paid.currentPeriodEnd!)).toBe(true);
    expect(await invoicesOf(hotel)).toHaveLength(2);
  });

  it('failed → downgraded after dunning → re-booked; settings kept, tips never stop', async () => {
    const hotel = await createBasisHotel(t);
    await book(hotel);
    await demo(hotel, 'fail');
    // The grace period runs out by itself: Basis from its last moment on.
    t.clock.advance(14 * DAY + 1000);
    try {
      expect(await planOf(hotel)).toMatchObject({ plan: 'basis', status: 'past_due' });
      expect(await mayChangeTeams(hotel)).toBe(false);
      await expectGuestTipPaid(t, hotel);
      await demo(hotel, 'end');
      expect(await planOf(hotel)).toMatchObject({ plan: 'basis', status: 'cancelled' });
      const teams = await as(hotel.owner.email, 'GET', '/api/admin/teams');
      expect((teams.json() as { items: unknown[] }).items.length).toBeGreaterThanOrEqual(1);

      await book(hotel);
      expect(await planOf(hotel)).toMatchObject({ plan: 'pro', status: 'active' });
      expect(await mayChangeTeams(hotel)).toBe(true);
    } finally {
      t.clock.advance(-(14 * DAY + 1000));
    }
  });

  it('cancelled at the period’s end: Pro until then, Basis after, the booking offered again', async () => {
    const hotel = await createBasisHotel(t);
    await book(hotel);
    const cancelled = await as(hotel.owner.email, 'POST', '/api/admin/plan/cancel');
    expect(cancelled.json()).toMatchObject({ plan: 'pro', cancelAtPeriodEnd: true });
    expect(await mayChangeTeams(hotel)).toBe(true);
    const page = await as(hotel.owner.email, 'GET', '/billing/demo/subscription');
    expect(page.body).toContain('Abonnement beenden');
    expect(page.body).not.toContain('Nächste Abbuchung');
    await demo(hotel, 'end');
    expect(await planOf(hotel)).toMatchObject({ plan: 'basis', status: 'cancelled' });
    expect(await mayChangeTeams(hotel)).toBe(false);
    await expectGuestTipPaid(t, hotel);
    expect((await as(hotel.owner.email, 'POST', '/api/admin/plan/trial')).statusCode).toBe(409);
  });

  it('refuses the checkout’s fields in German and keeps a declined card’s checkout open', async () => {
    const hotel = await createBasisHotel(t);
    const refused = await as(hotel.owner.email, 'POST', '/api/admin/plan/checkout', {
      ...BILLING,
      countryCode: 'US',
      vatId: 'nicht gültig',
      locations: 0,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Bitte wählen Sie ein Land der EU.');
    expect(refused.body).toContain('USt-IdNr.');
    const started = await as(hotel.owner.email, 'POST', '/api/admin/plan/checkout', BILLING);
    const url = new URL((started.json() as { checkoutUrl: string }).checkoutUrl).pathname;
    const declined = await as(hotel.owner.email, 'POST', url, 'action=decline');
    expect(declined.headers.location).toBe(`${url}?abgelehnt=1`);
    expect((await as(hotel.owner.email, 'GET', declined.headers.location!)).body).toContain(
      'Die Karte wurde abgelehnt',
    );
    expect((await planOf(hotel)).plan).toBe('basis');
    // Another business cannot see or decide this checkout.
    const other = await createBasisHotel(t);
    expect((await as(other.owner.email, 'GET', url)).statusCode).toBe(404);
    expect((await as(other.owner.email, 'POST', url, 'action=pay')).statusCode).toBe(404);
    expect((await planOf(hotel)).plan).toBe('basis');
  });
});

describe('provider events', () => {
  async function bookedHotel() {
    const hotel = await createBasisHotel(t);
    await book(hotel);
    const state = await planOf(hotel);
    const [row] = await t.database.query<{ provider_subscription_id: string }>(
      'SELECT provider_subscription_id FROM business_plans WHERE business_id = $1',
      [hotel.id],
    );
    return { hotel, state, subscriptionId: row!.provider_subscription_id };
  }
  const event = (
    hotel: FactoryBusiness,
    subscriptionId: string,
    extra: { id: string; type: BillingEvent['type']; occurredAt?: Date } & Record<string, unknown>,
  ) =>
    ({
      businessId: hotel.id,
      provider: 'demo',
      subscriptionId,
      occurredAt: t.clock.now(),
      ...extra,
    }) as unknown as BillingEvent;

  it('apply once when told twice, and a late failure of a paid period changes nothing', async () => {
    const { hotel, state, subscriptionId } = await bookedHotel();
    const periodEnd = new Date(state.currentPeriodEnd!);
    const nextEnd = new Date(periodEnd.getTime() + 30 * DAY);
    const renewal = event(hotel, subscriptionId, {
      id: `evt_renew_${hotel.id}`,
      type: 'invoice.paid',
      customerId: null,
      providerInvoiceId: `in_renew_${hotel.id}`,
      locations: 2,
      periodStart: periodEnd,
      periodEnd: nextEnd,
    });
    expect(await applyBillingEvent(billing, renewal)).toBe('applied');
    expect(await applyBillingEvent(billing, renewal)).toBe('duplicate');
    // The same charge told again under another event id is still one invoice.
    expect(await applyBillingEvent(billing, { ...renewal, id: `evt_again_${hotel.id}` })).toBe(
      'stale',
    );
    expect(await invoicesOf(hotel)).toHaveLength(2);
    // The failure of that period, arriving after its payment: stored, but the plan stays paid.
    const lateFailure = event(hotel, subscriptionId, {
      id: `evt_late_fail_${hotel.id}`,
      type: 'invoice.payment_failed',
      periodStart: periodEnd,
      occurredAt: new Date(t.clock.now().getTime() - 1000),
    });
    expect(await applyBillingEvent(billing, lateFailure)).toBe('stale');
    expect(await planOf(hotel)).toMatchObject({
      status: 'active',
      currentPeriodEnd: nextEnd.toISOString(),
    });
  });

  it('an old subscription’s end, arriving after a new booking, changes nothing', async () => {
    const { hotel, subscriptionId: old } = await bookedHotel();
    await demo(hotel, 'fail');
    await demo(hotel, 'end');
    await book(hotel);
    const ended = event(hotel, old, {
      id: `evt_old_end_${hotel.id}`,
      type: 'subscription.ended',
      reason: 'unpaid',
    });
    expect(await applyBillingEvent(billing, ended)).toBe('stale');
    expect(await planOf(hotel)).toMatchObject({ plan: 'pro', status: 'active' });
  });
});

describe('invoices', () => {
  it('are numbered without gaps and downloadable as Factur-X PDF and XRechnung, by their business only', async () => {
    const first = await createBasisHotel(t);
    const second = await createBasisHotel(t);
    await book(first);
    await book(second);
    const [a] = await invoicesOf(first);
    const [b] = await invoicesOf(second);
    const sequence = (number: string) => Number(number.slice(-6));
    expect(sequence(b!.number)).toBe(sequence(a!.number) + 1);

    const pdf = await as(first.owner.email, 'GET', `/api/admin/invoices/${a!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.includes(Buffer.from('factur-x.xml'))).toBe(true);
    const xml = await as(first.owner.email, 'GET', `/api/admin/invoices/${a!.id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain(a!.number);
    expect(xml.body).toContain('DE123456789');
    expect(xml.body).toContain('45.22');
    expect(xml.headers['content-disposition']).toContain(`XRechnung-${a!.number}.xml`);

    expect(
      (await as(second.owner.email, 'GET', `/api/admin/invoices/${a!.id}/pdf`)).statusCode,
    ).toBe(404);
    const [stored] = await t.database.db
      .select({ buyer: invoices.buyer })
      .from(invoices)
      .where(eq(invoices.id, a!.id));
    expect(stored!.buyer).toMatchObject({
      vatId: 'DE123456789',
      email: 'buchhaltung@seeblick.example',
    });
  });

  it('is a reverse-charge invoice for an Austrian business with a VAT id', async () => {
    const hotel = await createBasisHotel(t);
    const started = await as(hotel.owner.email, 'POST', '/api/admin/plan/checkout', {
      ...BILLING,
      locations: 1,
      countryCode: 'AT',
      vatId: 'ATU12345678',
    });
    const url = new URL((started.json() as { checkoutUrl: string }).checkoutUrl).pathname;
    expect((await as(hotel.owner.email, 'GET', url)).body).toContain(
      'Steuerschuldnerschaft des Leistungsempfängers',
    );
    await as(hotel.owner.email, 'POST', url, 'action=pay');
    const [invoice] = await invoicesOf(hotel);
    expect(invoice).toMatchObject({
      netCents: 1900,
      vatCents: 0,
      grossCents: 1900,
      taxTreatment: 'reverse_charge',
    });
  });
});
