import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeaders } from './security';

/** Every header a response carries besides what the route itself sets. */
const COMMON = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const CSP =
  "default-src 'self';script-src 'self' 'sha256-GFFo2orHrK/OctbQuYO9B5vhzBojR+NWGbckV0V3MKU=';" +
  "style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;" +
  "connect-src 'self';object-src 'none';base-uri 'self';" +
  "form-action 'self' https://checkout.stripe.com;frame-ancestors 'none'";

async function appWith(secure: boolean) {
  const app = Fastify();
  await registerSecurityHeaders(app, secure);
  app.get('/text', async () => 'ok');
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  app.get('/hijacked', async (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/plain' });
    reply.raw.end('raw');
  });
  return app;
}

const securityPart = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) =>
        !['content-type', 'content-length', 'transfer-encoding', 'date', 'connection'].includes(
          name,
        ),
    ),
  );

describe('security headers', () => {
  it('over http: exactly the CSP and helmet headers on answers, errors and hijacked replies', async () => {
    const app = await appWith(false);
    for (const url of ['/text', '/fails', '/hijacked']) {
      const response = await app.inject({ method: 'GET', url });
      expect(securityPart(response.headers), url).toEqual({
        ...COMMON,
        'content-security-policy': CSP,
      });
    }
    await app.close();
  });

  it('over https: HSTS for a year and upgrade-insecure-requests too', async () => {
    const app = await appWith(true);
    const response = await app.inject({ method: 'GET', url: '/text' });
    expect(securityPart(response.headers)).toEqual({
      ...COMMON,
      'content-security-policy': `${CSP};upgrade-insecure-requests`,
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    await app.close();
  });

  it('are worked out once, not per request', () => {
    const { set, removed } = securityHeaders(false);
    expect(new Map(set).get('content-security-policy')).toBe(CSP);
    expect(removed).toEqual(['x-powered-by']);
  });
});
