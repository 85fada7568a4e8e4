import type {
  PayoutBatch,
  PayoutOverview,
  PayoutScheduleUpdate,
} from '../../../../shared/api/payouts';
import { api } from '../../../lib/api';
import { scoped } from '../business-scope';

const base = '/api/admin/payouts';

/** Calls of the payouts page; every path is scoped to the chosen business. */
export const payoutsApi = {
  overview: () => api.get<PayoutOverview>(scoped(base)),
  batch: (id: string) => api.get<PayoutBatch>(scoped(`${base}/${id}`)),
  runNow: () => api.post<PayoutBatch>(scoped(base)),
  saveSchedule: (body: PayoutScheduleUpdate) =>
    api.put<PayoutOverview>(scoped(`${base}/schedule`), body),
};

export const payoutKeys = {
  overview: (businessId: string | null) => ['admin', businessId, 'payouts'] as const,
  batch: (businessId: string | null, id: string) => ['admin', businessId, 'payouts', id] as const,
};
