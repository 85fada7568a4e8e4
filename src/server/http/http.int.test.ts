import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { allowConsoleErrors } from '../../../test/support/setup';

let t: TestApp;

/** Routes that exist only in this test, to exercise the cross-cutting behaviour. */
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test/echo',
    {
      schema: {
        body: z.object({
          email: z.string().email({ message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' }),
          count: z.number().int().min(1),
        }),
        querystring: z.object({ mode: z.enum(['a', 'b']).optional() }),
      },
    },
    async (request) => ({ received: request.body }),
  );
  app.get('/api/test/crash', async () => {
    throw new Error('secret internal detail at /srv/app.ts:42');
  });
};

beforeAll(async () => {
  t = await createTestApp({
    register: async (app) => {
      await app.register(probeRoutes);
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});

describe('errors', () => {
  it('answers an unknown API path with a German JSON 404', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: {
        code: 'not_found',
        title: 'Nicht gefunden',
        message: 'Die angeforderte Ressource wurde nicht gefunden.',
      },
    });
  });

  it('answers broken JSON with 400', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_json');
  });

  it('answers schema violations with 400, the field message and every problem', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/test/echo?mode=c',
      payload: { email: 'kein-at', count: 0 },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('validation_failed');
    expect(error.title).toBe('Eingabefehler');
    expect(error.message).toBeTruthy();
    expect(error.details.length).toBeGreaterThanOrEqual(1);
  });

  it('puts the spec message of the failing field first', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'kein-at', count: 2 },
    });
    expect(response.json().error).toMatchObject({
      message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      details: [
        { path: 'body.email', message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' },
      ],
    });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(response.statusCode).toBe(415);
  });

  it('never leaks internals in a 500', async () => {
    allowConsoleErrors();
    const response = await t.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('app.ts');
    expect(response.json().error).toEqual({
      code: 'internal',
      title: 'Systemfehler',
      message: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es erneut.',
    });
  });
});

describe('cross-cutting headers', () => {
  it('returns the request id it was given, or a new one', async () => {
    const given = await t.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const fresh = await t.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers', async () => {
    const response = await t.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('serves the OpenAPI document', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.json().openapi).toMatch(/^3\./);
  });
});
