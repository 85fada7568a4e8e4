import { describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_DELAYS_MS } from '../../../shared/api/webhooks';
import { endpointDisabledMail, nextAttemptAt, parseRetryAfter } from './delivery';

const now = new Date('2026-03-01T12:00:00Z');

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates, relative to the clock', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 5 ', now)).toBe(5_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 13:00:00 GMT', now)).toBe(3_600_000);
    expect(parseRetryAfter(['30', '60'], now)).toBe(30_000);
  });

  it('ignores what is absent, past, zero or not a date, and caps at a day', () => {
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter('0', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter('bald', now)).toBeNull();
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBeNull();
    expect(parseRetryAfter(String(7 * 24 * 3600), now)).toBe(24 * 3_600_000);
  });
});

describe('nextAttemptAt', () => {
  it('follows the schedule with at most 10 % jitter either way', () => {
    WEBHOOK_RETRY_DELAYS_MS.forEach((delay, index) => {
      const low = nextAttemptAt(index + 1, now, null, () => 0)!;
      const high = nextAttemptAt(index + 1, now, null, () => 0.999999)!;
      expect(low.getTime() - now.getTime()).toBe(Math.round(delay * 0.9));
      expect(high.getTime() - now.getTime()).toBeLessThanOrEqual(delay * 1.1);
      expect(high.getTime() - now.getTime()).toBeGreaterThan(delay * 1.09);
    });
  });

  it('is over after the last delay: eight attempts in all, about three days', () => {
    expect(nextAttemptAt(WEBHOOK_RETRY_DELAYS_MS.length + 1, now, null)).toBeNull();
    const total = WEBHOOK_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total / 3_600_000).toBeGreaterThan(27);
    expect(total / 3_600_000).toBeLessThan(28);
  });

  it('waits for Retry-After when it is longer than the schedule, never shorter', () => {
    expect(nextAttemptAt(1, now, 60_000, () => 0.5)!.getTime() - now.getTime()).toBe(60_000);
    expect(nextAttemptAt(1, now, 1_000, () => 0.5)!.getTime() - now.getTime()).toBe(5_000);
  });
});

describe('endpointDisabledMail', () => {
  it('tells the owner in German what happened and where to switch it on again', () => {
    const mail = endpointDisabledMail({
      to: 'inhaber@example.com',
      businessName: 'Hotel <Seeblick>',
      url: 'https://pms.example.com/hooks',
      failingSince: now,
      consoleUrl: 'https://trinkgeld.example/admin/api',
    });
    expect(mail.subject).toBe('Webhook-Endpunkt abgeschaltet');
    expect(mail.text).toContain('https://pms.example.com/hooks');
    expect(mail.text).toContain('1. März 2026');
    expect(mail.text).toContain('https://trinkgeld.example/admin/api');
    expect(mail.html).toContain('Hotel &lt;Seeblick&gt;');
    expect(mail.html).toContain('<a href="https://trinkgeld.example/admin/api">');
  });
});
