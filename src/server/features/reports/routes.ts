import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportQuerySchema, reportSchema } from '../../../shared/api/reports';
import { STAFF_MANAGER_ROLES } from '../../../shared/domain/roles';
import { businessScopeOf } from '../businesses/scope';
import { proGate } from '../plans/guard';
import { payrollQuerySchema } from '../../../shared/api/payroll';
import { payrollCsv, payrollPdf, payrollStatement } from './payroll';
import { businessName } from './queries/payroll';
import { buildReport, reportCsvStream } from './service';

const tags = ['Berichte'];

/** /admin/reports: figures of a period and the streaming CSV export (owners and admins). */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const guard = app.requireActor({ roles: STAFF_MANAGER_ROLES });
  const proOnly = proGate(app);

  app.get(
    '/api/admin/reports',
    {
      onRequest: guard,
      preHandler: proOnly('reports'),
      schema: {
        tags,
        summary: 'Bericht eines Zeitraums: Summen, QR-Statistik, Verlauf, Auszahlungen',
        querystring: reportQuerySchema,
        response: { 200: reportSchema },
      },
    },
    async (request) => {
      const { businessId } = await businessScopeOf(request, database.db);
      return buildReport(database, businessId, request.query);
    },
  );

  app.get(
    '/api/admin/reports/tips.csv',
    {
      onRequest: guard,
      // The operator exports a closing business's tips whatever its plan (decision 0323).
      preHandler: proOnly('reports', { exceptPlatformAdmin: true }),
      schema: {
        tags,
        summary: 'Trinkgelder eines Zeitraums als CSV (UTF-8 mit BOM, Semikolon, deutsche Zahlen)',
        querystring: reportQuerySchema,
      },
    },
    async (request, reply) => {
      const { businessId } = await businessScopeOf(request, database.db);
      const { from, to } = request.query;
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="trinkgeld-${from}-bis-${to}.csv"`);
      return reply.send(reportCsvStream(database, businessId, { from, to }));
    },
  );

  app.get(
    '/api/admin/reports/payroll.csv',
    {
      onRequest: guard,
      preHandler: proOnly('reports'),
      schema: {
        tags,
        summary:
          'Trinkgeld-Übersicht für die Lohnbuchhaltung eines Monats als CSV (je Person: direkt, Team, Pool, Auszahlungen)',
        querystring: payrollQuerySchema,
      },
    },
    async (request, reply) => {
      const { businessId } = await businessScopeOf(request, database.db);
      const statement = await payrollStatement(database, businessId, request.query.month);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="trinkgeld-lohnbuchhaltung-${request.query.month}.csv"`,
        );
      return reply.send(payrollCsv(statement));
    },
  );

  app.get(
    '/api/admin/reports/payroll.pdf',
    {
      onRequest: guard,
      preHandler: proOnly('reports'),
      schema: {
        tags,
        summary: 'Trinkgeld-Übersicht für die Lohnbuchhaltung eines Monats als PDF',
        querystring: payrollQuerySchema,
      },
    },
    async (request, reply) => {
      const { businessId } = await businessScopeOf(request, database.db);
      const statement = await payrollStatement(database, businessId, request.query.month);
      const name = await businessName(database, businessId);
      reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="trinkgeld-lohnbuchhaltung-${request.query.month}.pdf"`,
        );
      return reply.send(payrollPdf(statement, name));
    },
  );
};
