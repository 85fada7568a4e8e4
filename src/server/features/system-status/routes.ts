import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemStatusSchema } from '../../../shared/api/system-status';
import { actorOf } from '../auth/guard';
import { readSystemStatus, type SystemStatusContext } from './service';

/**
 * /admin/system (decision 0404): the platform admin's status view. It needs a
 * session; the service refuses everyone but the platform admin in German (like the operator
 * console). Answers are never cached: each call reads the database afresh.
 */
export const systemStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: SystemStatusContext = {
    database: app.deps.database,
    clock: app.deps.clock,
    config: app.deps.config,
    instanceId: app.deps.instanceId,
  };

  app.get(
    '/api/admin/system',
    {
      onRequest: app.requireActor(),
      schema: {
        tags: ['Betrieb der Plattform'],
        summary:
          'Systemstatus: Instanzen, Datenbank, Jobs, Webhooks, E-Mail-Ausgang, Zahlungsmodus',
        description: 'Nur für den Plattform-Administrator.',
        response: { 200: systemStatusSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readSystemStatus(ctx, actorOf(request));
    },
  );
};
