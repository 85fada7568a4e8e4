import { describe, expect, it } from 'vitest';
import { TIP_STATUSES, type TipStatus } from '../../../shared/domain/tips';
import { canMoveTip, decideRetry, hasPaymentToTell, statusesBefore } from './policy';

describe('tip status moves', () => {
  const allowed: [TipStatus, TipStatus][] = [
    ['initiated', 'pending'],
    ['initiated', 'failed'],
    ['initiated', 'cancelled'],
    ['initiated', 'expired'],
    ['cancelled', 'pending'],
    ['expired', 'pending'],
    ['pending', 'completed'],
    ['pending', 'refunded'],
    ['completed', 'refunded'],
  ];

  it.each(TIP_STATUSES.flatMap((from) => TIP_STATUSES.map((to) => [from, to] as const)))(
    '%s -> %s',
    (from, to) => {
      const expected = allowed.some(([a, b]) => a === from && b === to);
      expect(canMoveTip(from, to)).toBe(expected);
    },
  );

  it('never moves a paid tip back to unpaid, nor counts it twice', () => {
    expect(statusesBefore('pending')).toEqual(['initiated', 'cancelled', 'expired']);
    for (const to of ['initiated', 'failed', 'cancelled', 'expired'] as const) {
      expect(statusesBefore(to)).not.toContain('pending');
      expect(statusesBefore(to)).not.toContain('completed');
    }
  });
});

describe('decideRetry', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const endedAgo = (ms: number) => new Date(now.getTime() - ms);

  it('allows the next attempt after the backoff', () => {
    expect(decideRetry({ status: 'failed', attempt: 1, endedAt: endedAgo(1_000), now })).toEqual({
      allowed: true,
      attempt: 2,
    });
    expect(decideRetry({ status: 'cancelled', attempt: 3, endedAt: endedAgo(4_000), now })).toEqual(
      { allowed: true, attempt: 4 },
    );
  });

  it('makes the guest wait 1 s, 2 s, then 4 s', () => {
    expect(decideRetry({ status: 'failed', attempt: 1, endedAt: endedAgo(400), now })).toEqual({
      allowed: false,
      reason: 'retry_too_soon',
      retryAfterMs: 600,
    });
    expect(decideRetry({ status: 'failed', attempt: 2, endedAt: endedAgo(1_500), now })).toEqual({
      allowed: false,
      reason: 'retry_too_soon',
      retryAfterMs: 500,
    });
    expect(decideRetry({ status: 'expired', attempt: 3, endedAt: endedAgo(3_000), now })).toEqual({
      allowed: false,
      reason: 'retry_too_soon',
      retryAfterMs: 1_000,
    });
  });

  it('stops after three retries', () => {
    expect(decideRetry({ status: 'failed', attempt: 4, endedAt: endedAgo(60_000), now })).toEqual({
      allowed: false,
      reason: 'max_retries',
    });
  });

  it('refuses to retry a payment that went through or is still running', () => {
    for (const status of ['initiated', 'pending', 'completed', 'refunded'] as const) {
      expect(decideRetry({ status, attempt: 1, endedAt: null, now })).toEqual({
        allowed: false,
        reason: 'retry_not_allowed',
      });
    }
  });
});

describe('hasPaymentToTell', () => {
  it('tells a paid tip and one still waiting for its outcome; not one that ended unpaid', () => {
    const told = TIP_STATUSES.filter(hasPaymentToTell);
    expect(told).toEqual(['initiated', 'pending', 'completed']);
  });
});
