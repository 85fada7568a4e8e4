import type {
  RecoveryCodes,
  TwoFactorSetup,
  TwoFactorSignIn,
  TwoFactorStatus,
} from '../../../shared/api/two-factor';
import { api } from '../../lib/api';
import { scoped } from '../admin/business-scope';

/** Every call of two-factor sign-in; the server checks each again. */
export const twoFactorApi = {
  status: () => api.get<TwoFactorStatus>('/api/me/two-factor'),
  startSetup: () => api.post<TwoFactorSetup>('/api/me/two-factor/setup'),
  confirm: (code: string) => api.post<RecoveryCodes>('/api/me/two-factor/confirm', { code }),
  disable: (code: string) => api.post<TwoFactorStatus>('/api/me/two-factor/disable', { code }),
  regenerate: (code: string) =>
    api.post<RecoveryCodes>('/api/me/two-factor/recovery-codes', { code }),
  /** The sign-in step: the challenge travels as an httpOnly cookie (decision 0316). */
  signIn: (code: string) => api.post<TwoFactorSignIn>('/api/auth/two-factor', { code }),
  /** 'Zwei-Faktor zurücksetzen' on /admin/users, in the business the admin works in. */
  reset: (userId: string) => api.post<void>(scoped(`/api/admin/users/${userId}/two-factor/reset`)),
};

export const twoFactorKeys = {
  status: ['two-factor', 'status'] as const,
};
