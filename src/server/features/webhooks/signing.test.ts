import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret } from './secret';
import { signWebhook } from './signing';

describe('signWebhook', () => {
  const body = '{"type":"tip.paid","timestamp":"2026-01-01T00:00:00.000Z","data":{"amount":500}}';

  it('signs id.timestamp.body with HMAC-SHA256 as the library verifies it', () => {
    const secret = newWebhookSecret();
    const now = new Date();
    const headers = signWebhook({ eventId: 'msg_abc', timestamp: now, body, secrets: [secret] });
    expect(headers['webhook-id']).toBe('msg_abc');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    // The same value by hand: the key is the base64 after whsec_.
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key)
      .update(`msg_abc.${headers['webhook-timestamp']}.${body}`)
      .digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
  });

  it('signs with both secrets during a roll; either verifies, a third does not', () => {
    const current = newWebhookSecret();
    const previous = newWebhookSecret();
    const headers = signWebhook({
      eventId: 'msg_roll',
      timestamp: new Date(),
      body,
      secrets: [current, previous],
    });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(current).verify(body, { ...headers })).not.toThrow();
    expect(() => new Webhook(previous).verify(body, { ...headers })).not.toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow();
  });

  it('a changed body no longer verifies', () => {
    const secret = newWebhookSecret();
    const headers = signWebhook({
      eventId: 'msg_x',
      timestamp: new Date(),
      body,
      secrets: [secret],
    });
    expect(() => new Webhook(secret).verify(body.replace('500', '5000'), { ...headers })).toThrow();
  });
});
