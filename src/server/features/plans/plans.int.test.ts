import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBasisHotel, expectGuestTipPaid } from '../../../../test/support/plans';
import {
  createBusiness,
  createPlatformAdmin,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { brandingUpdateFieldsSchema } from '../../../shared/api/branding';
import { PRO_FEATURE_NAMES } from '../../../shared/api/plans';
import type { PlanState } from '../../../shared/api/plans';
import type { ProFeature } from '../../../shared/domain/plans';
import { dayInZone } from '../../../shared/domain/shifts';
import { businessPlans, teams } from '../../db/schema';

let t: TestApp;
let admin: string;
const DAY = 24 * 60 * 60 * 1000;
const BRANDING_FIELDS = Object.keys(brandingUpdateFieldsSchema.shape);

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createPlatformAdmin(t.database.db)).email;
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A request as a person, signed in afresh (the clock moves by weeks between steps). */
async function as(email: string, method: Method, url: string, payload?: object) {
  const cookie = await signIn(t, email);
  return t.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

async function planOf(business: FactoryBusiness): Promise<PlanState> {
  const response = await as(business.owner.email, 'GET', '/api/admin/plan');
  expect(response.statusCode).toBe(200);
  return response.json() as PlanState;
}

/** Every Pro action of the console, as an owner of `business` asks for it. */
function proActions(
  business: FactoryBusiness,
): Record<
  Exclude<ProFeature, 'api' | 'priority_support' | 'extra_points'>,
  () => Promise<{ statusCode: number; json(): unknown }>
>[] {
  const owner = business.owner.email;
  const today = dayInZone(t.clock.now());
  const range = `from=${today}&to=${today}`;
  return [
    {
      branding: async () => {
        const current = (await as(owner, 'GET', '/api/admin/branding')).json() as Record<
          string,
          unknown
        >;
        const fields = Object.fromEntries(BRANDING_FIELDS.map((key) => [key, current[key]]));
        // The whitelabel part (here the font) is Pro; see the Basis test for the rest.
        const fontFamily = current.fontFamily === 'Inter' ? 'Roboto' : 'Inter';
        return as(owner, 'PUT', '/api/admin/branding', { ...fields, fontFamily });
      },
      reports: () => as(owner, 'GET', `/api/admin/reports?${range}`),
      teams: () => as(owner, 'POST', '/api/admin/teams', { name: 'Bar', splitRule: 'equal' }),
      manager_role: () =>
        as(owner, 'PATCH', `/api/admin/users/${business.employees[0]!.id}`, {
          role: 'business_owner',
        }),
      shift_routing: () =>
        as(owner, 'POST', '/api/admin/shifts', {
          targetKind: 'team',
          targetId: business.teams[0]!.id,
          profileId: business.employees[0]!.id,
          day: today,
        }),
    },
  ];
}

async function expectRefused(
  response: { statusCode: number; json(): unknown },
  feature: ProFeature,
) {
  expect(response.statusCode).toBe(403);
  const { error } = response.json() as { error: { code: string; message: string } };
  expect(error.code).toBe('plan_required');
  expect(error.message).toContain(PRO_FEATURE_NAMES[feature]);
}

const activeTeams = async (businessId: string) =>
  (await t.database.db.select().from(teams).where(eq(teams.businessId, businessId))).filter(
    (team) => team.active,
  ).length;

describe('a business on Basis', () => {
  it('is refused every Pro action in German, keeps what it has and still takes tips', async () => {
    const hotel = await createBasisHotel(t);
    expect(await planOf(hotel)).toMatchObject({
      plan: 'basis',
      source: 'none',
      trialAvailable: true,
      sharedPoints: { used: 1, allowance: 3 },
    });
    for (const [feature, run] of Object.entries(proActions(hotel)[0]!)) {
      await expectRefused(await run(), feature as ProFeature);
    }
    expect(await activeTeams(hotel.id)).toBe(1);
    // The name, thank-you message, language and tone stay Basis, saved with the colours as they are.
    const current = (await as(hotel.owner.email, 'GET', '/api/admin/branding')).json() as Record<
      string,
      unknown
    >;
    const kept = Object.fromEntries(BRANDING_FIELDS.map((key) => [key, current[key]]));
    const named = await as(hotel.owner.email, 'PUT', '/api/admin/branding', {
      ...kept,
      companyName: 'Hotel am See',
      thankYouMessage: 'Danke für Ihren Besuch!',
    });
    expect(named.statusCode).toBe(200);
    // The CSV export too.
    const today = dayInZone(t.clock.now());
    await expectRefused(
      await as(hotel.owner.email, 'GET', `/api/admin/reports/tips.csv?from=${today}&to=${today}`),
      'reports',
    );
    // The operator still exports the business's tips (offered before closing it, decision 0323).
    const exported = await as(
      admin,
      'GET',
      `/api/admin/reports/tips.csv?from=${today}&to=${today}&businessId=${hotel.id}`,
    );
    expect(exported.statusCode).toBe(200);
    // What gets money to staff stays: reading the team, inviting an employee, a person's point.
    expect((await as(hotel.owner.email, 'GET', '/api/admin/teams')).statusCode).toBe(200);
    const invited = await as(hotel.owner.email, 'POST', '/api/admin/users', {
      email: `neu-${hotel.id}@test.local`,
      role: 'employee',
    });
    expect(invited.statusCode).toBe(201);
    await expectRefused(
      await as(hotel.owner.email, 'POST', '/api/admin/users', {
        email: `chefin-${hotel.id}@test.local`,
        role: 'business_owner',
      }),
      'manager_role',
    );
    await expectGuestTipPaid(t, hotel);
  });

  it('may have three team or object points, any number of personal ones', async () => {
    const hotel = await createBasisHotel(t);
    const objectPoint = (name: string) =>
      as(hotel.owner.email, 'POST', '/api/admin/entrypoints', {
        name,
        type: 'object',
        targetType: 'tenant',
        targetId: hotel.id,
      });
    expect((await objectPoint('Tisch 1')).statusCode).toBe(201);
    expect((await objectPoint('Tisch 2')).statusCode).toBe(201);
    await expectRefused(await objectPoint('Tisch 3'), 'extra_points');
    const personal = await as(hotel.owner.email, 'POST', '/api/admin/entrypoints', {
      name: 'Zweiter Code',
      type: 'person',
      targetType: 'user',
      targetId: hotel.employees[1]!.id,
    });
    expect(personal.statusCode).toBe(201);
    expect((await planOf(hotel)).sharedPoints).toEqual({ used: 3, allowance: 3 });
  });
});

describe('the trial', () => {
  it('opens Pro for 30 days once; afterwards settings are kept, read-only, and tips go on', async () => {
    const hotel = await createBasisHotel(t);
    const started = await as(hotel.owner.email, 'POST', '/api/admin/plan/trial');
    expect(started.statusCode).toBe(200);
    const trial = started.json() as PlanState;
    expect(trial).toMatchObject({ plan: 'pro', source: 'trial', trialAvailable: false });
    expect(new Date(trial.trialEndsAt!).getTime() - t.clock.now().getTime()).toBe(30 * DAY);
    for (const run of Object.values(proActions(hotel)[0]!)) {
      expect((await run()).statusCode).toBeLessThan(300);
    }
    expect(await activeTeams(hotel.id)).toBe(2);
    expect((await as(hotel.owner.email, 'POST', '/api/admin/plan/trial')).statusCode).toBe(409);
    const [row] = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM admin_audit_log WHERE business_id = $1 AND action = 'plan_trial_start'",
      [hotel.id],
    );
    expect(row!.n).toBe(1);

    t.clock.advance(30 * DAY + 1000);
    try {
      expect(await planOf(hotel)).toMatchObject({ plan: 'basis', trialAvailable: false });
      // Nothing is deleted: both teams are still there and listed.
      expect(await activeTeams(hotel.id)).toBe(2);
      const listed = await as(hotel.owner.email, 'GET', '/api/admin/teams');
      expect((listed.json() as { items: unknown[] }).items).toHaveLength(2);
      await expectRefused(
        await as(hotel.owner.email, 'POST', '/api/admin/teams', { name: 'Küche' }),
        'teams',
      );
      const again = await as(hotel.owner.email, 'POST', '/api/admin/plan/trial');
      expect(again.statusCode).toBe(409);
      expect((again.json() as { error: { code: string } }).error.code).toBe('trial_used');
      await expectGuestTipPaid(t, hotel);
    } finally {
      t.clock.advance(-(30 * DAY + 1000));
    }
  });
});

