import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../../shared/api/health';
import { ERRORS } from '../../../shared/domain/errors';
import { errorBody, OUTAGE_RETRY_AFTER_S } from '../../http/error-handler';

/** Liveness (the process answers) and readiness (the database answers). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: healthResponseSchema } }, logLevel: 'warn' },
    async () => ({ status: 'ok' as const }),
  );

  app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    try {
      await app.deps.database.ping();
      return { status: 'ready' as const };
    } catch {
      app.reportDatabaseOutage();
      reply.header('retry-after', String(OUTAGE_RETRY_AFTER_S));
      return reply.status(503).send(errorBody(ERRORS.service_unavailable));
    }
  });
};
