import { and, eq, gt, inArray, lt, ne, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import { INACTIVITY_TIMEOUT_MS } from '../../../shared/domain/constants';
import { effectiveRole } from '../../../shared/domain/roles';
import type { Executor } from '../../db/connect';
import type { BusinessAccessRefusal } from '../../../shared/api/operator';
import {
  authSessionEndings,
  authSessions,
  businesses,
  profiles,
  users,
  userTwoFactor,
} from '../../db/schema';
import type { SessionEndCode } from '../../../shared/domain/session-end';
import { staffAccessRefusal } from '../../../shared/domain/business-access';
import type { Actor } from './actor';
import { SESSION_ABSOLUTE_TTL_MS } from './limits';
import { hashToken, newToken } from './tokens';

export type SessionRow = typeof authSessions.$inferSelect;

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
  const [session] = await executor
    .insert(authSessions)
    .values({
      id: hashToken(token),
      userId: options.userId,
      createdAt: options.now,
      lastSeenAt: options.now,
      idleExpiresAt: idleDeadline(options.now, absoluteExpiresAt),
      absoluteExpiresAt,
      userAgent: options.userAgent?.slice(0, 300) ?? null,
      ipHash: options.ipHash ?? null,
      firstSignIn: options.firstSignIn ?? false,
    })
    .returning();
  return { token, session: session! };
}

function idleDeadline(now: Date, absoluteExpiresAt: Date): Date {
  const idle = new Date(now.getTime() + INACTIVITY_TIMEOUT_MS);
  return idle < absoluteExpiresAt ? idle : absoluteExpiresAt;
}

export function isSessionActive(
  session: Pick<SessionRow, 'idleExpiresAt' | 'absoluteExpiresAt'>,
  now: Date,
): boolean {
  return session.idleExpiresAt > now && session.absoluteExpiresAt > now;
}

/** The session a cookie token points at, with its person, whether or not it has expired. */
export async function findSession(
  executor: Executor,
  token: string,
): Promise<SessionLookup | null> {
  const [row] = await executor
    .select({
      session: authSessions,
      email: users.email,
      disabledAt: users.disabledAt,
      profileId: profiles.id,
      role: profiles.role,
      businessId: profiles.businessId,
      fullName: profiles.fullName,
      businessActive: businesses.active,
      businessClosedAt: businesses.closedAt,
      twoFactorEnabledAt: userTwoFactor.enabledAt,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(businesses, eq(businesses.id, profiles.businessId))
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
    .where(eq(authSessions.id, hashToken(token)));
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
  const [current] = await executor
    .select()
    .from(authSessions)
    .where(eq(authSessions.id, sessionId));
  if (!current || !isSessionActive(current, now)) return null;
  const [updated] = await executor
    .update(authSessions)
    .set({ lastSeenAt: now, idleExpiresAt: idleDeadline(now, current.absoluteExpiresAt) })
    .where(eq(authSessions.id, sessionId))
    .returning();
  return updated ?? null;
}

/**
 * Ends the sessions `where` picks and, for those still within their absolute end, keeps the
 * reason keyed by the session's id (decision 0505): the next request with one of their cookies
 * hears why. Returns how many of them were live at `now`.
 */
async function endSessionsWhere(
  executor: Executor,
  where: SQL | undefined,
  reason: SessionEndCode,
  now: Date,
): Promise<number> {
  const ended = await executor.delete(authSessions).where(where).returning({
    id: authSessions.id,
    userId: authSessions.userId,
    idleExpiresAt: authSessions.idleExpiresAt,
    absoluteExpiresAt: authSessions.absoluteExpiresAt,
  });
  const remembered = ended.filter((row) => row.absoluteExpiresAt > now);
  if (remembered.length > 0) {
    await executor
      .insert(authSessionEndings)
      .values(
        remembered.map((row) => ({
          sessionId: row.id,
          userId: row.userId,
          reason,
          endedAt: now,
          expiresAt: row.absoluteExpiresAt,
        })),
      )
      .onConflictDoNothing();
  }
  // Rows of sessions that had ended already go too; only the live ones count.
  return ended.filter((row) => isSessionActive(row, now)).length;
}

/** Ends one session (sign-out, the browser's timeout report) and keeps why. */
export async function endSession(
  executor: Executor,
  options: { sessionId: string; reason: SessionEndCode; now: Date },
): Promise<void> {
  await endSessionsWhere(
    executor,
    eq(authSessions.id, options.sessionId),
    options.reason,
    options.now,
  );
}

/**
 * Ends every session of one person (deactivation, a second factor reset by someone else) and
 * keeps why. Returns the sessions that were live at `now`.
 */
export function endUserSessions(
  executor: Executor,
  options: { userId: string; reason: SessionEndCode; now: Date },
): Promise<number> {
  return endSessionsWhere(
    executor,
    eq(authSessions.userId, options.userId),
    options.reason,
    options.now,
  );
}

/**
 * Ends a person's sessions except `keepSessionId` (the one in use), after a change that proves
 * who they are: a new password, a confirmed second factor. Without `keepSessionId` every session
 * ends. Returns the sessions that were still live at `now`.
 */
export function endOtherSessions(
  executor: Executor,
  options: {
    userId: string;
    keepSessionId?: string | undefined;
    reason: SessionEndCode;
    now: Date;
  },
): Promise<number> {
  const { userId, keepSessionId, reason, now } = options;
  return endSessionsWhere(
    executor,
    keepSessionId
      ? and(eq(authSessions.userId, userId), ne(authSessions.id, keepSessionId))
      : eq(authSessions.userId, userId),
    reason,
    now,
  );
}

/**
 * Ends the live sessions of the people `userIds` selects (a business's staff on suspension or
 * closure) and keeps why. Returns how many.
 */
export function endLiveSessionsOf(
  executor: Executor,
  options: { userIds: SQLWrapper | string[]; reason: SessionEndCode; now: Date },
): Promise<number> {
  const { userIds, reason, now } = options;
  return endSessionsWhere(
    executor,
    and(
      inArray(authSessions.userId, userIds),
      gt(authSessions.idleExpiresAt, now),
      gt(authSessions.absoluteExpiresAt, now),
    ),
    reason,
    now,
  );
}

/** Why the session a cookie token pointed at was ended, while that is still kept; else null. */
export async function findSessionEnding(
  executor: Executor,
  token: string,
): Promise<SessionEndCode | null> {
  const [row] = await executor
    .select({ reason: authSessionEndings.reason })
    .from(authSessionEndings)
    .where(eq(authSessionEndings.sessionId, hashToken(token)));
  return row?.reason ?? null;
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

/**
 * Deletes sessions that ended more than `graceMs` ago. The grace keeps a just-expired row long
 * enough for the browser to report the timeout (audit) before it disappears.
 */
export async function pruneSessions(executor: Executor, now: Date, graceMs: number) {
  const cutoff = new Date(now.getTime() - graceMs);
  const removed = await executor
    .delete(authSessions)
    .where(or(lt(authSessions.idleExpiresAt, cutoff), lt(authSessions.absoluteExpiresAt, cutoff)))
    .returning({ id: authSessions.id });
  // A kept reason lasts as long as the session could have: its cookie expires then.
  await executor.delete(authSessionEndings).where(lt(authSessionEndings.expiresAt, now));
  return removed.length;
}
