import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/connect';
import { businessPlans, businesses } from '../../../db/schema';

/** The facts of a business's plan row the console shows and computes the plan from. */
const planColumns = {
  businessId: businessPlans.businessId,
  status: businessPlans.status,
  trialEndsAt: businessPlans.trialEndsAt,
  currentPeriodEnd: businessPlans.currentPeriodEnd,
  cancelAtPeriodEnd: businessPlans.cancelAtPeriodEnd,
  pastDueSince: businessPlans.pastDueSince,
  grantedUntil: businessPlans.grantedUntil,
  locations: businessPlans.locations,
};

export interface PlanFactsRow {
  businessId: string;
  status: (typeof businessPlans.$inferSelect)['status'];
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  pastDueSince: Date | null;
  grantedUntil: Date | null;
  locations: number;
}

/** The plan rows of the businesses of a page; a business without one is on Basis. */
export async function planRowsOf(db: Executor, ids: string[]): Promise<Map<string, PlanFactsRow>> {
  if (ids.length === 0) return new Map();
  const rows: PlanFactsRow[] = await db
    .select(planColumns)
    .from(businessPlans)
    .where(inArray(businessPlans.businessId, ids));
  return new Map(rows.map((row) => [row.businessId, row]));
}

/**
 * Every subscription of a business not closed that may be paid now: 'active' or 'past_due'.
 * Whether it is (its period or grace not over) is decided with the app's clock by
 * `effectivePlan`, not here. A closed business's paid month is not recurring revenue.
 */
export async function payingPlanCandidates(db: Executor): Promise<PlanFactsRow[]> {
  return db
    .select(planColumns)
    .from(businessPlans)
    .innerJoin(businesses, eq(businesses.id, businessPlans.businessId))
    .where(and(inArray(businessPlans.status, ['active', 'past_due']), isNull(businesses.closedAt)));
}
