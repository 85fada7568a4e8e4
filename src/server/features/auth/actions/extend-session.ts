import { AUTH_ERRORS } from '../../../../shared/api/auth';
import { AppError } from '../../../http/errors';
import { writeAudit } from '../../audit/write';
import type { Actor } from '../actor';
import type { ClientInfo } from '../client';
import type { AuthContext } from '../context';
import { isAuditedActor } from '../policy';
import { type SessionRow, touchSession } from '../sessions';

/** 'Sitzung verlängern': activity plus, for admins and owners, a session_extended row. */
export async function extendSession(
  context: Pick<AuthContext, 'database' | 'clock'>,
  actor: Actor,
  client: ClientInfo,
): Promise<SessionRow> {
  const now = context.clock.now();
  return context.database.db.transaction(async (tx) => {
    const session = await touchSession(tx, actor.sessionId, now);
    if (!session) throw new AppError(AUTH_ERRORS.session_expired);
    if (isAuditedActor(actor)) {
      await writeAudit(tx, {
        actor,
        action: 'session_extended',
        targetType: 'security',
        targetId: actor.userId,
        payload: { extended_at: now.toISOString() },
        request: client.request,
      });
    }
    return session;
  });
}
