import type {
  PasswordChangeInput,
  PasswordLinkStatus,
  PasswordResetRequest,
  PasswordStatus,
  SetPasswordInput,
} from '../../../shared/api/passwords';
import { api } from '../../lib/api';

/** The calls of the password pages. */
export const passwordApi = {
  requestReset: (input: PasswordResetRequest) =>
    api.post<{ sent: true }>('/api/auth/password-reset', input),
  checkLink: (token: string) =>
    api.post<PasswordLinkStatus>('/api/auth/password-link/check', { token }),
  setWithLink: (input: SetPasswordInput) => api.post<void>('/api/auth/password-link', input),
  status: () => api.get<PasswordStatus>('/api/auth/password'),
  change: (input: PasswordChangeInput) => api.put<void>('/api/auth/password', input),
};

/** Query key of the own password status (the account page and onboarding read it). */
export const PASSWORD_STATUS_KEY = ['auth', 'password'] as const;
