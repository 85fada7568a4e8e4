import type { FastifyInstance } from 'fastify';
import { ERRORS } from '../../../shared/domain/errors';
import { errorBody } from '../../http/error-handler';
import type { AppMetrics } from './registry';
import { bearerMatches } from './token';

export const METRICS_PATH = '/metrics';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Counts every answer by route template and times it (not /metrics itself: a scrape every few
 * seconds would drown the real traffic). A request no route matched is `unmatched`: raw URLs
 * carry guest codes and tokens and would give every scanner's guess its own series.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const template = request.routeOptions.url;
    if (template === METRICS_PATH) return;
    metrics.observeHttp({
      method: METHODS.has(request.method) ? request.method : 'OTHER',
      route: template ?? 'unmatched',
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });
}

/**
 * GET /metrics in Prometheus' text format, only for `Authorization: Bearer $METRICS_TOKEN`.
 * Without the token (or with METRICS_TOKEN unset) the answer is the plain 404 of an unknown
 * path, so the endpoint cannot be found by probing. No session is read, so no cookie is set;
 * a GET passes the CSRF check, and no rate limit applies (a scraper calls every few seconds).
 */
export function metricsRoutes(metrics: AppMetrics) {
  return async (app: FastifyInstance) => {
    app.get(METRICS_PATH, { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, app.deps.config.metricsToken)) {
        return reply.status(404).send(errorBody(ERRORS.not_found));
      }
      const text = await metrics.scrape();
      return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
    });
  };
}
