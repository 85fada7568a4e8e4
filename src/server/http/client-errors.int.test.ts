import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';

/**
 * Requests that never reach a route — malformed HTTP framing, oversized
 * headers — and paths nobody serves answer in the product's German error shape, not Node's or
 * Fastify's English.
 */
let t: TestApp;
let port: number;
const webDir = mkdtempSync(path.join(tmpdir(), 'trinkgeld-client-errors-'));
beforeAll(async () => {
  const html = '<!doctype html><html lang="de"><body><div id="root"></div></body></html>';
  writeFileSync(path.join(webDir, 'index.html'), html);
  writeFileSync(path.join(webDir, 'guest.html'), html);
  t = await createTestApp({ webDir });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function raw(bytes: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let data = '';
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')));
    socket.on('data', (chunk) => {
      data += chunk.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, headers: head, body: rest.join('\r\n\r\n') });
    });
    socket.write(bytes);
  });
}

describe('answers that never reach a route speak German', () => {
  it('malformed framing: 400 with the German error shape', async () => {
    const answer = await raw('GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    const body = JSON.parse(answer.body);
    expect(body.error.code).toBe('bad_request');
    expect(body.error.title).toBe('Eingabefehler');
    expect(body.error.message).toMatch(/Anfrage/);
  });

  it('oversized headers: 431 with the German error shape', async () => {
    const huge = `X-Big: ${'a'.repeat(40_000)}\r\n`;
    const answer = await raw(`GET / HTTP/1.1\r\nHost: x\r\n${huge}\r\n`);
    expect(answer.status).toBe(431);
    const body = JSON.parse(answer.body);
    expect(body.error.code).toBe('headers_too_large');
    expect(body.error.message).toMatch(/Kopfzeilen/);
  });

  it('an unknown page answers 404 with the not-found page, an unknown API path 404 JSON', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/gibtsnicht' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    const api = await t.app.inject({ method: 'GET', url: '/api/gibtsnicht' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
    // The app's own pages still answer 200.
    // (/thank-you needs its reference, else it sends the guest to /.)
    for (const url of [
      '/employee/login',
      '/admin/dashboard',
      '/security',
      `/thank-you?tipId=${randomUUID()}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});
