import type { FastifyInstance } from 'fastify';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { htmlEncodingFor } from './html-response';

/** Below this a compressed answer saves less than its headers and the work cost. */
export const API_COMPRESSION_MIN_BYTES = 1024;

/**
 * JSON answers of the API compressed for a browser that accepts it: the staff and
 * admin screens' data (messages, lists) are 2–6 KB of repetitive JSON that brotli makes about a
 * quarter of that, on the first screen's critical path over a phone's network. A fast brotli
 * level, as for the pages rendered per request (html-response.ts); streams (the live events),
 * answers with an ETag and anything already encoded are left as they are.
 */
export function registerApiCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // Already encoded, or answered from a cache of its own by ETag (the guest code lookup, decision
    // 0250): one ETag must not stand for two different bodies.
    if (reply.hasHeader('content-encoding') || reply.hasHeader('etag')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
      return payload;
    }
    const size = Buffer.byteLength(payload);
    if (size < API_COMPRESSION_MIN_BYTES) return payload;
    reply.header('vary', varyWithAcceptEncoding(reply.getHeader('vary')));
    const encoding = htmlEncodingFor(request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return encoding === 'br'
      ? brotliCompressSync(payload, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: 5,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_SIZE_HINT]: size,
          },
        })
      : gzipSync(payload, { level: 6 });
  });
}

function varyWithAcceptEncoding(current: unknown): string {
  const values = String(current ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.some((value) => value.toLowerCase() === 'accept-encoding' || value === '*')) {
    return values.join(', ');
  }
  return [...values, 'accept-encoding'].join(', ');
}
