import type { Clock } from './clock';

/** Every periodic job of an instance, by the name operators see in metrics and the status view. */
export const JOB_NAMES = [
  'payment-expiry',
  'payment-reconciliation',
  'payouts',
  'retention',
  'auth-cleanup',
  'invitation-mail-retries',
  'dunning-mails',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

/** One finished run of a job on this instance. */
export interface JobRunReport {
  job: JobName;
  startedAt: Date;
  finishedAt: Date;
  outcome: 'succeeded' | 'failed';
  /** The error of a failed run (never shown to anyone but the log and the platform admin). */
  error?: unknown;
}

export type JobRunListener = (report: JobRunReport) => void;

/**
 * Where the jobs of one instance report their runs. Metrics and the operator's status view listen
 * here instead of each job knowing about them; a listener that throws never fails the job.
 */
export class JobRuns {
  private readonly listeners = new Set<JobRunListener>();

  constructor(private readonly clock: Clock) {}

  /** Calls `listener` after every run; returns the function that stops it. */
  onRun(listener: JobRunListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs `work` as one run of `job`, reports it, and passes its result or error on. */
  async observe<T>(job: JobName, work: () => Promise<T>): Promise<T> {
    const startedAt = this.clock.now();
    try {
      const result = await work();
      this.report({ job, startedAt, finishedAt: this.clock.now(), outcome: 'succeeded' });
      return result;
    } catch (error) {
      this.report({ job, startedAt, finishedAt: this.clock.now(), outcome: 'failed', error });
      throw error;
    }
  }

  private report(report: JobRunReport): void {
    for (const listener of this.listeners) {
      try {
        listener(report);
      } catch {
        // A broken listener must not turn a job's success into a failure.
      }
    }
  }
}
