import { effectiveRole } from '../../../shared/domain/roles';
import type { Executor } from '../../db/connect';
import type { BusinessAccessRefusal } from '../../../shared/api/operator';
import type { SessionEndCode } from '../../../shared/domain/session-end';
import { staffAccessRefusal } from '../../../shared/domain/business-access';
import type { Actor } from './actor';
import { SESSION_ABSOLUTE_TTL_MS } from './limits';
import {
  findSessionEndingById,
  findSessionRow,
  findSessionWithAccount,
  insertSession,
  type SessionRow,
  updateSessionActivity,
} from './queries/sessions';
import { idleDeadline, isSessionActive } from './session-times';
import { hashToken, newToken } from './tokens';

export type { SessionRow } from './queries/sessions';
export {
  endLiveSessionsOf,
  endOtherSessions,
  endSession,
  endUserSessions,
  pruneSessions,
} from './queries/sessions';
export { isSessionActive } from './session-times';

export interface SessionLookup {
  session: SessionRow;
  actor: Actor;
  /** The account is deactivated, or its business keeps it out (then `blockedBy` says why). */
  disabled: boolean;
  /** The person's business is suspended or closed; never for the platform admin. */
  blockedBy: BusinessAccessRefusal | null;
  /** The person confirmed an authenticator app (the setup-only rule needs it, decision 0318). */
  twoFactorEnabled: boolean;
}

export interface NewSession {
  /** Goes into the cookie and nowhere else. */
  token: string;
  session: SessionRow;
}

/** Server-side sessions on `auth_sessions`: the row is the truth, the cookie only points at it. */
export async function createSession(
  executor: Executor,
  options: {
    userId: string;
    now: Date;
    userAgent?: string | undefined;
    ipHash?: string;
    /** The person never signed in before (decision 0510). */
    firstSignIn?: boolean;
  },
): Promise<NewSession> {
  const token = newToken();
  const absoluteExpiresAt = new Date(options.now.getTime() + SESSION_ABSOLUTE_TTL_MS);
  const session = await insertSession(executor, {
    id: hashToken(token),
    userId: options.userId,
    createdAt: options.now,
    lastSeenAt: options.now,
    idleExpiresAt: idleDeadline(options.now, absoluteExpiresAt),
    absoluteExpiresAt,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
    ipHash: options.ipHash ?? null,
    firstSignIn: options.firstSignIn ?? false,
  });
  return { token, session };
}

/** The session a cookie token points at, with its person, whether or not it has expired. */
export async function findSession(
  executor: Executor,
  token: string,
): Promise<SessionLookup | null> {
  const row = await findSessionWithAccount(executor, hashToken(token));
  if (!row) return null;
  const blockedBy = staffAccessRefusal({
    role: row.role ?? null,
    business:
      row.businessActive === null
        ? null
        : { active: row.businessActive, closedAt: row.businessClosedAt },
  });
  return {
    session: row.session,
    disabled: row.disabledAt !== null || blockedBy !== null,
    blockedBy,
    twoFactorEnabled: row.twoFactorEnabledAt !== null,
    actor: {
      userId: row.session.userId,
      profileId: row.session.userId,
      role: effectiveRole(row.role),
      businessId: row.businessId ?? null,
      email: row.email,
      fullName: row.fullName ?? null,
      hasProfile: row.profileId !== null,
      sessionId: row.session.id,
    },
  };
}

/**
 * Activity: pushes the idle deadline to now + 15 minutes (never past the absolute end). Only an
 * active session can be touched; returns the updated row, or null when it had already ended.
 */
export async function touchSession(
  executor: Executor,
  sessionId: string,
  now: Date,
): Promise<SessionRow | null> {
  const current = await findSessionRow(executor, sessionId);
  if (!current || !isSessionActive(current, now)) return null;
  const updated = await updateSessionActivity(executor, sessionId, {
    lastSeenAt: now,
    idleExpiresAt: idleDeadline(now, current.absoluteExpiresAt),
  });
  return updated ?? null;
}

/** Why the session a cookie token pointed at was ended, while that is still kept; else null. */
export function findSessionEnding(
  executor: Executor,
  token: string,
): Promise<SessionEndCode | null> {
  return findSessionEndingById(executor, hashToken(token));
}

/**
 * Why a cookie's session is not live: the kept reason, or from the row itself (past its 12 hours,
 * idle), or for a token we know nothing of (a pruned idle session, the usual case) idleness.
 */
export async function endedSessionReason(
  executor: Executor,
  token: string,
  found: SessionLookup | null,
): Promise<SessionEndCode> {
  if (found?.blockedBy) return found.blockedBy;
  if (found?.disabled) return 'session_account_deactivated';
  // The idle deadline never passes the absolute end: equal, the 12 hours ran out first.
  if (found) {
    const { idleExpiresAt, absoluteExpiresAt } = found.session;
    return idleExpiresAt < absoluteExpiresAt ? 'session_expired' : 'session_lifetime_ended';
  }
  return (await findSessionEnding(executor, token)) ?? 'session_expired';
}
