import { lt } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { authTokens, pendingSignups, twoFactorChallenges } from '../db/schema';
import { pruneSessions } from '../features/auth/sessions';
import { RateLimiter } from '../http/rate-limit';
import type { JobRuns } from '../lib/job-runs';
import type { Clock } from '../lib/clock';

export const AUTH_CLEANUP_INTERVAL_MS = 10 * 60_000;
/** Ended sessions stay this long so a late timeout report can still be audit-logged. */
const SESSION_GRACE_MS = 60 * 60_000;
/**
 * Spent and expired sign-in links (and expired sign-ups) stay a day for support questions ("my
 * link did not work") and so an expired link says so rather than "unknown".
 */
const TOKEN_GRACE_MS = 24 * 60 * 60_000;

export interface CleanupLogger {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
}

/**
 * Deletes ended sessions, old sign-in tokens, unconfirmed sign-ups (with their name and business
 * name: decisions 0325, 0430) a day after their link expired, expired two-factor challenges and finished
 * rate-limit windows. Every step is an
 * idempotent DELETE, so several instances running it at once do no harm.
 */
export async function runAuthCleanup(database: Database, clock: Clock, log: CleanupLogger) {
  const now = clock.now();
  const sessions = await pruneSessions(database.db, now, SESSION_GRACE_MS);
  const tokens = (
    await database.db
      .delete(authTokens)
      .where(lt(authTokens.expiresAt, new Date(now.getTime() - TOKEN_GRACE_MS)))
      .returning({ id: authTokens.id })
  ).length;
  const signups = (
    await database.db
      .delete(pendingSignups)
      .where(lt(pendingSignups.expiresAt, new Date(now.getTime() - TOKEN_GRACE_MS)))
      .returning({ id: pendingSignups.id })
  ).length;
  const challenges = (
    await database.db
      .delete(twoFactorChallenges)
      .where(lt(twoFactorChallenges.expiresAt, now))
      .returning({ id: twoFactorChallenges.id })
  ).length;
  const buckets = await new RateLimiter(database, clock, log).prune();
  if (sessions + tokens + signups + challenges + buckets > 0) {
    log.info({ sessions, tokens, signups, challenges, buckets }, 'auth cleanup removed ended rows');
  }
  return { sessions, tokens, signups, challenges, buckets };
}

/** Runs the cleanup every 10 minutes until the returned stop function is called. */
export function startAuthCleanup(
  database: Database,
  clock: Clock,
  log: CleanupLogger,
  jobRuns: JobRuns,
) {
  const timer = setInterval(() => {
    jobRuns
      .observe('auth-cleanup', () => runAuthCleanup(database, clock, log))
      .catch((error: unknown) =>
        log.warn({ err: error }, 'auth cleanup failed; it runs again in 10 minutes'),
      );
  }, AUTH_CLEANUP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
