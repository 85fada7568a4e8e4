import {
  INSTANCE_RUNNING_WITHIN_MS,
  type InstanceState,
  type PaymentMode,
  SYSTEM_JOB_NAMES,
  type SystemInstance,
  type SystemJob,
  type SystemStatus,
} from '../../../shared/api/system-status';
import type { StoredJob, StoredJobs, StoredReconciliation } from './stored';

/** One instance row as the service reads it (jobs and reconciliation already parsed). */
export interface InstanceRow {
  instanceId: string;
  hostName: string;
  version: string;
  startedAt: Date;
  lastSeenAt: Date;
  stoppedAt: Date | null;
  jobs: StoredJobs;
  reconciliation: StoredReconciliation | null;
}

export function instanceStateOf(
  row: Pick<InstanceRow, 'lastSeenAt' | 'stoppedAt'>,
  now: Date,
): InstanceState {
  if (row.stoppedAt) return 'stopped';
  return now.getTime() - row.lastSeenAt.getTime() <= INSTANCE_RUNNING_WITHIN_MS
    ? 'running'
    : 'missing';
}

export function presentInstance(
  row: InstanceRow,
  now: Date,
  currentId: string | undefined,
): SystemInstance {
  return {
    id: row.instanceId,
    hostName: row.hostName,
    version: row.version,
    startedAt: row.startedAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    stoppedAt: row.stoppedAt?.toISOString() ?? null,
    state: instanceStateOf(row, now),
    current: row.instanceId === currentId,
  };
}

/** Running against expected: a cleanly stopped instance is neither. */
export function summarizeInstances(
  instances: readonly Pick<SystemInstance, 'state'>[],
): SystemStatus['instanceSummary'] {
  const running = instances.filter((instance) => instance.state === 'running').length;
  const missing = instances.filter((instance) => instance.state === 'missing').length;
  return { running, expected: running + missing, missing };
}

const newest = (a: string | null, b: string | null): string | null => {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
};

/**
 * One line per job across the instances listed: the newest start, success and failure, the
 * error of the newest failure, and the failures and runs summed. Jobs run on every instance, so
 * "failing" means the newest run anywhere failed; an older failure on one instance with newer
 * successes after it reads as ok with its failure count.
 */
export function aggregateJobs(rows: readonly Pick<InstanceRow, 'jobs'>[]): SystemJob[] {
  return SYSTEM_JOB_NAMES.map((job) => {
    const states = rows
      .map((row) => row.jobs[job])
      .filter((state): state is StoredJob => state !== undefined);
    let lastStartedAt: string | null = null;
    let lastSucceededAt: string | null = null;
    let lastFailedAt: string | null = null;
    let lastError: string | null = null;
    let failures = 0;
    let runs = 0;
    for (const state of states) {
      lastStartedAt = newest(lastStartedAt, state.lastStartedAt);
      lastSucceededAt = newest(lastSucceededAt, state.lastSucceededAt);
      if (state.lastFailedAt && newest(lastFailedAt, state.lastFailedAt) === state.lastFailedAt) {
        lastFailedAt = state.lastFailedAt;
        lastError = state.lastError;
      }
      failures += state.failures;
      runs += state.runs;
    }
    const state =
      runs === 0 && !lastSucceededAt && !lastFailedAt
        ? 'never'
        : lastFailedAt && newest(lastSucceededAt, lastFailedAt) === lastFailedAt
          ? 'failing'
          : 'ok';
    return { job, state, lastStartedAt, lastSucceededAt, lastFailedAt, lastError, failures, runs };
  });
}

/** The reconciliation findings of all instances: the newest run's, and the sums. */
export function aggregateReconciliation(
  rows: readonly Pick<InstanceRow, 'reconciliation'>[],
  staleOpenCheckouts: number,
): NonNullable<SystemStatus['reconciliation']> {
  const result: NonNullable<SystemStatus['reconciliation']> = {
    staleOpenCheckouts,
    lastRunAt: null,
    lastChecked: 0,
    lastSettled: 0,
    lastFailed: 0,
    totalChecked: 0,
    totalSettled: 0,
    totalFailed: 0,
  };
  for (const { reconciliation: r } of rows) {
    if (!r) continue;
    if (r.lastRunAt && newest(result.lastRunAt, r.lastRunAt) === r.lastRunAt) {
      result.lastRunAt = r.lastRunAt;
      result.lastChecked = r.lastChecked;
      result.lastSettled = r.lastSettled;
      result.lastFailed = r.lastFailed;
    }
    result.totalChecked += r.totalChecked;
    result.totalSettled += r.totalSettled;
    result.totalFailed += r.totalFailed;
  }
  return result;
}

/**
 * The provider's mode from its configuration alone; the key itself never leaves the server.
 * Stripe live keys start with `sk_live_` (restricted keys `rk_live_`); anything else is test.
 */
export function paymentModeOf(config: {
  paymentProvider: 'demo' | 'stripe';
  stripeSecretKey: string | undefined;
}): PaymentMode {
  if (config.paymentProvider === 'demo') return 'demo';
  return /^(sk|rk)_live_/.test(config.stripeSecretKey ?? '') ? 'stripe_live' : 'stripe_test';
}
