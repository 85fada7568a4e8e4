import type {
  PasswordSignInInput,
  RateLimitedEndpoint,
  RateLimitStatus,
  SessionResponse,
  SignInResponse,
} from '../../shared/api/auth';
import type { MediaUpload } from '../../shared/api/media';
import type { OwnProfileUpdateInput, Profile } from '../../shared/api/profiles';
import { scoped } from '../features/admin/business-scope';
import { api } from './api';

/** Every call the session layer, the login page and onboarding make. */
export const sessionApi = {
  session: () => api.get<SessionResponse>('/api/auth/session'),
  profile: () => api.get<Profile>('/api/profiles/me'),
  checkRateLimit: (endpoint: RateLimitedEndpoint, email?: string) =>
    api.post<RateLimitStatus>('/api/auth/rate-limit', { endpoint, ...(email ? { email } : {}) }),
  /** A session, or "code required" for someone with two-factor sign-in. */
  signIn: (input: PasswordSignInInput) => api.post<SignInResponse>('/api/auth/sign-in', input),
  requestMagicLink: (email: string) => api.post<{ sent: true }>('/api/auth/magic-link', { email }),
  verifyMagicLink: (token: string) =>
    api.post<SignInResponse>('/api/auth/magic-link/verify', { token }),
  touch: () => api.post<SessionResponse>('/api/auth/session/touch'),
  extend: () => api.post<SessionResponse>('/api/auth/session/extend'),
  reportTimeout: () => api.post<void>('/api/auth/session/timeout'),
  signOut: () => api.post<void>('/api/auth/sign-out'),
  updateProfile: (changes: OwnProfileUpdateInput) =>
    api.patch<Profile>('/api/profiles/me', changes),
  uploadProfileImage: (file: Blob) => api.post<MediaUpload>('/api/media/profile-images', file),
  logAdminNavigation: (destination: string, from?: string) =>
    // Filed under the business the platform admin is looking at (owners: their own).
    api.post<void>(scoped('/api/audit/navigation'), {
      destination,
      ...(from ? { from } : {}),
    }),
};
