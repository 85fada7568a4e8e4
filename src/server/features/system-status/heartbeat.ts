import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { SystemJobName } from '../../../shared/api/system-status';
import type { Database } from '../../db/connect';
import type { JobRunReport, JobRuns } from '../../lib/job-runs';
import type { Clock } from '../../lib/clock';
import { packageVersion } from '../../lib/package-version';
import type { ReconciliationResult } from '../payments/reconciliation';
import { type HeartbeatRow, markStopped, pruneHeartbeats, upsertHeartbeat } from './queries';
import {
  type StoredJob,
  type StoredJobs,
  type StoredReconciliation,
  shortenJobError,
} from './stored';

/** How often an instance reports; the view calls it running while seen within 2 minutes. */
export const HEARTBEAT_INTERVAL_MS = 15_000;
/** Rows of instances not seen for this long are deleted (by any running instance). */
export const HEARTBEAT_RETENTION_MS = 24 * 60 * 60_000;
/** Pruning runs with every this many heartbeats (about every 10 minutes), and at start. */
const PRUNE_EVERY_BEATS = 40;

/** Who this process is, fixed at its start. */
export interface InstanceIdentity {
  instanceId: string;
  hostName: string;
  version: string;
  startedAt: Date;
}

/** A new random id per process start: a restarted instance is a new row, the old one ages out. */
export function newInstanceIdentity(clock: Clock): InstanceIdentity {
  return {
    instanceId: randomUUID(),
    hostName: hostname().slice(0, 200) || 'unbekannt',
    version: packageVersion(),
    startedAt: clock.now(),
  };
}

const NO_RUN: StoredJob = {
  lastStartedAt: null,
  lastSucceededAt: null,
  lastFailedAt: null,
  lastError: null,
  failures: 0,
  runs: 0,
};

/**
 * What this instance's jobs did since it started, kept in memory and written whole with each
 * heartbeat: one upsert per 15 s however often the jobs run.
 */
export class InstanceActivity {
  private readonly jobs: StoredJobs = {};
  private reconciliation: StoredReconciliation | null = null;

  recordRun(report: JobRunReport): void {
    const name: SystemJobName = report.job;
    const before = this.jobs[name] ?? NO_RUN;
    const failed = report.outcome === 'failed';
    this.jobs[name] = {
      lastStartedAt: report.startedAt.toISOString(),
      lastSucceededAt: failed ? before.lastSucceededAt : report.finishedAt.toISOString(),
      lastFailedAt: failed ? report.finishedAt.toISOString() : before.lastFailedAt,
      lastError: failed ? shortenJobError(report.error) : before.lastError,
      failures: before.failures + (failed ? 1 : 0),
      runs: before.runs + 1,
    };
  }

  recordReconciliation(result: ReconciliationResult, at: Date): void {
    const before = this.reconciliation;
    this.reconciliation = {
      lastRunAt: at.toISOString(),
      lastChecked: result.checked,
      lastSettled: result.settled,
      lastFailed: result.failed,
      totalChecked: (before?.totalChecked ?? 0) + result.checked,
      totalSettled: (before?.totalSettled ?? 0) + result.settled,
      totalFailed: (before?.totalFailed ?? 0) + result.failed,
    };
  }

  snapshot(): { jobs: StoredJobs; reconciliation: StoredReconciliation | null } {
    return {
      jobs: structuredClone(this.jobs),
      reconciliation: this.reconciliation ? { ...this.reconciliation } : null,
    };
  }
}

export interface HeartbeatContext {
  database: Database;
  clock: Clock;
  jobRuns: Pick<JobRuns, 'onRun'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface InstanceHeartbeat {
  readonly identity: InstanceIdentity;
  /** The reconciliation job hands each run's findings here (JobRuns reports only the outcome). */
  recordReconciliation(result: ReconciliationResult): void;
  /** Writes a heartbeat now (the timer's work; tests call it directly). */
  beat(): Promise<void>;
  /** Stops the timer and marks the row stopped. */
  stop(): Promise<void>;
}

/**
 * Reports this instance in PostgreSQL (decision 0404): once at start, then every
 * HEARTBEAT_INTERVAL_MS, and a last time with `stopped_at` on a graceful stop. A failed write
 * is logged and tried again with the next beat; it never stops the server.
 */
export function startInstanceHeartbeat(
  ctx: HeartbeatContext,
  identity: InstanceIdentity,
  options: { intervalMs?: number } = {},
): InstanceHeartbeat & { ready: Promise<void> } {
  const activity = new InstanceActivity();
  const unsubscribe = ctx.jobRuns.onRun((report) => activity.recordRun(report));
  let beats = 0;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const row = (): HeartbeatRow => ({
    ...identity,
    lastSeenAt: ctx.clock.now(),
    ...activity.snapshot(),
  });

  const write = async () => {
    const now = ctx.clock.now();
    await upsertHeartbeat(ctx.database.db, row());
    if (beats % PRUNE_EVERY_BEATS === 0) {
      await pruneHeartbeats(ctx.database.db, new Date(now.getTime() - HEARTBEAT_RETENTION_MS));
    }
    beats += 1;
  };

  const beat = (): Promise<void> => {
    // One write at a time: a slow database must not pile up heartbeats.
    running = running.then(write).catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'instance heartbeat failed; trying again with the next one');
    });
    return running;
  };

  const timer = setInterval(() => {
    if (!stopped) void beat();
  }, options.intervalMs ?? HEARTBEAT_INTERVAL_MS);
  timer.unref();
  const ready = beat();

  return {
    identity,
    ready,
    beat,
    recordReconciliation(result) {
      activity.recordReconciliation(result, ctx.clock.now());
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      await running;
      await markStopped(ctx.database.db, row(), ctx.clock.now()).catch((error: unknown) => {
        ctx.log.warn({ err: error }, 'instance heartbeat could not record the stop');
      });
    },
  };
}