describe('a paid subscription', () => {
  it('is cancelled at the period’s end, can be resumed until then, and then ends', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1 });
    const periodEnd = new Date(t.clock.now().getTime() + 10 * DAY);
    await t.database.db
      .update(businessPlans)
      .set({ currentPeriodEnd: periodEnd })
      .where(eq(businessPlans.businessId, hotel.id));
    const cancelled = await as(hotel.owner.email, 'POST', '/api/admin/plan/cancel');
    expect(cancelled.json()).toMatchObject({
      plan: 'pro',
      cancelAtPeriodEnd: true,
      proUntil: periodEnd.toISOString(),
    });
    expect((await as(hotel.owner.email, 'POST', '/api/admin/plan/cancel')).statusCode).toBe(409);
    const resumed = await as(hotel.owner.email, 'POST', '/api/admin/plan/resume');
    expect(resumed.json()).toMatchObject({ plan: 'pro', cancelAtPeriodEnd: false, proUntil: null });
    expect((await as(hotel.owner.email, 'POST', '/api/admin/plan/resume')).statusCode).toBe(409);
    await as(hotel.owner.email, 'POST', '/api/admin/plan/cancel');
    t.clock.advance(11 * DAY);
    try {
      expect((await planOf(hotel)).plan).toBe('basis');
      expect((await as(hotel.owner.email, 'POST', '/api/admin/plan/resume')).statusCode).toBe(409);
    } finally {
      t.clock.advance(-11 * DAY);
    }
  });
});

