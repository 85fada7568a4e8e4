/**
 * Sign-in vocabulary without schemas, so the always-loaded part of the web app (router, guards,
 * session layer) stays free of the validation library.
 */
import { DEFAULT_RATE_LIMIT_RETRY_SECONDS } from './constants';

/** The query parameter of the link in the e-mail: {origin}/employee/login?magic_token=... */
export const MAGIC_LINK_QUERY_PARAM = 'magic_token';

/** An admin page path such as /admin/qr-codes: what admin_navigation records as destination. */
export const ADMIN_PAGE_PATTERN = /^\/admin(\/[a-z0-9-]{1,40}){0,3}$/;

/** A profile counts as complete when it has a full name (spec §2, route guards). */
export function isProfileComplete(
  profile: { fullName: string | null } | null | undefined,
): boolean {
  return Boolean(profile?.fullName?.trim());
}

/** Whole minutes to wait, rounded up (spec §8); at least one. */
export function retryAfterMinutes(retryAfterSeconds: number | undefined): number {
  const seconds =
    retryAfterSeconds && retryAfterSeconds > 0
      ? retryAfterSeconds
      : DEFAULT_RATE_LIMIT_RETRY_SECONDS;
  return Math.max(1, Math.ceil(seconds / 60));
}

export function rateLimitMessage(retryAfterSeconds: number | undefined): string {
  return `Bitte warten Sie ${retryAfterMinutes(retryAfterSeconds)} Minute(n) und versuchen Sie es erneut.`;
}
