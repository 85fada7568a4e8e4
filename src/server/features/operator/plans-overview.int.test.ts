import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  FACTORY_PRO_PERIOD_END,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import type {
  BusinessDetail,
  BusinessOverview,
  BusinessOverviewRow,
} from '../../../shared/api/operator';
import type { PlanState } from '../../../shared/api/plans';
import { berlinDay } from '../../../shared/domain/berlin-day';
import { proMonthlyPrice } from '../../../shared/domain/plans';
import { businessPlans } from '../../db/schema';

/**
 * The operator console's view of plans (decision 0610): each business's plan and state in the
 * list and on its page, the MRR of the paid subscriptions in the answer, and the operator's grant.
 * This file has its own app and database, so the MRR sums exactly its businesses.
 */

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let adminEmail: string;
let basis: FactoryBusiness;
let pro: FactoryBusiness;
let trialing: FactoryBusiness;
let grace: FactoryBusiness;
let lapsed: FactoryBusiness;

async function as(email: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const cookie = await signIn(t, email);
  return t.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

async function overview(): Promise<BusinessOverview> {
  const response = await as(adminEmail, 'GET', '/api/admin/businesses/overview');
  expect(response.statusCode).toBe(200);
  return response.json<BusinessOverview>();
}

function rowOf(list: BusinessOverview, business: FactoryBusiness): BusinessOverviewRow {
  const row = list.items.find((item) => item.id === business.id);
  if (!row) throw new Error(`${business.name} is not in the overview`);
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  adminEmail = (await createPlatformAdmin(db)).email;
  basis = await createBusiness(db, { plan: 'basis', employees: 0 });
  pro = await createBusiness(db, { employees: 0 });
  await db.update(businessPlans).set({ locations: 2 }).where(eq(businessPlans.businessId, pro.id));
  trialing = await createBusiness(db, { plan: 'basis', employees: 0 });
  const started = await as(trialing.owner.email, 'POST', '/api/admin/plan/trial');
  expect(started.statusCode).toBe(200);
  // A failed charge two days ago: still paid within the 14-day grace period.
  grace = await createBusiness(db, { employees: 0 });
  await db
    .update(businessPlans)
    .set({ status: 'past_due', pastDueSince: new Date(t.clock.now().getTime() - 2 * DAY) })
    .where(eq(businessPlans.businessId, grace.id));
  // A failed charge 20 days ago: the grace period is over, the business is on Basis.
  lapsed = await createBusiness(db, { employees: 0 });
  await db
    .update(businessPlans)
    .set({ status: 'past_due', pastDueSince: new Date(t.clock.now().getTime() - 20 * DAY) })
    .where(eq(businessPlans.businessId, lapsed.id));
});
afterAll(async () => {
  await t.close();
});

