import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock';
import { type JobRunReport, JobRuns } from './job-runs';

describe('JobRuns', () => {
  it('reports a succeeded and a failed run with their times and passes results and errors on', async () => {
    const clock = new ManualClock('2026-11-28T10:00:00Z');
    const runs = new JobRuns(clock);
    const reports: JobRunReport[] = [];
    runs.onRun((report) => reports.push(report));

    const result = await runs.observe('payouts', async () => {
      clock.advance(1_500);
      return 7;
    });
    const failure = new Error('provider down');
    await expect(
      runs.observe('payment-reconciliation', () => Promise.reject(failure)),
    ).rejects.toBe(failure);

    expect(result).toBe(7);
    expect(reports.map(({ job, outcome }) => [job, outcome])).toEqual([
      ['payouts', 'succeeded'],
      ['payment-reconciliation', 'failed'],
    ]);
    expect(reports[0]!.finishedAt.getTime() - reports[0]!.startedAt.getTime()).toBe(1_500);
    expect(reports[1]!.error).toBe(failure);
  });

  it('keeps a job succeeded when a listener throws, and stops calling a removed listener', async () => {
    const runs = new JobRuns(new ManualClock('2026-11-28T10:00:00Z'));
    const seen: string[] = [];
    runs.onRun(() => {
      throw new Error('broken listener');
    });
    const stop = runs.onRun((report) => seen.push(report.job));

    await expect(runs.observe('retention', async () => 'done')).resolves.toBe('done');
    stop();
    await runs.observe('auth-cleanup', async () => undefined);

    expect(seen).toEqual(['retention']);
  });
});
