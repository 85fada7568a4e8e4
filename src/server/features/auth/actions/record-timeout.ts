import {
  INACTIVITY_TIMEOUT_MS,
  INACTIVITY_WARNING_BEFORE_MS,
} from '../../../../shared/domain/constants';
import { writeAudit } from '../../audit/write';
import type { ClientInfo } from '../client';
import type { AuthContext } from '../context';
import { isAuditedActor } from '../policy';
import { endSession, findSession } from '../sessions';

/**
 * The browser's inactivity timer ran out: the session ends, and for admins and owners a
 * session_timeout row records it. Accepts a session that has just expired on the server too,
 * since both clocks run out at about the same moment.
 */
export async function recordTimeout(
  context: Pick<AuthContext, 'database' | 'clock'>,
  token: string | undefined,
  client: ClientInfo,
): Promise<void> {
  if (!token) return;
  const db = context.database.db;
  const found = await findSession(db, token);
  if (!found) return;
  await db.transaction(async (tx) => {
    if (isAuditedActor(found.actor)) {
      await writeAudit(tx, {
        actor: found.actor,
        action: 'session_timeout',
        targetType: 'security',
        targetId: found.actor.userId,
        payload: {
          timeout_duration: INACTIVITY_TIMEOUT_MS / 1000,
          warning_duration: INACTIVITY_WARNING_BEFORE_MS / 1000,
        },
        request: client.request,
      });
    }
    await endSession(tx, {
      sessionId: found.session.id,
      reason: 'session_expired',
      now: context.clock.now(),
    });
  });
}
