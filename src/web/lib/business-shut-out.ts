import {
  BUSINESS_ACCESS_ERRORS,
  SESSION_END_REASONS,
  type SessionEndReason,
} from '../../shared/api/operator';
import type { ToastInput } from '../components/ui/toast-store';

/** Whether an error code or a stream's end reason says the person's business shut them out. */
export function isBusinessShutOut(code: unknown): code is SessionEndReason {
  return typeof code === 'string' && (SESSION_END_REASONS as readonly string[]).includes(code);
}

/**
 * What a person is told when their business was suspended or closed while they were signed in
 * (issue 29): the same words the server answers their next request with.
 */
export function businessShutOutToast(reason: SessionEndReason): ToastInput {
  const { title, message } = BUSINESS_ACCESS_ERRORS[reason];
  return { title, description: message, variant: 'destructive' };
}
