import {
  BUSINESS_ACCESS_ERRORS,
  SESSION_END_REASONS,
  type SessionEndReason,
} from '../../shared/domain/business-access';
import type { ToastInput } from '../components/ui/toast-store';
import { activeStaffLanguage, englishStaffErrors } from './staff-active';

/** Whether an error code or a stream's end reason says the person's business shut them out. */
export function isBusinessShutOut(code: unknown): code is SessionEndReason {
  return typeof code === 'string' && (SESSION_END_REASONS as readonly string[]).includes(code);
}

/**
 * What a person is told when their business was suspended or closed while they were signed in
 * (issue 29): the same words the server answers their next request with.
 */
export function businessShutOutToast(reason: SessionEndReason): ToastInput {
  // In the staff language the screen speaks (decision 0383); German is the server's own words.
  const english = activeStaffLanguage() === 'en' ? englishStaffErrors() : undefined;
  const { title, message } = english?.[reason] ?? BUSINESS_ACCESS_ERRORS[reason];
  return { title, description: message, variant: 'destructive' };
}
