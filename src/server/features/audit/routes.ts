import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminNavigationSchema } from '../../../shared/api/audit';
import { STAFF_MANAGER_ROLES } from '../../../shared/domain/roles';
import { actorOf } from '../auth/guard';
import { writeAudit } from './write';

/** Audit rows the browser reports; the server decides who may write them and what they hold. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/audit/navigation',
    {
      onRequest: app.requireActor({ roles: STAFF_MANAGER_ROLES }),
      schema: {
        tags: ['Audit-Log'],
        summary: 'Ein Admin oder Inhaber hat eine Admin-Seite geöffnet (admin_navigation)',
        body: adminNavigationSchema,
      },
    },
    async (request, reply) => {
      const { destination, from } = request.body;
      await writeAudit(app.deps.database.db, {
        actor: actorOf(request),
        action: 'admin_navigation',
        targetType: 'page',
        targetId: destination,
        payload: { destination, ...(from ? { from } : {}) },
        request,
      });
      return reply.status(204).send();
    },
  );
};
