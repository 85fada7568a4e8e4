import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERRORS } from '../../shared/domain/errors';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` turns the origin check off for this route: only for server-to-server endpoints
     * that prove themselves otherwise (e.g. a signed payment-provider webhook).
     */
    csrf?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The business API's routes: authenticated by API key alone, never by a session cookie. */
export const BUSINESS_API_PREFIX = '/api/v1/';

/** The origin ("scheme://host[:port]") a request says it came from: Origin, else Referer. */
export function claimedOrigin(headers: FastifyRequest['headers']): string | undefined {
  const origin = headers.origin;
  if (typeof origin === 'string' && origin !== '' && origin !== 'null') return origin;
  const referer = headers.referer;
  if (typeof referer !== 'string' || referer === '') return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/**
 * A state-changing request is accepted only from our own pages: its Origin (or Referer) must be
 * the configured public origin or name the host the request was sent to. Browsers always send
 * Origin on cross-site POSTs and cannot forge it, so a foreign page can never ride on a
 * signed-in person's cookie.
 */
export function isSameOrigin(
  claimed: string | undefined,
  publicOrigin: string,
  requestHost: string | undefined,
): boolean {
  if (!claimed) return false;
  if (claimed === publicOrigin) return true;
  try {
    return requestHost !== undefined && new URL(claimed).host === requestHost.toLowerCase();
  } catch {
    return false;
  }
}

/** One app-wide check for every POST, PUT, PATCH and DELETE; see docs/decisions/0011. */
export function registerCsrfProtection(app: FastifyInstance): void {
  const { publicOrigin } = app.deps.config;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (request.routeOptions.config?.csrf === false) return;
    // The business API (decisions 0630, 0631) is called by a hotel's own systems, which send no
    // Origin. Its routes read no cookie: only the Authorization header's key, which a foreign
    // page cannot make a browser send, so there is nothing for a forged request to ride on.
    if (request.routeOptions.url?.startsWith(BUSINESS_API_PREFIX)) return;
    if (isSameOrigin(claimedOrigin(request.headers), publicOrigin, request.host)) return;
    request.log.info(
      { origin: request.headers.origin, referer: request.headers.referer },
      'cross-origin request rejected',
    );
    throw new AppError(ERRORS.csrf_rejected);
  });
}