describe("the operator's view of plans", () => {
  it('shows each business’s plan and state, and sums the paid subscriptions’ MRR', async () => {
    const list = await overview();
    expect(list.total).toBeGreaterThanOrEqual(5);
    expect(rowOf(list, basis).plan).toEqual({
      plan: 'basis',
      source: 'none',
      status: 'basis',
      trialEndsAt: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      grantedUntil: null,
      locations: 1,
    });
    expect(rowOf(list, pro).plan).toEqual({
      plan: 'pro',
      source: 'paid',
      status: 'active',
      trialEndsAt: null,
      currentPeriodEnd: FACTORY_PRO_PERIOD_END.toISOString(),
      cancelAtPeriodEnd: false,
      grantedUntil: null,
      locations: 2,
    });
    const trial = rowOf(list, trialing).plan;
    expect(trial).toMatchObject({ plan: 'pro', source: 'trial', status: 'trialing' });
    expect(new Date(trial.trialEndsAt!).getTime() - t.clock.now().getTime()).toBe(30 * DAY);
    expect(rowOf(list, grace).plan).toMatchObject({
      plan: 'pro',
      source: 'grace',
      status: 'past_due',
    });
    expect(rowOf(list, lapsed).plan).toMatchObject({
      plan: 'basis',
      source: 'none',
      status: 'past_due',
    });

    // The paid one (2 locations) and the one in grace (1); not the trial, Basis or the lapsed one.
    expect(list.mrrCents).toBe(proMonthlyPrice(2).netCents + proMonthlyPrice(1).netCents);
    expect(list.mrrCents).toBe(5700);

    const page = await as(adminEmail, 'GET', `/api/admin/businesses/${pro.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json<BusinessDetail>().business.plan).toEqual(rowOf(list, pro).plan);
  });

  it('stops renewing a closed business’s subscription and leaves it out of the MRR', async () => {
    const closing = await createBusiness(t.database.db, { employees: 0 });
    const before = (await overview()).mrrCents;
    const closed = await as(adminEmail, 'POST', `/api/admin/businesses/${closing.id}/close`, {
      confirmName: closing.name,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const list = await overview();
    expect(list.mrrCents).toBe(before - proMonthlyPrice(1).netCents);
    // The month it paid stays Pro; it is not renewed.
    expect(rowOf(list, closing).plan).toMatchObject({ source: 'paid', cancelAtPeriodEnd: true });
  });

  it('time alone moves the plans: past the trial and the grace period they are Basis', async () => {
    t.clock.advance(31 * DAY);
    try {
      const list = await overview();
      expect(rowOf(list, trialing).plan).toMatchObject({ plan: 'basis', source: 'none' });
      expect(rowOf(list, grace).plan).toMatchObject({ plan: 'basis', source: 'none' });
      expect(list.mrrCents).toBe(proMonthlyPrice(2).netCents);
    } finally {
      t.clock.advance(-31 * DAY);
    }
  });

  it('shows a grant through the route as granted, without changing the MRR, until it ends', async () => {
    const until = berlinDay(new Date(t.clock.now().getTime() + 10 * DAY));
    const before = (await overview()).mrrCents;
    const granted = await as(adminEmail, 'POST', `/api/admin/businesses/${basis.id}/plan-grant`, {
      until,
      reason: 'Pilotbetrieb',
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json<PlanState>()).toMatchObject({ plan: 'pro', source: 'granted' });
    // A grant over the paid subscription: the subscription is still charged, so still counted.
    const overPaid = await as(adminEmail, 'POST', `/api/admin/businesses/${pro.id}/plan-grant`, {
      until,
      reason: 'Kulanz',
    });
    expect(overPaid.statusCode).toBe(200);

    const list = await overview();
    const plan = rowOf(list, basis).plan;
    expect(plan).toMatchObject({ plan: 'pro', source: 'granted', status: 'basis' });
    // Through the end of the Berlin day it names.
    expect(berlinDay(new Date(new Date(plan.grantedUntil!).getTime() - 1))).toBe(until);
    expect(berlinDay(new Date(plan.grantedUntil!))).not.toBe(until);
    expect(rowOf(list, pro).plan).toMatchObject({ plan: 'pro', source: 'granted' });
    expect(list.mrrCents).toBe(before);

    const page = await as(adminEmail, 'GET', `/api/admin/businesses/${basis.id}`);
    const detail = page.json<BusinessDetail>();
    expect(detail.business.plan.source).toBe('granted');
    expect(detail.audit.map((entry) => entry.label)).toContain('Pro freigeschaltet');

    const ended = await as(adminEmail, 'POST', `/api/admin/businesses/${basis.id}/plan-grant`, {
      until: null,
      reason: 'Pilot beendet',
    });
    expect(ended.statusCode).toBe(200);
    expect(rowOf(await overview(), basis).plan).toMatchObject({
      plan: 'basis',
      source: 'none',
      grantedUntil: null,
    });
  });

  it('is refused to an owner', async () => {
    const refused = await as(pro.owner.email, 'GET', '/api/admin/businesses/overview');
    expect(refused.statusCode).toBe(403);
    const page = await as(pro.owner.email, 'GET', `/api/admin/businesses/${pro.id}`);
    expect(page.statusCode).toBe(403);
  });
});
