import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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
  await app.register(helmet, {
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
