import { describe, expect, it } from 'vitest';
import {
  BASIS_SHARED_POINT_ALLOWANCE,
  effectivePlan,
  entitlementsOf,
  mayAddSharedPoint,
  planIncludes,
  PRO_FEATURES,
  proMonthlyPrice,
  type SubscriptionFacts,
} from './plans';

const NOW = new Date('2026-11-29T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const days = (n: number) => new Date(NOW.getTime() + n * DAY);
const facts = (extra: Partial<SubscriptionFacts>): SubscriptionFacts => ({
  status: 'basis',
  trialEndsAt: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  pastDueSince: null,
  grantedUntil: null,
  ...extra,
});

describe('the plan a business has now', () => {
  it('is Basis without a row and for a plain Basis row', () => {
    expect(effectivePlan(null, NOW)).toEqual({ plan: 'basis', source: 'none', proUntil: null });
    expect(effectivePlan(facts({}), NOW).plan).toBe('basis');
  });

  it('is Pro during a trial and Basis from its last moment on', () => {
    const trial = facts({ status: 'trialing', trialEndsAt: days(3) });
    expect(effectivePlan(trial, NOW)).toEqual({ plan: 'pro', source: 'trial', proUntil: days(3) });
    expect(effectivePlan(trial, days(3)).plan).toBe('basis');
  });

  it('is Pro while paid, until a cancelled period ends', () => {
    const paid = facts({ status: 'active', currentPeriodEnd: days(10) });
    expect(effectivePlan(paid, NOW)).toEqual({ plan: 'pro', source: 'paid', proUntil: null });
    const cancelled = { ...paid, cancelAtPeriodEnd: true };
    expect(effectivePlan(cancelled, NOW).proUntil).toEqual(days(10));
    expect(effectivePlan(cancelled, days(11)).plan).toBe('basis');
    // A period that ended without renewal (no event came) does not keep Pro either.
    expect(effectivePlan(paid, days(11)).plan).toBe('basis');
  });

  it('keeps Pro for 14 days after a failed charge, then falls back to Basis', () => {
    const failed = facts({ status: 'past_due', pastDueSince: NOW, currentPeriodEnd: NOW });
    expect(effectivePlan(failed, days(13))).toEqual({
      plan: 'pro',
      source: 'grace',
      proUntil: days(14),
    });
    expect(effectivePlan(failed, days(14)).plan).toBe('basis');
  });

  it("gives Pro through the operator's grant whatever the subscription says", () => {
    const granted = facts({ status: 'cancelled', grantedUntil: days(30) });
    expect(effectivePlan(granted, NOW)).toEqual({
      plan: 'pro',
      source: 'granted',
      proUntil: days(30),
    });
    expect(effectivePlan(granted, days(31)).plan).toBe('basis');
  });

  it('is Basis once cancelled', () => {
    expect(effectivePlan(facts({ status: 'cancelled', currentPeriodEnd: days(5) }), NOW).plan).toBe(
      'basis',
    );
  });
});

describe('what a plan includes', () => {
  it.each(PRO_FEATURES)('Basis lacks %s, Pro has it', (feature) => {
    expect(planIncludes('basis', feature)).toBe(false);
    expect(planIncludes('pro', feature)).toBe(true);
  });

  it('lists every Pro feature with its answer', () => {
    expect(Object.values(entitlementsOf('basis'))).toEqual(PRO_FEATURES.map(() => false));
    expect(Object.keys(entitlementsOf('pro'))).toEqual([...PRO_FEATURES]);
  });

  it('allows Basis three shared points and Pro any number', () => {
    expect(BASIS_SHARED_POINT_ALLOWANCE).toBe(3);
    expect(mayAddSharedPoint('basis', 2)).toBe(true);
    expect(mayAddSharedPoint('basis', 3)).toBe(false);
    expect(mayAddSharedPoint('pro', 300)).toBe(true);
  });
});

describe("Pro's price", () => {
  it('is 19 EUR net per location and month with 19 % VAT, in cents', () => {
    expect(proMonthlyPrice(1)).toEqual({ netCents: 1900, vatCents: 361, grossCents: 2261 });
    expect(proMonthlyPrice(3)).toEqual({ netCents: 5700, vatCents: 1083, grossCents: 6783 });
  });
});
