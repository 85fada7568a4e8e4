import { and, eq, gt, inArray, lt, ne, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SessionEndCode } from '../../../../shared/domain/session-end';
import type { Executor } from '../../../db/connect';
import {
  authSessionEndings,
  authSessions,
  businesses,
  profiles,
  users,
  userTwoFactor,
} from '../../../db/schema';
import { isSessionActive } from '../session-times';

/** Server-side sessions on `auth_sessions`: the row is the truth, the cookie only points at it. */

export type SessionRow = typeof authSessions.$inferSelect;
export type NewSessionRow = typeof authSessions.$inferInsert;

export async function insertSession(db: Executor, values: NewSessionRow): Promise<SessionRow> {
  const [row] = await db.insert(authSessions).values(values).returning();
  return row!;
}

/** The session with this id, with its person, their business and second factor. */
export async function findSessionWithAccount(db: Executor, sessionId: string) {
  const [row] = await db
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
    .where(eq(authSessions.id, sessionId));
  return row;
}

export async function findSessionRow(
  db: Executor,
  sessionId: string,
): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(authSessions).where(eq(authSessions.id, sessionId));
  return row;
}

/** Records activity: the new idle deadline; returns the updated row. */
export async function updateSessionActivity(
  db: Executor,
  sessionId: string,
  changes: { lastSeenAt: Date; idleExpiresAt: Date },
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(authSessions)
    .set(changes)
    .where(eq(authSessions.id, sessionId))
    .returning();
  return row;
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

/** Why the session with this id was ended, while that is still kept; else null. */
export async function findSessionEndingById(
  executor: Executor,
  sessionId: string,
): Promise<SessionEndCode | null> {
  const [row] = await executor
    .select({ reason: authSessionEndings.reason })
    .from(authSessionEndings)
    .where(eq(authSessionEndings.sessionId, sessionId));
  return row?.reason ?? null;
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
