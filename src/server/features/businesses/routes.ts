import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessListResponseSchema } from '../../../shared/api/businesses';
import { STAFF_MANAGER_ROLES } from '../../../shared/domain/roles';
import { actorOf } from '../auth/guard';
import { listBusinessesFor } from './service';

export const businessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/businesses',
    {
      onRequest: app.requireActor({ roles: STAFF_MANAGER_ROLES }),
      schema: {
        tags: ['Admin'],
        summary: 'Betriebe, in denen die Sitzung arbeiten darf',
        description:
          'Für den Plattform-Administrator alle Betriebe, für Geschäftsinhaber nur der eigene.',
        response: { 200: businessListResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return {
        businesses: await listBusinessesFor(app.deps.database.db, actor),
        currentBusinessId: actor.businessId,
      };
    },
  );
};
