import { businessAccessMessage } from '../../../shared/domain/business-access';
import { type SessionEndCode, sessionEndWords } from '../../../shared/domain/session-end';
import { AppError } from '../../http/errors';

/**
 * The 401 a request with an ended session's cookie gets (decision 0505): the reason's code, its
 * German title and message; a suspended or closed business's names how to reach the operator.
 */
export function sessionEndedError(reason: SessionEndCode, contactEmail: string): AppError {
  const words = sessionEndWords(reason);
  return new AppError(
    { code: reason, status: 401, ...words },
    reason === 'business_suspended' || reason === 'business_closed'
      ? { message: businessAccessMessage(reason, contactEmail) }
      : {},
  );
}

/** What `GET /api/auth/session` adds to its signed-out answer for an ended session's cookie. */
export function presentSessionEnd(reason: SessionEndCode, contactEmail: string) {
  const error = sessionEndedError(reason, contactEmail);
  return { code: reason, title: error.title, message: error.message };
}
