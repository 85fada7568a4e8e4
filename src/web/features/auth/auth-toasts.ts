import { AUTH_ERRORS, rateLimitMessage, retryAfterMinutes } from '../../../shared/domain/auth';
import { BUSINESS_ACCESS_ERRORS } from '../../../shared/domain/business-access';
import type { ToastInput } from '../../components/ui/toast-store';
import { fieldMessageIn } from '../../../shared/i18n/staff-fields';
import { ApiError } from '../../lib/api';
import { activeStaffLanguage, activeStaffTexts } from '../../lib/staff-active';

/** Failures the server words itself; their message is shown as it comes (spec §8). */
const SIGN_IN_FAILURES = new Set<string>([
  AUTH_ERRORS.invalid_credentials.code,
  AUTH_ERRORS.email_not_confirmed.code,
  AUTH_ERRORS.too_many_attempts.code,
  AUTH_ERRORS.signup_disabled.code,
  AUTH_ERRORS.sign_in_failed.code,
  // Deactivated: why, and whom to ask (decision 0356).
  AUTH_ERRORS.account_deactivated.code,
  // The person's business is suspended or closed.
  BUSINESS_ACCESS_ERRORS.business_suspended.code,
  BUSINESS_ACCESS_ERRORS.business_closed.code,
]);

export function tooManyRequestsToast(retryAfterSeconds: number | undefined): ToastInput {
  return {
    title: activeStaffTexts().auth.toasts.tooManyRequests,
    description:
      activeStaffLanguage() === 'en'
        ? `Please wait ${retryAfterMinutes(retryAfterSeconds)} minute(s) and try again.`
        : rateLimitMessage(retryAfterSeconds),
    variant: 'destructive',
  };
}

export function inputErrorToast(message: string): ToastInput {
  return {
    title: activeStaffTexts().auth.toasts.inputError,
    description: fieldMessageIn(activeStaffLanguage(), message),
    variant: 'destructive',
  };
}

/** The toast for a failed password sign-in (spec §8 "Login failures"). */
export function signInFailureToast(error: unknown): ToastInput {
  if (!(error instanceof ApiError)) {
    return {
      title: activeStaffTexts().auth.toasts.systemError,
      description: activeStaffTexts().auth.toasts.systemErrorMessage,
      variant: 'destructive',
    };
  }
  if (error.code === 'validation_failed') return inputErrorToast(error.message);
  if (error.code === 'rate_limited') return tooManyRequestsToast(error.retryAfter);
  if (error.code === 'internal') {
    return {
      title: activeStaffTexts().auth.toasts.systemError,
      description: error.message,
      variant: 'destructive',
    };
  }
  return {
    title: activeStaffTexts().auth.toasts.signInFailed,
    description: SIGN_IN_FAILURES.has(error.code)
      ? error.message
      : activeStaffTexts().auth.toasts.signInFailedMessage,
    variant: 'destructive',
  };
}

/** The toast for a failed magic-link request or link (spec §8 "Magic link"). */
export function magicLinkFailureToast(error: unknown): ToastInput {
  if (error instanceof ApiError && error.code === 'rate_limited') {
    return tooManyRequestsToast(error.retryAfter);
  }
  return {
    title: activeStaffTexts().auth.toasts.magicLinkFailed,
    description:
      error instanceof ApiError ? error.message : activeStaffTexts().auth.toasts.systemErrorMessage,
    variant: 'destructive',
  };
}
