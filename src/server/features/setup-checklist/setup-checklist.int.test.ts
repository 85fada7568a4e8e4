import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  createTip,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import type { SetupChecklist } from '../../../shared/api/setup-checklist';
import { profiles } from '../../db/schema';

let t: TestApp;
/** The same database with Stripe as the provider: payouts need a ready account there. */
let stripe: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  stripe = await createTestApp({
    database: t.database,
    clock: t.clock,
    config: {
      paymentProvider: 'stripe',
      stripeSecretKey: 'sk_test_checkliste',
      stripeWebhookSecret: 'whsec_checkliste',
      // Nothing here calls Stripe; should anything try, it fails at once.
      stripeApiUrl: 'http://127.0.0.1:1',
    },
  });
  adminCookie = await signIn(t, (await createPlatformAdmin(t.database.db)).email);
});
afterAll(async () => {
  await stripe.close();
  await t.close();
});

/** A business as a sign-up leaves it: its owner and nothing else. */
const newBusiness = () =>
  createBusiness(t.database.db, { employees: 0, withSettings: false, name: undefined });

async function checklist(business: FactoryBusiness, app = t): Promise<SetupChecklist> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/admin/setup-checklist',
    headers: { cookie: await signIn(app, business.owner.email) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const done = (list: SetupChecklist) =>
  Object.fromEntries(list.items.map((item) => [item.key, item.done]));

async function asOwner(
  business: FactoryBusiness,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) {
  const response = await t.inject({
    method,
    url,
    headers: { cookie: await signIn(t, business.owner.email) },
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

const saveBranding = (business: FactoryBusiness) =>
  asOwner(business, 'PUT', '/api/admin/branding', {
    primaryColor: '#003057',
    secondaryColor: '#C8C9C7',
    accentColor: '#C8AA61',
    fontFamily: 'Inter',
    language: 'de',
    tonality: 'formal',
    companyName: business.name,
    thankYouMessage: null,
    logoUrl: null,
  });

const createPoint = async (business: FactoryBusiness) =>
  (
    await asOwner(business, 'POST', '/api/admin/entrypoints', {
      name: 'Rezeption',
      type: 'object',
      targetType: 'tenant',
      targetId: business.id,
    })
  ).json() as { id: string; uid: string };

const invite = (business: FactoryBusiness) =>
  asOwner(business, 'POST', '/api/admin/users', { email: `neu-${business.id}@test.local` });

describe('the set-up checklist', () => {
  it('ticks each item from the business’s own data, one by one; another business ticks none', async () => {
    const first = await newBusiness();
    const second = await newBusiness();

    const fresh = await checklist(first);
    expect(fresh).toMatchObject({ show: true, dismissed: false, doneCount: 1, total: 5 });
    expect(done(fresh)).toEqual({
      branding: false,
      paymentPoint: false,
      staff: false,
      // Demo payments: payouts are simulated, the item says so and counts as done.
      payout: true,
      testTip: false,
    });
    expect(fresh.items.find((i) => i.key === 'payout')!.note).toBe('demo_payouts');
    expect(fresh.items.find((i) => i.key === 'testTip')).toMatchObject({
      href: '/admin/uid-management',
      note: 'no_point_yet',
    });

    // The second business does everything first: nothing of it reaches the first.
    await saveBranding(second);
    const secondPoint = await createPoint(second);
    await asOwner(second, 'POST', '/api/admin/setup-checklist/qr-export');
    await invite(second);
    await createTip(t.database.db, {
      businessId: second.id,
      entrypoint: { id: secondPoint.id, uid: secondPoint.uid },
    });
    expect(await checklist(second)).toMatchObject({ doneCount: 5, show: false });
    expect(await checklist(first)).toEqual(fresh);

    await saveBranding(first);
    expect(done(await checklist(first))).toMatchObject({ branding: true, paymentPoint: false });

    const point = await createPoint(first);
    const withPoint = await checklist(first);
    expect(withPoint.items.find((i) => i.key === 'paymentPoint')).toMatchObject({
      done: false,
      note: 'qr_missing',
    });
    expect(withPoint.items.find((i) => i.key === 'testTip')).toMatchObject({
      href: `/t/${point.uid}`,
      guestPage: true,
      note: null,
    });

    // The printable PDF comes from the server: printing it ticks the QR code.
    await asOwner(first, 'GET', `/api/admin/entrypoints/${point.id}/print.pdf`);
    expect(done(await checklist(first))).toMatchObject({ paymentPoint: true, staff: false });

    await invite(first);
    expect(done(await checklist(first))).toMatchObject({ staff: true, testTip: false });

    // A tip that was started but never paid is no test tip.
    await createTip(t.database.db, { businessId: first.id, status: 'initiated' });
    expect(done(await checklist(first)).testTip).toBe(false);
    await createTip(t.database.db, {
      businessId: first.id,
      entrypoint: { id: point.id, uid: point.uid },
    });
    const complete = await checklist(first);
    expect(complete).toMatchObject({ doneCount: 5, total: 5, show: false, dismissed: false });
  });

  it('records a PNG or SVG download reported by the browser for its business only', async () => {
    const first = await newBusiness();
    const second = await newBusiness();
    await createPoint(first);
    await createPoint(second);
    const response = await asOwner(second, 'POST', '/api/admin/setup-checklist/qr-export');
    expect(response.statusCode).toBe(204);
    expect(done(await checklist(second)).paymentPoint).toBe(true);
    expect(done(await checklist(first)).paymentPoint).toBe(false);
    // Reported again: the first time stays, nothing changes.
    await asOwner(second, 'POST', '/api/admin/setup-checklist/qr-export');
    expect(done(await checklist(second)).paymentPoint).toBe(true);
  });

  it('with Stripe, needs an employee of this business with a ready payout account', async () => {
    const first = await newBusiness();
    const second = await newBusiness();
    await invite(first);
    await invite(second);
    const employeeOf = async (business: FactoryBusiness) =>
      (
        await t.database.db
          .select({ id: profiles.id })
          .from(profiles)
          .where(eq(profiles.businessId, business.id))
      ).find((row) => row.id !== business.owner.id)!.id;

    const before = await checklist(first, stripe);
    expect(before.items.find((i) => i.key === 'payout')).toMatchObject({ done: false, note: null });

    await t.database.db
      .update(profiles)
      .set({ payoutsEnabled: true, stripeAccountStatus: 'enabled' })
      .where(eq(profiles.id, await employeeOf(second)));
    expect(done(await checklist(first, stripe)).payout).toBe(false);
    expect(done(await checklist(second, stripe)).payout).toBe(true);

    await t.database.db
      .update(profiles)
      .set({ payoutsEnabled: true, stripeAccountStatus: 'enabled' })
      .where(eq(profiles.id, await employeeOf(first)));
    expect(done(await checklist(first, stripe)).payout).toBe(true);
  });

  it('shows the platform admin the chosen business’s state', async () => {
    const first = await newBusiness();
    const second = await newBusiness();
    await saveBranding(second);
    const ofSecond = await t.inject({
      method: 'GET',
      url: `/api/admin/setup-checklist?businessId=${second.id}`,
      headers: { cookie: adminCookie },
    });
    expect(done(ofSecond.json()).branding).toBe(true);
    const ofFirst = await t.inject({
      method: 'GET',
      url: `/api/admin/setup-checklist?businessId=${first.id}`,
      headers: { cookie: adminCookie },
    });
    expect(done(ofFirst.json()).branding).toBe(false);
    // An owner naming another business hears that it does not exist.
    const stranger = await t.inject({
      method: 'GET',
      url: `/api/admin/setup-checklist?businessId=${second.id}`,
      headers: { cookie: await signIn(t, first.owner.email) },
    });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('dismissing the checklist', () => {
  const auditOf = (businessId: string) =>
    t.database.query<{ action: string; payload: unknown; admin_id: string }>(
      "SELECT action, payload, admin_id FROM admin_audit_log WHERE business_id = $1 AND action = 'setup_checklist_dismiss'",
      [businessId],
    );

  it('hides it for the business, audit-logged once; another business still sees its own', async () => {
    const first = await newBusiness();
    const second = await newBusiness();
    await saveBranding(first);
    const response = await asOwner(first, 'POST', '/api/admin/setup-checklist/dismiss');
    expect(response.json()).toMatchObject({ show: false, dismissed: true, doneCount: 2 });
    expect(await checklist(first)).toMatchObject({ show: false, dismissed: true });
    expect(await auditOf(first.id)).toEqual([
      {
        action: 'setup_checklist_dismiss',
        payload: { progress: '2 von 5' },
        admin_id: first.owner.id,
      },
    ]);

    // Hiding it again changes and records nothing.
    await asOwner(first, 'POST', '/api/admin/setup-checklist/dismiss');
    expect(await auditOf(first.id)).toHaveLength(1);

    expect(await checklist(second)).toMatchObject({ show: true, dismissed: false });
    expect(await auditOf(second.id)).toEqual([]);
  });

  it('lets the platform admin hide it for the chosen business, filed under that business', async () => {
    const business = await newBusiness();
    const response = await t.inject({
      method: 'POST',
      url: `/api/admin/setup-checklist/dismiss?businessId=${business.id}`,
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(await checklist(business)).toMatchObject({ show: false, dismissed: true });
    expect(await auditOf(business.id)).toHaveLength(1);
  });

  it('refuses employees', async () => {
    const business = await createBusiness(t.database.db, { employees: 1 });
    const cookie = await signIn(t, business.employees[0]!.email);
    for (const [method, url] of [
      ['GET', '/api/admin/setup-checklist'],
      ['POST', '/api/admin/setup-checklist/dismiss'],
      ['POST', '/api/admin/setup-checklist/qr-export'],
    ] as const) {
      const response = await t.inject({ method, url, headers: { cookie } });
      expect(response.statusCode, url).toBe(403);
    }
    expect(await auditOf(business.id)).toEqual([]);
  });
});
