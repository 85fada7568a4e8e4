import type { PlanState } from '../../../shared/api/plans';
import {
  BASIS_SHARED_POINT_ALLOWANCE,
  effectivePlan,
  entitlementsOf,
  graceEndOf,
  PRO_PRICE_CENTS_PER_LOCATION,
  PRO_VAT_PERCENT,
} from '../../../shared/domain/plans';
import type { PlanRow } from './queries';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** The plan as the console's 'Tarif' page and marks read it. */
export function presentPlanState(row: PlanRow | null, now: Date, sharedPoints: number): PlanState {
  const effective = effectivePlan(row, now);
  return {
    plan: effective.plan,
    status: row?.status ?? 'basis',
    source: effective.source,
    proUntil: iso(effective.proUntil),
    trialEndsAt: iso(row?.trialEndsAt),
    trialAvailable: !row?.trialUsed && effective.plan === 'basis',
    currentPeriodEnd: iso(row?.currentPeriodEnd),
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    graceEndsAt:
      row?.status === 'past_due' && row.pastDueSince ? iso(graceEndOf(row.pastDueSince)) : null,
    grantedUntil: row?.grantedUntil && row.grantedUntil > now ? iso(row.grantedUntil) : null,
    locations: row?.locations ?? 1,
    paymentProvider: row?.provider === 'demo' || row?.provider === 'stripe' ? row.provider : null,
    priceCentsPerLocation: PRO_PRICE_CENTS_PER_LOCATION,
    vatPercent: PRO_VAT_PERCENT,
    entitlements: entitlementsOf(effective.plan),
    sharedPoints: {
      used: sharedPoints,
      allowance: effective.plan === 'pro' ? null : BASIS_SHARED_POINT_ALLOWANCE,
    },
  };
}
