import type { RateLimitedEndpoint } from '../../../shared/api/auth';
import { toast } from '../../components/ui/toast-store';
import { sessionApi } from '../../lib/session-api';
import { tooManyRequestsToast } from './auth-toasts';

/**
 * The check before signing in or sending a link: true (with the 'Zu viele Anfragen' toast) when
 * the limit is reached. A failing check lets the action go ahead (spec §7); the server still
 * enforces the limit on the action itself.
 */
export async function isRateLimited(
  endpoint: RateLimitedEndpoint,
  email: string,
): Promise<boolean> {
  try {
    const limit = await sessionApi.checkRateLimit(endpoint, email);
    if (limit.allowed) return false;
    toast(tooManyRequestsToast(limit.retryAfter));
    return true;
  } catch {
    return false;
  }
}
