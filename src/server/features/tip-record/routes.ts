import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tipRecordFileName, tipRecordQuerySchema } from '../../../shared/api/tip-record';
import { actorOf } from '../auth/guard';
import { tipRecordCsv, tipRecordHolder, tipRecordPdf } from './service';

const tags = ['Trinkgeld-Nachweis'];

/**
 * The signed-in person's own tipping record (issue 12 item 6). Only ever their own: the
 * profile comes from the session, the query carries nothing but the range.
 */
export const tipRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const signedIn = app.requireActor();

  app.get(
    '/api/employee/record.csv',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Eigener Trinkgeld-Nachweis als CSV (UTF-8 mit BOM, Semikolon, deutsche Zahlen)',
        querystring: tipRecordQuerySchema,
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${tipRecordFileName(from, to, 'csv')}"`,
        );
      return reply.send(tipRecordCsv(database, actorOf(request).profileId, { from, to }));
    },
  );

  app.get(
    '/api/employee/record.pdf',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Eigener Trinkgeld-Nachweis als PDF',
        querystring: tipRecordQuerySchema,
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const actor = actorOf(request);
      const holder = await tipRecordHolder(database, actor);
      reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${tipRecordFileName(from, to, 'pdf')}"`,
        );
      return reply.send(tipRecordPdf(database, holder, actor.profileId, { from, to }));
    },
  );
};
