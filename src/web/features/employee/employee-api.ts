import type { WalletLinks } from '../../../shared/api/wallet';
import {
  employeeFirstScreenKeys,
  employeeTodayUrl,
} from '../../../shared/api/employee-first-screen';
import type {
  EmployeeStatsResponse,
  QrCard,
  ThankYouMessages,
  TipPage,
  TodayOverview,
} from '../../../shared/api/employee';
import type { SetupChecklist } from '../../../shared/api/setup-checklist';
import type { TeamTips } from '../../../shared/api/teams';
import type { StatsPeriod } from '../../../shared/domain/constants';
import { api } from '../../lib/api';

/** Every call the employee dashboard makes; all scoped to the signed-in person by the server. */
export const employeeApi = {
  today: (from: Date) => api.get<TodayOverview>(employeeTodayUrl(from)),
  messages: () => api.get<ThankYouMessages>('/api/employee/messages'),
  markMessagesSeen: () => api.post<{ seenAt: string }>('/api/employee/messages/seen'),
  history: (period: StatsPeriod, page: number, pageSize: number, withMessage = false) =>
    api.get<TipPage>(
      `/api/employee/tips?period=${period}&page=${page}&pageSize=${pageSize}${withMessage ? '&withMessage=true' : ''}`,
    ),
  stats: (period: StatsPeriod) =>
    api.get<EmployeeStatsResponse>(`/api/employee/stats?period=${period}`),
  qr: () => api.get<QrCard>('/api/employee/qr'),
  createQr: () => api.post<QrCard>('/api/employee/qr'),
  wallet: () => api.get<WalletLinks>('/api/employee/wallet'),
  reply: (tipId: string, message: string) =>
    api.post<unknown>(`/api/employee/tips/${tipId}/reply`, { message }),
  teamTips: (period: StatsPeriod) => api.get<TeamTips>(`/api/employee/team-tips?period=${period}`),
  /** An owner's own business's set-up checklist (the server picks the owner's business). */
  ownerSetup: () => api.get<SetupChecklist>('/api/admin/setup-checklist'),
};

/**
 * Query keys: everything under ['employee'] is refetched when a tip changes live. Today's and the
 * messages' are the ones the dashboard's HTML may bring answers for (decision 0420).
 */
export const employeeKeys = {
  all: ['employee'] as const,
  today: employeeFirstScreenKeys.today,
  messages: employeeFirstScreenKeys.messages,
  history: (period: StatsPeriod, page: number, withMessage: boolean) =>
    ['employee', 'history', period, page, withMessage] as const,
  stats: (period: StatsPeriod) => ['employee', 'stats', period] as const,
  qr: ['employee', 'qr'] as const,
  wallet: ['employee', 'wallet'] as const,
  teamTips: (period: StatsPeriod) => ['employee', 'team-tips', period] as const,
  ownerSetup: ['employee', 'owner-setup'] as const,
};
