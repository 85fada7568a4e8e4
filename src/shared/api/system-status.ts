import { z } from 'zod';
import { defineErrors } from '../domain/errors';

/**
 * The platform admin's status view at /admin/system (decision 0404): the server
 * instances that reported in PostgreSQL, the database, the periodic jobs, webhooks and
 * reconciliation, the mail outbox and the payment provider's mode. Only the platform admin may
 * read it; it names no business and no person.
 */

/** The periodic jobs, by the names of `server/lib/job-runs.ts` (a type check keeps them equal). */
export const SYSTEM_JOB_NAMES = [
  'payment-expiry',
  'payment-reconciliation',
  'payouts',
  'retention',
  'auth-cleanup',
  'invitation-mail-retries',
  'dunning-mails',
] as const;
export type SystemJobName = (typeof SYSTEM_JOB_NAMES)[number];

/** An instance seen this recently (and not stopped) counts as running. */
export const INSTANCE_RUNNING_WITHIN_MS = 2 * 60_000;

/** How the status view refreshes itself while it is open. */
export const SYSTEM_STATUS_REFRESH_MS = 30_000;

const isoDate = z.iso.datetime({ offset: true });

export const INSTANCE_STATES = ['running', 'stopped', 'missing'] as const;
export type InstanceState = (typeof INSTANCE_STATES)[number];

export const systemInstanceSchema = z.object({
  /** The random id of one process start. */
  id: z.string(),
  hostName: z.string(),
  version: z.string(),
  startedAt: isoDate,
  lastSeenAt: isoDate,
  stoppedAt: isoDate.nullable(),
  /** running: seen within INSTANCE_RUNNING_WITHIN_MS; stopped: shut down gracefully; missing: neither. */
  state: z.enum(INSTANCE_STATES),
  /** The instance that answered this request. */
  current: z.boolean(),
});
export type SystemInstance = z.infer<typeof systemInstanceSchema>;

export const JOB_STATES = ['ok', 'failing', 'never'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** One job across the instances listed: the newest of each fact, failures summed. */
export const systemJobSchema = z.object({
  job: z.enum(SYSTEM_JOB_NAMES),
  /** ok: the newest run succeeded; failing: the newest run failed; never: no run reported yet. */
  state: z.enum(JOB_STATES),
  lastStartedAt: isoDate.nullable(),
  lastSucceededAt: isoDate.nullable(),
  lastFailedAt: isoDate.nullable(),
  /** The newest failure's error, shortened and without addresses. */
  lastError: z.string().nullable(),
  /** Failed runs since the instances listed started. */
  failures: z.number().int().nonnegative(),
  runs: z.number().int().nonnegative(),
});
export type SystemJob = z.infer<typeof systemJobSchema>;

export const PAYMENT_MODES = ['demo', 'stripe_test', 'stripe_live'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

const counts = z.number().int().nonnegative();

export const systemStatusSchema = z.object({
  generatedAt: isoDate,
  instances: z.array(systemInstanceSchema),
  /**
   * 'Läuft' counts running instances against those expected to run: every instance listed that
   * did not stop cleanly. `missing` stopped answering without a clean stop.
   */
  instanceSummary: z.object({ running: counts, expected: counts, missing: counts }),
  /** The newest backup written by `npm run backup`; null when none is known. */
  lastBackup: z
    .object({ finishedAt: isoDate, bytes: z.number().int().nonnegative(), fileName: z.string() })
    .nullable(),
  database: z.object({
    reachable: z.boolean(),
    engine: z.enum(['pglite', 'postgres']),
    /** Time of one `SELECT 1` from this instance, in milliseconds. */
    latencyMs: z.number().nonnegative().nullable(),
    /** `pg_database_size`; null when the database refuses to say (missing privilege). */
    sizeBytes: z.number().nonnegative().nullable(),
  }),
  jobs: z.array(systemJobSchema),
  /** Provider events received but not processed yet (or whose processing failed). */
  webhooks: z
    .object({
      unprocessed: counts,
      withError: counts,
      oldestUnprocessedAt: isoDate.nullable(),
    })
    .nullable(),
  reconciliation: z
    .object({
      /** Open checkouts older than the reconciliation threshold: webhooks still missing. */
      staleOpenCheckouts: counts,
      lastRunAt: isoDate.nullable(),
      lastChecked: counts,
      lastSettled: counts,
      lastFailed: counts,
      /** Sums since the instances listed started. */
      totalChecked: counts,
      totalSettled: counts,
      totalFailed: counts,
    })
    .nullable(),
  mail: z
    .object({
      pending: counts,
      failed: counts,
      oldestPendingAt: isoDate.nullable(),
    })
    .nullable(),
  payments: z.object({ mode: z.enum(PAYMENT_MODES) }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const SYSTEM_STATUS_ERRORS = defineErrors({
  system_status_operator_only: {
    status: 403,
    title: 'Keine Berechtigung',
    message: 'Nur der Plattform-Administrator sieht den Systemstatus.',
  },
});
