import { and, asc, count, desc, eq, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/connect';
import {
  backupRuns,
  instanceHeartbeats,
  outboxEmails,
  paymentSessions,
  webhookEvents,
} from '../../db/schema';
import type { StoredJobs, StoredReconciliation } from './stored';

/** A timestamptz from raw SQL: PGlite and pg hand it over as Date or as text. */
function dateOrNull(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(String(value));
}

/** What one heartbeat writes: who the instance is and what its jobs did so far. */
export interface HeartbeatRow {
  instanceId: string;
  hostName: string;
  version: string;
  startedAt: Date;
  lastSeenAt: Date;
  jobs: StoredJobs;
  reconciliation: StoredReconciliation | null;
}

/** Inserts the instance's row or brings it up to date (one statement per heartbeat). */
export async function upsertHeartbeat(db: Db, row: HeartbeatRow): Promise<void> {
  const values = { ...row, reconciliation: row.reconciliation ?? null };
  await db
    .insert(instanceHeartbeats)
    .values(values)
    .onConflictDoUpdate({
      target: instanceHeartbeats.instanceId,
      set: {
        lastSeenAt: values.lastSeenAt,
        jobs: values.jobs,
        reconciliation: values.reconciliation,
        // A heartbeat after a stop (a stop that raced the last tick) means it is running again.
        stoppedAt: null,
      },
    });
}

/** A graceful stop: the row stays (the view says when it stopped) until it is pruned. */
export async function markStopped(db: Db, row: HeartbeatRow, at: Date): Promise<void> {
  await upsertHeartbeat(db, row);
  await db
    .update(instanceHeartbeats)
    .set({ stoppedAt: at })
    .where(eq(instanceHeartbeats.instanceId, row.instanceId));
}

/** Deletes the rows of instances not seen since `before`; returns how many. */
export async function pruneHeartbeats(db: Db, before: Date): Promise<number> {
  const removed = await db
    .delete(instanceHeartbeats)
    .where(lt(instanceHeartbeats.lastSeenAt, before))
    .returning({ id: instanceHeartbeats.instanceId });
  return removed.length;
}

/** Most instances the view lists: the newest by last heartbeat. */
export const LISTED_INSTANCES = 50;

export async function recentInstances(db: Db, since: Date) {
  return db
    .select()
    .from(instanceHeartbeats)
    .where(gte(instanceHeartbeats.lastSeenAt, since))
    .orderBy(desc(instanceHeartbeats.lastSeenAt), asc(instanceHeartbeats.instanceId))
    .limit(LISTED_INSTANCES);
}

/**
 * How long one `SELECT 1` takes from here, and the database's size on disk. A database that
 * refuses `pg_database_size` (a managed one without the privilege) still counts as reachable.
 */
export async function databaseFacts(database: Database, now: () => number) {
  const started = now();
  await database.ping();
  const latencyMs = Math.max(0, now() - started);
  const sizeBytes = await database
    .query<{ size: string | number }>('SELECT pg_database_size(current_database()) AS size')
    .then(([row]) => (row ? Number(row.size) : null))
    .catch(() => null);
  return { latencyMs, sizeBytes };
}

/** Provider events stored but not processed (webhook_events_unprocessed_idx serves it). */
export async function webhookBacklog(db: Db) {
  const [row] = await db
    .select({
      unprocessed: count(),
      withError: sql<number>`count(*) FILTER (WHERE ${webhookEvents.error} IS NOT NULL)`.mapWith(
        Number,
      ),
      oldest: sql<Date | null>`min(${webhookEvents.receivedAt})`.mapWith(dateOrNull),
    })
    .from(webhookEvents)
    .where(isNull(webhookEvents.processedAt));
  return {
    unprocessed: row?.unprocessed ?? 0,
    withError: row?.withError ?? 0,
    oldestUnprocessedAt: row?.oldest ?? null,
  };
}

/** Open checkouts older than `before`: reconciliation's work still to do. */
export async function staleOpenCheckouts(db: Db, before: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentSessions)
    .where(and(eq(paymentSessions.status, 'open'), lte(paymentSessions.createdAt, before)));
  return row?.n ?? 0;
}

/** Outbox mails waiting to be sent and mails given up (outbox_emails_status_created_idx). */
export async function outboxCounts(db: Db) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) FILTER (WHERE ${outboxEmails.status} = 'pending')`.mapWith(
        Number,
      ),
      failed: sql<number>`count(*) FILTER (WHERE ${outboxEmails.status} = 'failed')`.mapWith(
        Number,
      ),
      oldestPending:
        sql<Date | null>`min(${outboxEmails.createdAt}) FILTER (WHERE ${outboxEmails.status} = 'pending')`.mapWith(
          dateOrNull,
        ),
    })
    .from(outboxEmails)
    .where(sql`${outboxEmails.status} IN ('pending', 'failed')`);
  return {
    pending: row?.pending ?? 0,
    failed: row?.failed ?? 0,
    oldestPendingAt: row?.oldestPending ?? null,
  };
}

/** The newest backup `npm run backup` recorded (db/backup-runs.ts), or null. */
export async function lastBackupRun(db: Db) {
  const [row] = await db
    .select({
      finishedAt: backupRuns.finishedAt,
      bytes: backupRuns.bytes,
      fileName: backupRuns.fileName,
    })
    .from(backupRuns)
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  return row ?? null;
}
