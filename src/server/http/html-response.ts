import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

export interface EncodedHtml {
  body: string | Buffer;
  /** The `Content-Encoding`, or null when sent as it is. */
  encoding: 'br' | 'gzip' | null;
  /** A strong ETag over the page, one per encoding. */
  etag: string;
}

/** JSON for a `<script type="application/json">`: it cannot end the element or open a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * A page rendered per request, compressed for a browser that accepts it: with its stylesheet
 * inline the tip page is about 33 KB, which brotli makes about 7 KB, inside the first round trip
 * of a new connection (decision 0265). A fast brotli level: this runs for every page not cached
 * (decision 0250 keeps a cached tip page's encodings).
 */
export function encodeHtml(acceptEncoding: string | undefined, html: string): EncodedHtml {
  const hash = createHash('sha256').update(html).digest('base64url').slice(0, 32);
  const encoded = compress(htmlEncodingFor(acceptEncoding), html);
  const etag = `"${hash}${encoded.encoding ? `-${encoded.encoding}` : ''}"`;
  return { ...encoded, etag };
}

/** The encoding a page is sent in for this Accept-Encoding: brotli, else gzip, else none. */
export function htmlEncodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(/\s*;\s*/))
      .filter(([, quality]) => !/^q=0(\.0*)?$/.test(quality ?? ''))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : null;
}

function compress(encoding: 'br' | 'gzip' | null, html: string): Omit<EncodedHtml, 'etag'> {
  if (html.length < 1024) return { body: html, encoding: null };
  if (encoding === 'br') {
    const body = brotliCompressSync(html, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 5,
        [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
      },
    });
    return { body, encoding: 'br' };
  }
  if (encoding === 'gzip') return { body: gzipSync(html, { level: 6 }), encoding: 'gzip' };
  return { body: html, encoding: null };
}
