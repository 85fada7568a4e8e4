import { describe, expect, it } from 'vitest';
import { PRO_FEATURE_NAMES } from '../../../shared/api/plans';
import { PRO_FEATURES, type SubscriptionFacts } from '../../../shared/domain/plans';
import { AppError } from '../../http/errors';
import { assertMayAddSharedPoint, assertPlanIncludes } from './policy';

const NOW = new Date('2026-11-29T12:00:00Z');
const paid: SubscriptionFacts = {
  status: 'active',
  trialEndsAt: null,
  currentPeriodEnd: new Date('2026-12-29T12:00:00Z'),
  cancelAtPeriodEnd: false,
  pastDueSince: null,
  grantedUntil: null,
};

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('the entitlement check', () => {
  it.each(PRO_FEATURES)('refuses %s to a Basis business in German, naming it', (feature) => {
    const error = refusal(() => assertPlanIncludes(null, NOW, feature));
    expect(error.status).toBe(403);
    expect(error.code).toBe('plan_required');
    expect(error.message).toContain(PRO_FEATURE_NAMES[feature]);
    expect(error.message).toContain('Trinkgeld Pro');
    expect(error.message).toContain('„Tarif“');
  });

  it.each(PRO_FEATURES)('allows %s to a Pro business', (feature) => {
    expect(assertPlanIncludes(paid, NOW, feature).plan).toBe('pro');
  });

  it('counts shared points against Basis only', () => {
    expect(() => assertMayAddSharedPoint(null, NOW, 2)).not.toThrow();
    expect(refusal(() => assertMayAddSharedPoint(null, NOW, 3)).message).toContain(
      PRO_FEATURE_NAMES.extra_points,
    );
    expect(() => assertMayAddSharedPoint(paid, NOW, 3)).not.toThrow();
  });
});
