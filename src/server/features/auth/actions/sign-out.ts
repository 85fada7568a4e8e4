import { writeAudit } from '../../audit/write';
import type { ClientInfo } from '../client';
import type { AuthContext } from '../context';
import { isAuditedActor } from '../policy';
import { endSession, findSession, isSessionActive } from '../sessions';

/**
 * Sign-out: ends the session (a copy of its cookie hears 'signed out'); admins and owners get
 * an admin_logout row.
 */
export async function signOut(
  context: Pick<AuthContext, 'database' | 'clock'>,
  token: string | undefined,
  client: ClientInfo,
): Promise<void> {
  if (!token) return;
  const db = context.database.db;
  const found = await findSession(db, token);
  if (!found) return;
  await db.transaction(async (tx) => {
    if (isAuditedActor(found.actor) && isSessionActive(found.session, context.clock.now())) {
      await writeAudit(tx, {
        actor: found.actor,
        action: 'admin_logout',
        targetType: 'security',
        targetId: found.actor.userId,
        payload: { reason: 'sign_out' },
        request: client.request,
      });
    }
    await endSession(tx, {
      sessionId: found.session.id,
      reason: 'session_signed_out',
      now: context.clock.now(),
    });
  });
}
