import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminNavigationSchema,
  auditLogPageSchema,
  auditLogQuerySchema,
} from '../../../shared/api/audit';
import { businessScopeQuerySchema } from '../../../shared/api/businesses';
import { STAFF_MANAGER_ROLES } from '../../../shared/domain/roles';
import { actorOf } from '../auth/guard';
import { businessScopeOf } from '../businesses/scope';
import { auditCsvStream } from './csv';
import { auditLogPage } from './queries';
import { writeAudit } from '../audit/write';

/**
 * The audit log: rows the browser reports (navigation), where the server decides who may write
 * them and what they hold, and the paged log of one business for its admins and owners
 * (docs/decisions/0101-who-reads-the-audit-log.md).
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const staffManager = app.requireActor({ roles: STAFF_MANAGER_ROLES });

  app.post(
    '/api/audit/navigation',
    {
      onRequest: staffManager,
      schema: {
        tags: ['Audit-Log'],
        summary: 'Ein Admin oder Inhaber hat eine Admin-Seite geöffnet (admin_navigation)',
        querystring: businessScopeQuerySchema,
        body: adminNavigationSchema,
      },
    },
    async (request, reply) => {
      const { destination, from } = request.body;
      // The platform admin's row belongs to the business they are looking at.
      const businessId = request.query.businessId
        ? (await businessScopeOf(request, db)).businessId
        : actorOf(request).businessId;
      await writeAudit(db, {
        actor: actorOf(request),
        businessId,
        action: 'admin_navigation',
        targetType: 'page',
        targetId: destination,
        payload: { destination, ...(from ? { from } : {}) },
        request,
      });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/admin/audit-log',
    {
      onRequest: staffManager,
      schema: {
        tags: ['Audit-Log'],
        summary: 'Audit-Log des Betriebs, neueste zuerst (50 je Seite)',
        description: 'Filter: action, from und to (Kalendertage JJJJ-MM-TT, Europe/Berlin).',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema },
      },
    },
    async (request) => {
      const { businessId } = await businessScopeOf(request, db);
      const { page, pageSize, action, from, to } = request.query;
      return auditLogPage(db, businessId, { page, pageSize, action, from, to });
    },
  );

  app.get(
    '/api/admin/audit-log.csv',
    {
      onRequest: staffManager,
      schema: {
        tags: ['Audit-Log'],
        summary: 'Das ganze Audit-Log des Betriebs als CSV (älteste zuerst)',
        description: 'UTF-8 mit BOM, Semikolon; angeboten vor dem Schließen eines Betriebs.',
        querystring: businessScopeQuerySchema,
      },
    },
    async (request, reply) => {
      const { businessId } = await businessScopeOf(request, db);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"');
      return reply.send(auditCsvStream(app.deps.database, businessId));
    },
  );
};
