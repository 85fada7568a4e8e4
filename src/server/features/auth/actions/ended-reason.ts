import type { SessionEndCode } from '../../../../shared/domain/session-end';
import type { AuthContext } from '../context';
import { endedSessionReason, findSession } from '../sessions';

/** Why the session behind a cookie token is not live (decision 0505). */
export async function endedReason(
  context: Pick<AuthContext, 'database'>,
  token: string,
): Promise<SessionEndCode> {
  const db = context.database.db;
  return endedSessionReason(db, token, await findSession(db, token));
}
