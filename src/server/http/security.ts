import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { GUEST_BOOT_LOADER_CSP } from './guest-boot-loader';

/**
 * Security headers for every response. Scripts and styles only from our own origin; card data
 * never touches our pages (the payment provider's checkout is a redirect), so no third-party
 * script is allowed.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  secure: boolean,
): Promise<void> {
  const { set, removed } = securityHeaders(secure);
  // Set on the raw response, as helmet itself does, so a hijacked reply (the live stream) and
  // an error answer carry them too.
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of set) raw.setHeader(name, value);
    for (const name of removed) raw.removeHeader(name);
    done();
  });
  // A hashed script, style or font that was found: the headers that only mean something on a
  // document come off again (about 700 bytes on each of a page's twenty files).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode < 400 && HASHED_SUBRESOURCE.test(request.url)) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
    }
    done(null, payload);
  });
  if (!secure) {
    // An http PUBLIC_ORIGIN behind a TLS proxy: HSTS when the request itself came over https.
    // `request.protocol` believes X-Forwarded-Proto only from the TRUST_PROXY addresses.
    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https' && !reply.hasHeader('strict-transport-security')) {
        reply.header('strict-transport-security', HSTS);
      }
    });
  }
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The build's hashed JavaScript, CSS and font files. Not SVG or HTML: those render as documents
 * when opened directly and keep every header. No page here starts a worker from /assets, the one
 * other place a script's own CSP applies (the service worker lives at /employee/sw.js).
 */
const HASHED_SUBRESOURCE = /^\/assets\/[\w.-]+\.(?:js|css|woff2?)(?:\?|$)/;

/**
 * Headers a browser reads only on a document (or a worker): on a script, style or font they do
 * nothing. `x-content-type-options`, `cross-origin-resource-policy` and HSTS stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

function helmetOptions(secure: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The tip page's one inline script, by its hash (decision 0267).
        scriptSrc: ["'self'", GUEST_BOOT_LOADER_CSP],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", 'https://checkout.stripe.com'],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // Same answer as the CSP's frame-ancestors 'none' for browsers that only know this header.
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * The headers helmet writes for our options, worked out once. Nothing in them depends on the
 * request (no nonces, no per-request directives), and building helmet's middleware for every
 * request, as @fastify/helmet does, parsed the CSP anew each time: an eighth of a bare
 * request's CPU time (decision 0301).
 */
export function securityHeaders(secure: boolean): {
  set: ReadonlyArray<readonly [string, string]>;
  removed: readonly string[];
} {
  const set = new Map<string, string>();
  const removed = new Set<string>();
  const recorder = {
    setHeader(name: string, value: string) {
      set.set(name.toLowerCase(), value);
      removed.delete(name.toLowerCase());
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
      removed.add(name.toLowerCase());
    },
  };
  let finished = false;
  helmet(helmetOptions(secure))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
      finished = true;
    },
  );
  if (!finished) throw new Error('helmet did not finish synchronously');
  return { set: [...set], removed: [...removed] };
}
