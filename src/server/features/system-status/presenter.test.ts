import { describe, expect, it } from 'vitest';
import { JOB_ERROR_MAX_CHARS, readStoredJobs, shortenJobError } from './stored';
import {
  aggregateJobs,
  aggregateReconciliation,
  instanceStateOf,
  paymentModeOf,
} from './presenter';
import { InstanceActivity } from './heartbeat';

const at = (iso: string) => new Date(iso);

describe('instanceStateOf', () => {
  const now = at('2026-05-12T10:00:00Z');
  it('is running within two minutes of the last heartbeat, missing after, stopped once stopped', () => {
    expect(instanceStateOf({ lastSeenAt: at('2026-05-12T09:58:00Z'), stoppedAt: null }, now)).toBe(
      'running',
    );
    expect(instanceStateOf({ lastSeenAt: at('2026-05-12T09:57:59Z'), stoppedAt: null }, now)).toBe(
      'missing',
    );
    const stopped = at('2026-05-12T09:59:50Z');
    expect(instanceStateOf({ lastSeenAt: stopped, stoppedAt: stopped }, now)).toBe('stopped');
  });
});

describe('paymentModeOf', () => {
  it('tells demo, Stripe test and Stripe live apart by the key prefix alone', () => {
    expect(paymentModeOf({ paymentProvider: 'demo', stripeSecretKey: 'sk_live_x' })).toBe('demo');
    expect(paymentModeOf({ paymentProvider: 'stripe', stripeSecretKey: 'sk_test_abc' })).toBe(
      'stripe_test',
    );
    expect(paymentModeOf({ paymentProvider: 'stripe', stripeSecretKey: 'sk_live_abc' })).toBe(
      'stripe_live',
    );
    expect(paymentModeOf({ paymentProvider: 'stripe', stripeSecretKey: 'rk_live_abc' })).toBe(
      'stripe_live',
    );
  });
});

describe('aggregateJobs', () => {
  it('says never for a job without runs and ok when a newer success followed a failure', () => {
    const activity = new InstanceActivity();
    activity.recordRun({
      job: 'retention',
      startedAt: at('2026-05-12T09:00:00Z'),
      finishedAt: at('2026-05-12T09:00:01Z'),
      outcome: 'failed',
      error: new Error('timeout'),
    });
    activity.recordRun({
      job: 'retention',
      startedAt: at('2026-05-12T09:10:00Z'),
      finishedAt: at('2026-05-12T09:10:01Z'),
      outcome: 'succeeded',
    });
    const jobs = aggregateJobs([activity.snapshot()]);
    expect(jobs.map((job) => job.job)).toEqual([
      'payment-expiry',
      'payment-reconciliation',
      'payouts',
      'retention',
      'auth-cleanup',
      'invitation-mail-retries',
      'dunning-mails',
    ]);
    expect(jobs.find((job) => job.job === 'retention')).toMatchObject({
      state: 'ok',
      failures: 1,
      runs: 2,
      lastError: 'Error: timeout',
      lastFailedAt: '2026-05-12T09:00:01.000Z',
      lastSucceededAt: '2026-05-12T09:10:01.000Z',
    });
    expect(jobs.find((job) => job.job === 'payouts')!.state).toBe('never');
  });
});

describe('aggregateReconciliation', () => {
  it('takes the newest run and sums the totals', () => {
    const one = new InstanceActivity();
    one.recordReconciliation({ checked: 2, settled: 1, failed: 0 }, at('2026-05-12T09:00:00Z'));
    one.recordReconciliation({ checked: 1, settled: 0, failed: 1 }, at('2026-05-12T09:01:00Z'));
    const two = new InstanceActivity();
    two.recordReconciliation({ checked: 4, settled: 4, failed: 0 }, at('2026-05-12T08:59:00Z'));
    expect(
      aggregateReconciliation([one.snapshot(), two.snapshot(), { reconciliation: null }], 3),
    ).toEqual({
      staleOpenCheckouts: 3,
      lastRunAt: '2026-05-12T09:01:00.000Z',
      lastChecked: 1,
      lastSettled: 0,
      lastFailed: 1,
      totalChecked: 7,
      totalSettled: 5,
      totalFailed: 1,
    });
  });
});

describe('stored rows', () => {
  it('keep what fits of a row written by another version', () => {
    const jobs = readStoredJobs({
      payouts: { lastStartedAt: 'nonsense', failures: -1, runs: 3, lastError: null },
      'a-future-job': { runs: 1 },
    });
    expect(Object.keys(jobs)).toEqual(['payouts']);
    expect(jobs.payouts).toMatchObject({ lastStartedAt: null, failures: 0, runs: 3 });
    expect(readStoredJobs(null)).toEqual({});
  });

  it('shorten errors to one line without addresses', () => {
    expect(shortenJobError(new TypeError('to: a.b@c.de failed\nstack'))).toBe(
      'TypeError: to: [E-Mail] failed',
    );
    expect(shortenJobError('x'.repeat(500))).toHaveLength(JOB_ERROR_MAX_CHARS);
    expect(shortenJobError({})).toBe('Unbekannter Fehler');
  });
});
