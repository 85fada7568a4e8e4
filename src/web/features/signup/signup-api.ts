import type { SessionResponse } from '../../../shared/api/auth';
import type { SignUpRequest } from '../../../shared/api/signup';
import { api } from '../../lib/api';

/** The two calls of self-service sign-up (decision 0325). */
export const signupApi = {
  signUp: (body: SignUpRequest) => api.post<{ sent: true }>('/api/auth/sign-up', body),
  confirm: (token: string) => api.post<SessionResponse>('/api/auth/sign-up/confirm', { token }),
};
