import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { guestHeaders } from '../../../../test/support/guest';
import { GUEST_RATE_RULES } from '../../http/guest-rate-rules';

let t: TestApp;
beforeAll(async () => {
  // Every request here is refused: no data is needed.
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, remoteAddress: string) =>
  t.inject({ method: 'POST', url, headers: guestHeaders(t), payload: {}, remoteAddress });

describe('guest rate limits per client address', () => {
  it.each([
    ['/api/guest/tips', GUEST_RATE_RULES.startPayment.limit],
    ['/api/guest/pay-later-links', GUEST_RATE_RULES.payLaterLink.limit],
  ])(
    'refuses request %s number %i + 1 from one address with a German wait message',
    async (url, limit) => {
      // Even refused bodies count: the limit is checked before anything else.
      for (let i = 0; i < limit; i += 1) {
        expect((await post(url, '203.0.113.7')).statusCode).toBe(400);
      }
      const refused = await post(url, '203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatchObject({
        code: 'rate_limited',
        title: 'Zu viele Anfragen',
        message: 'Bitte warten Sie 10 Minute(n) und versuchen Sie es erneut.',
        retryAfter: 600,
      });
      expect(refused.headers['retry-after']).toBe('600');
      // Another guest elsewhere is not affected.
      expect((await post(url, '198.51.100.20')).statusCode).toBe(400);
      // The window ends, the address may try again.
      t.clock.advance(10 * 60_000);
      expect((await post(url, '203.0.113.7')).statusCode).toBe(400);
    },
  );

  it('stores no client address in the clear', async () => {
    const rows = await t.database.query<{ key: string }>('SELECT key FROM rate_limit_buckets');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.key).not.toContain('203.0.113.7');
  });
});
