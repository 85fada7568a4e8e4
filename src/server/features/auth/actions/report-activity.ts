import { AUTH_ERRORS } from '../../../../shared/api/auth';
import { AppError } from '../../../http/errors';
import type { Actor } from '../actor';
import type { AuthContext } from '../context';
import { type SessionRow, touchSession } from '../sessions';

/** The browser reports activity: the idle deadline moves on; an ended session is refused. */
export async function reportActivity(
  context: Pick<AuthContext, 'database' | 'clock'>,
  actor: Actor,
): Promise<SessionRow> {
  const session = await touchSession(context.database.db, actor.sessionId, context.clock.now());
  if (!session) throw new AppError(AUTH_ERRORS.session_expired);
  return session;
}
