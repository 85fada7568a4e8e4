import { PLAN_ERRORS, proRequiredMessage } from '../../../shared/api/plans';
import {
  effectivePlan,
  type EffectivePlan,
  mayAddSharedPoint,
  planIncludes,
  type ProFeature,
  type SubscriptionFacts,
} from '../../../shared/domain/plans';
import { AppError } from '../../http/errors';

/**
 * The one entitlement rule on the server (decision 0610): may a business with these subscription
 * facts use a Pro feature now? Refuses in German, naming the feature and the way to 'Tarif'.
 */
export function assertPlanIncludes(
  facts: SubscriptionFacts | null,
  now: Date,
  feature: ProFeature,
): EffectivePlan {
  const plan = effectivePlan(facts, now);
  if (!planIncludes(plan.plan, feature)) throw proRequired(feature);
  return plan;
}

/** Basis allows three shared (team, object, business) points; Pro any number. */
export function assertMayAddSharedPoint(
  facts: SubscriptionFacts | null,
  now: Date,
  sharedPoints: number,
): void {
  if (!mayAddSharedPoint(effectivePlan(facts, now).plan, sharedPoints)) {
    throw proRequired('extra_points');
  }
}

export function proRequired(feature: ProFeature): AppError {
  return new AppError(PLAN_ERRORS.plan_required, { message: proRequiredMessage(feature) });
}
