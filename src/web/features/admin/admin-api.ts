import type { WalletLinks } from '../../../shared/api/wallet';
import { firstScreenKeys } from '../../../shared/api/first-screen';
import type { AdminDashboard } from '../../../shared/api/admin-dashboard';
import type { AuditLogPage } from '../../../shared/api/audit';
import type { BusinessListResponse } from '../../../shared/api/businesses';
import type {
  IntegrationSettings,
  IntegrationSettingsUpdate,
} from '../../../shared/api/integration';
import type {
  CreatePaymentPoint,
  DemoGenerationResult,
  PaymentPoint,
  PaymentPointDetails,
  PaymentPointList,
  PaymentPointTargets,
  UpdatePaymentPoint,
} from '../../../shared/api/payment-points';
import type {
  StaffInvite,
  StaffRoleInput,
  StaffUser,
  StaffUserList,
} from '../../../shared/api/staff';
import type {
  Team,
  TeamCreateInput,
  TeamList,
  TeamMembersInput,
  TeamSaveValues,
  TeamUpdateInput,
  WorkPoints,
  WorkPointsSaveValues,
} from '../../../shared/api/teams';
import type {
  PoolAssignResult,
  PoolDistributionPreview,
  PoolDistributionResult,
  PoolPage,
  PoolUnassignResult,
} from '../../../shared/api/pool';
import type {
  ShiftAssignment,
  ShiftBoard,
  ShiftCopyResult,
  ShiftCopyWeek,
  ShiftCreate,
} from '../../../shared/api/shifts';
import type { AuditAction } from '../../../shared/domain/audit';
import { api, ApiError } from '../../lib/api';
import { scoped } from './business-scope';
import type { PrintLanguage } from './print-language';

export interface AuditLogFilter {
  page: number;
  pageSize: number;
  action?: AuditAction | '';
  from?: string;
  to?: string;
}

const points = '/api/admin/entrypoints';

/**
 * Every call of the admin pages. Each path goes through `scoped()`, so the platform admin's
 * chosen business travels along; the server decides what the session may see.
 */