describe("the operator's grant", () => {
  it('opens Pro for a pilot business until a day, audited in its log, and ends on request', async () => {
    const hotel = await createBasisHotel(t);
    const until = dayInZone(new Date(t.clock.now().getTime() + 60 * DAY));
    const byOwner = await as(
      hotel.owner.email,
      'POST',
      `/api/admin/businesses/${hotel.id}/plan-grant`,
      {
        until,
        reason: 'Pilotbetrieb',
      },
    );
    expect(byOwner.statusCode).toBe(403);
    const granted = await as(admin, 'POST', `/api/admin/businesses/${hotel.id}/plan-grant`, {
      until,
      reason: 'Pilotbetrieb',
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ plan: 'pro', source: 'granted' });
    expect((await proActions(hotel)[0]!.teams()).statusCode).toBe(201);
    const log = await as(hotel.owner.email, 'GET', '/api/admin/audit-log?action=plan_grant');
    const [entry] = (log.json() as { items: { description?: string; sentence?: string }[] }).items;
    expect(JSON.stringify(entry)).toContain('Pilotbetrieb');

    const refused = await as(admin, 'POST', `/api/admin/businesses/${hotel.id}/plan-grant`, {
      until: 'morgen',
      reason: 'x',
    });
    expect(refused.statusCode).toBe(400);

    const ended = await as(admin, 'POST', `/api/admin/businesses/${hotel.id}/plan-grant`, {
      until: null,
      reason: 'Pilot beendet',
    });
    expect(ended.json()).toMatchObject({ plan: 'basis', grantedUntil: null });
    await expectRefused(await proActions(hotel)[0]!.teams(), 'teams');
  });
});
