import { z } from 'zod';
import { SYSTEM_JOB_NAMES, type SystemJobName } from '../../../shared/api/system-status';
import { JOB_NAMES, type JobName } from '../../lib/job-runs';

// The status view's job names and the jobs' own names are one list: either side failing to
// compile means a job was added or renamed on one side only.
const sameNames: readonly SystemJobName[] = JOB_NAMES;
const sameNamesBack: readonly JobName[] = SYSTEM_JOB_NAMES;
void sameNames;
void sameNamesBack;

/**
 * What an instance stores in `instance_heartbeats.jobs` and `.reconciliation` (migration 0400).
 * Rows are read through these shapes, so a row written by an older or newer version of the
 * server (rolling deploys) is read as far as it fits and never breaks the status view.
 */

const storedDate = z.iso.datetime({ offset: true }).nullable().catch(null);
const storedCount = z.number().int().nonnegative().catch(0);

export const storedJobSchema = z.object({
  lastStartedAt: storedDate,
  lastSucceededAt: storedDate,
  lastFailedAt: storedDate,
  lastError: z.string().nullable().catch(null),
  failures: storedCount,
  runs: storedCount,
});
export type StoredJob = z.infer<typeof storedJobSchema>;

/** Per job name; unknown names (a newer version's job) are dropped when read. */
export type StoredJobs = Partial<Record<SystemJobName, StoredJob>>;

export const storedReconciliationSchema = z.object({
  lastRunAt: storedDate,
  lastChecked: storedCount,
  lastSettled: storedCount,
  lastFailed: storedCount,
  totalChecked: storedCount,
  totalSettled: storedCount,
  totalFailed: storedCount,
});
export type StoredReconciliation = z.infer<typeof storedReconciliationSchema>;

export function readStoredJobs(value: unknown): StoredJobs {
  const jobs: StoredJobs = {};
  if (!value || typeof value !== 'object') return jobs;
  for (const name of SYSTEM_JOB_NAMES) {
    const parsed = storedJobSchema.safeParse((value as Record<string, unknown>)[name]);
    if (parsed.success) jobs[name] = parsed.data;
  }
  return jobs;
}

export function readStoredReconciliation(value: unknown): StoredReconciliation | null {
  const parsed = storedReconciliationSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Longest error text kept per job: enough to recognise the failure, not a stack trace. */
export const JOB_ERROR_MAX_CHARS = 200;

/**
 * The error of a failed run as the status view keeps it: the first line of its message, e-mail
 * addresses blanked (a failed mail names its recipient), cut to JOB_ERROR_MAX_CHARS. The full
 * error stays in the log only.
 */
export function shortenJobError(error: unknown): string {
  const raw =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === 'string'
        ? error
        : 'Unbekannter Fehler';
  const firstLine = raw.split('\n', 1)[0]!.trim();
  const withoutAddresses = firstLine.replace(/[^\s@<>"']+@[^\s@<>"']+/g, '[E-Mail]');
  return withoutAddresses.length > JOB_ERROR_MAX_CHARS
    ? `${withoutAddresses.slice(0, JOB_ERROR_MAX_CHARS - 1)}…`
    : withoutAddresses;
}
