import type {
  BusinessChange,
  BusinessDetail,
  UpdateBusinessInput,
  BusinessOverview,
  BusinessListSort,
  BusinessOverviewRow,
  CreateBusiness,
} from '../../../../shared/api/operator';
import type { PlanGrant, PlanState } from '../../../../shared/api/plans';
import type { BusinessStatus } from '../../../../shared/domain/business-status';
import { api } from '../../../lib/api';

/** What the list shows: the search, the state filter ('all' for none), the order and the page. */
export interface BusinessListQuery {
  search: string;
  status: BusinessStatus | 'all';
  sort: BusinessListSort;
  page: number;
}

const base = '/api/admin/businesses';

/**
 * The operator console's calls. They name the business in the path and never carry
 * the header's business choice: the platform admin works across every business here.
 */
export const operatorApi = {
  overview: (list: BusinessListQuery) => {
    const query = new URLSearchParams({ page: String(list.page), sort: list.sort });
    if (list.search) query.set('search', list.search);
    if (list.status !== 'all') query.set('status', list.status);
    return api.get<BusinessOverview>(`${base}/overview?${query}`);
  },
  detail: (id: string) => api.get<BusinessDetail>(`${base}/${id}`),
  update: (id: string, body: UpdateBusinessInput) =>
    api.patch<BusinessDetail>(`${base}/${id}`, body),
  create: (body: CreateBusiness) => api.post<BusinessChange>(base, body),
  inviteOwner: (id: string, email: string) =>
    api.post<BusinessChange>(`${base}/${id}/owners`, { email }),
  resendInvitation: (id: string, userId: string) =>
    api.post<BusinessChange>(`${base}/${id}/owners/${userId}/invitation`),
  suspend: (id: string, reason: string) =>
    api.post<BusinessOverviewRow>(`${base}/${id}/suspend`, { reason }),
  reactivate: (id: string) => api.post<BusinessOverviewRow>(`${base}/${id}/reactivate`),
  close: (id: string, confirmName: string) =>
    api.post<BusinessOverviewRow>(`${base}/${id}/close`, { confirmName }),
  /** The operator's grant of Pro through a day, or its end (`until: null`); audited. */
  grantPlan: (id: string, body: PlanGrant) => api.post<PlanState>(`${base}/${id}/plan-grant`, body),
  /** Downloads named by the business, whatever the header's picker shows. */
  reportCsvUrl: (id: string, from: string, to: string) =>
    `/api/admin/reports/tips.csv?${new URLSearchParams({ from, to, businessId: id })}`,
  auditCsvUrl: (id: string) =>
    `/api/admin/audit-log.csv?${new URLSearchParams({ businessId: id })}`,
};

export const operatorKeys = {
  all: ['admin', 'operator'] as const,
  overview: (list: BusinessListQuery) =>
    ['admin', 'operator', list.search, list.status, list.sort, list.page] as const,
  detail: (id: string) => ['admin', 'operator', 'business', id] as const,
};
