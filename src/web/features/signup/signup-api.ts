import type { SessionResponse } from '../../../shared/api/auth';
import type { SignUpConfirmRequest, SignUpRequest } from '../../../shared/api/signup';
import { api } from '../../lib/api';

/** The two calls of self-service sign-up (decisions 0325 and 0430). */
export const signupApi = {
  signUp: (body: SignUpRequest) => api.post<{ sent: true }>('/api/auth/sign-up', body),
  confirm: (body: SignUpConfirmRequest) =>
    api.post<SessionResponse>('/api/auth/sign-up/confirm', body),
};
