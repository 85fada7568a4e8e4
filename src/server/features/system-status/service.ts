import type { SystemStatus } from '../../../shared/api/system-status';
import { SYSTEM_STATUS_ERRORS } from '../../../shared/api/system-status';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../auth/actor';
import { RECONCILE_AFTER_MS } from '../payments/reconciliation';
import { HEARTBEAT_RETENTION_MS } from './heartbeat';
import { mayViewSystemStatus } from './policy';
import {
  aggregateJobs,
  aggregateReconciliation,
  type InstanceRow,
  paymentModeOf,
  presentInstance,
  summarizeInstances,
} from './presenter';
import {
  databaseFacts,
  lastBackupRun,
  outboxCounts,
  recentInstances,
  staleOpenCheckouts,
  webhookBacklog,
} from './queries';
import { readStoredJobs, readStoredReconciliation } from './stored';

export interface SystemStatusContext {
  database: Database;
  clock: Clock;
  config: Pick<Config, 'paymentProvider' | 'stripeSecretKey'>;
  /** The instance answering (its heartbeat row is marked as such). */
  instanceId: string | undefined;
  /** Monotonic milliseconds for the database round trip (performance.now in production). */
  elapsedMs?: () => number;
}

/**
 * Everything the status view shows, read fresh for each request (decision 0404). Instances are
 * those that reported within the heartbeat retention (older rows are pruned anyway); their job
 * runs and reconciliation findings are summed across them. A database that does not answer the
 * ping is reported as unreachable with the other sections empty, instead of failing the page.
 */
export async function readSystemStatus(
  ctx: SystemStatusContext,
  actor: Pick<Actor, 'role'>,
): Promise<SystemStatus> {
  if (!mayViewSystemStatus(actor))
    throw new AppError(SYSTEM_STATUS_ERRORS.system_status_operator_only);
  const now = ctx.clock.now();
  const payments = { mode: paymentModeOf(ctx.config) };
  const elapsed = ctx.elapsedMs ?? (() => performance.now());

  let facts: Awaited<ReturnType<typeof databaseFacts>>;
  try {
    facts = await databaseFacts(ctx.database, elapsed);
  } catch {
    return {
      generatedAt: now.toISOString(),
      instances: [],
      instanceSummary: summarizeInstances([]),
      lastBackup: null,
      database: {
        reachable: false,
        engine: ctx.database.engine,
        latencyMs: null,
        sizeBytes: null,
      },
      jobs: aggregateJobs([]),
      webhooks: null,
      reconciliation: null,
      mail: null,
      payments,
    };
  }

  const db = ctx.database.db;
  const [stored, webhooks, stale, mail, backup] = await Promise.all([
    recentInstances(db, new Date(now.getTime() - HEARTBEAT_RETENTION_MS)),
    webhookBacklog(db),
    staleOpenCheckouts(db, new Date(now.getTime() - RECONCILE_AFTER_MS)),
    outboxCounts(db),
    lastBackupRun(db),
  ]);
  const rows: InstanceRow[] = stored.map((row) => ({
    ...row,
    jobs: readStoredJobs(row.jobs),
    reconciliation: readStoredReconciliation(row.reconciliation),
  }));

  const instances = rows.map((row) => presentInstance(row, now, ctx.instanceId));
  return {
    generatedAt: now.toISOString(),
    instances,
    instanceSummary: summarizeInstances(instances),
    lastBackup: backup
      ? {
          finishedAt: backup.finishedAt.toISOString(),
          bytes: backup.bytes,
          fileName: backup.fileName,
        }
      : null,
    database: { reachable: true, engine: ctx.database.engine, ...facts },
    jobs: aggregateJobs(rows),
    webhooks: {
      unprocessed: webhooks.unprocessed,
      withError: webhooks.withError,
      oldestUnprocessedAt: webhooks.oldestUnprocessedAt?.toISOString() ?? null,
    },
    reconciliation: aggregateReconciliation(rows, stale),
    mail: {
      pending: mail.pending,
      failed: mail.failed,
      oldestPendingAt: mail.oldestPendingAt?.toISOString() ?? null,
    },
    payments,
  };
}
