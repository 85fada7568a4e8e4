import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { guestHeaders } from '../../../test/support/guest';
import { GUEST_RATE_RULES } from './guest-rate-rules';

// Finding 3: with TRUST_PROXY=1 any client could rotate X-Forwarded-For and get a fresh rate-limit
// bucket per request. Only the listed proxies' forwarding headers count now.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { trustProxy: ['10.0.0.1', '10.9.0.0/16'] },
    register: async (app) => {
      app.get('/test/client-address', async (request) => ({ ip: request.ip }));
    },
  });
});
afterAll(async () => {
  await t.close();
});

const addressSeen = async (remoteAddress: string, forwardedFor?: string) =>
  (
    await t.inject({
      method: 'GET',
      url: '/test/client-address',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    })
  ).json().ip as string;

describe('TRUST_PROXY lists the proxies whose X-Forwarded-For is believed', () => {
  it('ignores X-Forwarded-For from a client that is not a listed proxy', async () => {
    expect(await addressSeen('203.0.113.7', '1.2.3.4')).toBe('203.0.113.7');
  });

  it('takes the client address a listed proxy (address or CIDR) forwards', async () => {
    expect(await addressSeen('10.0.0.1', '198.51.100.3')).toBe('198.51.100.3');
    expect(await addressSeen('10.9.4.2', '198.51.100.4')).toBe('198.51.100.4');
  });

  it('stops at the first untrusted hop, so a forged leftmost entry is ignored', async () => {
    expect(await addressSeen('10.0.0.1', '1.2.3.4, 198.51.100.3')).toBe('198.51.100.3');
  });

  it('gives a client rotating X-Forwarded-For no fresh rate-limit buckets', async () => {
    const limit = GUEST_RATE_RULES.payLaterLink.limit;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i += 1) {
      const response = await t.inject({
        method: 'POST',
        url: '/api/guest/pay-later-links',
        remoteAddress: '203.0.113.50',
        headers: { ...guestHeaders(t), 'x-forwarded-for': `192.0.2.${i + 1}` },
        payload: {},
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, limit).every((status) => status === 400)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });
});
