import type { AuthContext } from '../context';
import { findSession, isSessionActive, type SessionLookup } from '../sessions';

/** The live session behind a cookie token, or null. Reading is not activity. */
export async function currentSession(
  context: Pick<AuthContext, 'database' | 'clock'>,
  token: string | undefined,
): Promise<SessionLookup | null> {
  if (!token) return null;
  const found = await findSession(context.database.db, token);
  if (!found || found.disabled || !isSessionActive(found.session, context.clock.now())) return null;
  return found;
}