export const adminApi = {
  businesses: () => api.get<BusinessListResponse>('/api/admin/businesses'),
  dashboard: () => api.get<AdminDashboard>(scoped('/api/admin/dashboard')),
  auditLog: (filter: AuditLogFilter) => {
    const query = new URLSearchParams({
      page: String(filter.page),
      pageSize: String(filter.pageSize),
    });
    if (filter.action) query.set('action', filter.action);
    if (filter.from) query.set('from', filter.from);
    if (filter.to) query.set('to', filter.to);
    return api.get<AuditLogPage>(scoped(`/api/admin/audit-log?${query}`));
  },
  points: () => api.get<PaymentPointList>(scoped(points)),
  targets: () => api.get<PaymentPointTargets>(scoped(`${points}/targets`)),
  point: (id: string) => api.get<PaymentPointDetails>(scoped(`${points}/${id}`)),
  createPoint: (body: CreatePaymentPoint) => api.post<PaymentPoint>(scoped(points), body),
  updatePoint: (id: string, body: UpdatePaymentPoint) =>
    api.patch<PaymentPoint>(scoped(`${points}/${id}`), body),
  setActive: (id: string, active: boolean) =>
    api.post<PaymentPoint>(scoped(`${points}/${id}/${active ? 'activate' : 'deactivate'}`)),
  regenerate: (id: string) => api.post<PaymentPoint>(scoped(`${points}/${id}/regenerate`)),
  makePrimary: (id: string) => api.post<PaymentPoint>(scoped(`${points}/${id}/primary`)),
  deletePoint: (id: string) => api.delete<void>(scoped(`${points}/${id}`)),
  generateDemo: () => api.post<DemoGenerationResult>(scoped(`${points}/demo`)),
  /** The printed A4 card in one of the guest languages. */
  pdfUrl: (id: string, language: PrintLanguage = 'de') =>
    scoped(`${points}/${id}/print.pdf?language=${language}`),
  pointWallet: (id: string) =>
    api.get<WalletLinks>(scoped(`/api/admin/payment-points/${id}/wallet`)),
  integration: () => api.get<IntegrationSettings>(scoped('/api/admin/integration')),
  saveIntegration: (body: IntegrationSettingsUpdate) =>
    api.put<IntegrationSettings>(scoped('/api/admin/integration'), body),
  resetIntegration: () => api.post<IntegrationSettings>(scoped('/api/admin/integration/reset')),
  testIntegration: () => api.post<IntegrationSettings>(scoped('/api/admin/integration/test')),
  users: (search: string) =>
    api.get<StaffUserList>(
      scoped(search ? `/api/admin/users?${new URLSearchParams({ search })}` : '/api/admin/users'),
    ),
  inviteUser: (body: StaffInvite) => api.post<StaffUser>(scoped('/api/admin/users'), body),
  resendInvitation: (id: string) =>
    api.post<StaffUser>(scoped(`/api/admin/users/${id}/invitation`)),
  setUserRole: (id: string, body: StaffRoleInput) =>
    api.patch<StaffUser>(scoped(`/api/admin/users/${id}`), body),
  setUserActive: (id: string, active: boolean) =>
    api.post<StaffUser>(scoped(`/api/admin/users/${id}/${active ? 'reactivate' : 'deactivate'}`)),
  teams: () => api.get<TeamList>(scoped('/api/admin/teams')),
  /** 'Punkte je Rolle' for splits by hours (decision 0660). */
  workPoints: () => api.get<WorkPoints>(scoped('/api/admin/work-points')),
  saveWorkPoints: (body: WorkPointsSaveValues) =>
    api.put<WorkPoints>(scoped('/api/admin/work-points'), {
      items: body.items.map((item) => ({
        profileId: item.profileId,
        points: item.points / 1000,
        role: item.role,
      })),
    }),
  createTeam: (body: TeamCreateInput) => api.post<Team>(scoped('/api/admin/teams'), body),
  updateTeam: (id: string, body: TeamUpdateInput) =>
    api.patch<Team>(scoped(`/api/admin/teams/${id}`), body),
  setTeamMembers: (id: string, body: TeamMembersInput) =>
    api.put<Team>(scoped(`/api/admin/teams/${id}/members`), body),
  saveTeam: (id: string, body: TeamSaveValues) =>
    api.put<Team>(scoped(`/api/admin/teams/${id}`), body),
  deleteTeam: (id: string) => api.delete<void>(scoped(`/api/admin/teams/${id}`)),
  shifts: () => api.get<ShiftBoard>(scoped('/api/admin/shifts')),
  assignShift: (body: ShiftCreate) => api.post<ShiftAssignment>(scoped('/api/admin/shifts'), body),
  removeShift: (id: string) => api.delete<void>(scoped(`/api/admin/shifts/${id}`)),
  copyShiftWeek: (body: ShiftCopyWeek) =>
    api.post<ShiftCopyResult>(scoped('/api/admin/shifts/copy-week'), body),
  /** One page of the pool; `cursor` is the previous page's nextCursor. */
  pool: (cursor: string | null) =>
    api.get<PoolPage>(
      scoped(`/api/admin/pool?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
    ),
  assignPoolTip: (tipId: string, profileId: string) =>
    api.post<PoolAssignResult>(scoped(`/api/admin/pool/${tipId}/assign`), { profileId }),
  unassignPoolTip: (tipId: string) =>
    api.post<PoolUnassignResult>(scoped(`/api/admin/pool/${tipId}/unassign`), {}),
  /** 'Pool verteilen' by hours (decision 0660): the preview, then exactly it confirmed. */
  poolDistribution: (period: 'day' | 'week', day: string) =>
    api.get<PoolDistributionPreview>(
      scoped(`/api/admin/pool/distribution?period=${period}&day=${encodeURIComponent(day)}`),
    ),
  distributePool: (body: { period: 'day' | 'week'; day: string; fingerprint: string }) =>
    api.post<PoolDistributionResult>(scoped('/api/admin/pool/distribution'), body),
};

/** Query keys carry the chosen business, so switching it never shows another business's data. */
export const adminKeys = {
  all: ['admin'] as const,
  businesses: firstScreenKeys.adminBusinesses,
  dashboard: firstScreenKeys.adminDashboard,
  setupChecklist: firstScreenKeys.setupChecklist,
  auditLog: (businessId: string | null, filter?: AuditLogFilter) =>
    filter
      ? (['admin', businessId, 'audit-log', filter] as const)
      : (['admin', businessId, 'audit-log'] as const),
  points: (businessId: string | null) => ['admin', businessId, 'points'] as const,
  point: (businessId: string | null, id: string) => ['admin', businessId, 'points', id] as const,
  targets: (businessId: string | null) => ['admin', businessId, 'targets'] as const,
  integration: (businessId: string | null) => ['admin', businessId, 'integration'] as const,
  users: (businessId: string | null) => ['admin', businessId, 'users'] as const,
  teams: (businessId: string | null) => ['admin', businessId, 'teams'] as const,
  shifts: (businessId: string | null) => ['admin', businessId, 'shifts'] as const,
  pool: (businessId: string | null) => ['admin', businessId, 'pool'] as const,
};

/** The server's message for a 4xx, otherwise the spec's fallback text. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : fallback;
}
