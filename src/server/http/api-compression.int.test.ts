import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { API_COMPRESSION_MIN_BYTES } from './api-compression';

// JSON answers of the API go compressed to a browser that accepts it.
let t: TestApp;

const big = { items: Array.from({ length: 200 }, (_, index) => ({ index, text: 'Danke!' })) };

beforeAll(async () => {
  t = await createTestApp({
    register: async (app) => {
      app.get('/api/test/big', async () => big);
      app.get('/api/test/small', async () => ({ ok: true }));
      app.get('/api/test/tagged', async (_request, reply) => reply.header('etag', '"x"').send(big));
    },
  });
});
afterAll(async () => t.close());

describe('API compression', () => {
  it('sends a large JSON answer as brotli, else gzip, and the same JSON', async () => {
    expect(JSON.stringify(big).length).toBeGreaterThan(API_COMPRESSION_MIN_BYTES);
    const br = await t.inject({
      method: 'GET',
      url: '/api/test/big',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 4);

    const gzip = await t.inject({
      method: 'GET',
      url: '/api/test/big',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(big);
  });

  it('leaves small answers, clients without Accept-Encoding and ETag answers as they are', async () => {
    const plain = await t.inject({ method: 'GET', url: '/api/test/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
    for (const url of ['/api/test/small', '/api/test/tagged']) {
      const response = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.headers['content-encoding'], url).toBeUndefined();
    }
  });
});
