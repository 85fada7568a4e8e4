import { useQuery } from '@tanstack/react-query';
import type { PlanState } from '../../../../shared/api/plans';
import type { ProFeature } from '../../../../shared/domain/plans';
import { api } from '../../../lib/api';
import { scoped, useSelectedBusinessId } from '../business-scope';

/** The business's plan (decision 0610), shared by 'Tarif' and every screen with a Pro feature. */
export const planKeys = {
  plan: (businessId: string | null) => ['admin', businessId, 'plan'] as const,
};

export const planApi = {
  get: () => api.get<PlanState>(scoped('/api/admin/plan')),
  startTrial: () => api.post<PlanState>(scoped('/api/admin/plan/trial'), {}),
  cancel: () => api.post<PlanState>(scoped('/api/admin/plan/cancel'), {}),
  resume: () => api.post<PlanState>(scoped('/api/admin/plan/resume'), {}),
  /** Stripe's Customer Portal for the business's card (only a Stripe booking has one). */
  portal: () => api.post<{ url: string }>(scoped('/api/admin/plan/portal'), {}),
};

export function usePlan() {
  const businessId = useSelectedBusinessId();
  return useQuery({ queryKey: planKeys.plan(businessId), queryFn: planApi.get });
}

/**
 * Whether the business may use a Pro feature. Unknown while the plan loads: screens keep their
 * controls as they are until then (the server decides every change anyway).
 */
export function useProFeature(feature: ProFeature): { known: boolean; included: boolean } {
  const plan = usePlan();
  if (!plan.data) return { known: false, included: true };
  return { known: true, included: plan.data.entitlements[feature] ?? false };
}
