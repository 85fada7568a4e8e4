import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd';

describe('redactUrl (finding 6: no tokens in request logs)', () => {
  it.each([
    [`/employee/login?magic_token=${TOKEN}`, '/employee/login?magic_token=[redacted]'],
    [`/t/aio-anna?amount=5.00&later=${TOKEN}`, '/t/aio-anna?amount=5.00&later=[redacted]'],
    [`/api/guest/pay-later-links/${TOKEN}`, '/api/guest/pay-later-links/[redacted]'],
    [`/x?token=${TOKEN}&a=1`, '/x?token=[redacted]&a=1'],
    ['/api/guest/codes/aio-anna', '/api/guest/codes/aio-anna'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
