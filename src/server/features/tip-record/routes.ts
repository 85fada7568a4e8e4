import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tipRecordQuerySchema } from '../../../shared/api/tip-record';
import { actorOf } from '../auth/guard';
import { tipRecordCsv, tipRecordFileName, tipRecordHolder, tipRecordPdf } from './service';

const tags = ['Trinkgeld-Nachweis'];

/**
 * The signed-in person's own tipping record. Only ever their own: the
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
        summary:
          'Eigener Trinkgeld-Nachweis als CSV (UTF-8 mit BOM; Deutsch: Semikolon und Dezimalkomma, Englisch: Komma und Dezimalpunkt)',
        querystring: tipRecordQuerySchema,
      },
    },
    async (request, reply) => {
      const range = request.query;
      const actor = actorOf(request);
      const { language } = await tipRecordHolder(database, actor);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${tipRecordFileName(language, range, 'csv')}"`,
        );
      return reply.send(tipRecordCsv(database, actor.profileId, range, language));
    },
  );

  app.get(
    '/api/employee/record.pdf',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Eigener Trinkgeld-Nachweis als PDF in der Sprache der Person',
        querystring: tipRecordQuerySchema,
      },
    },
    async (request, reply) => {
      const range = request.query;
      const actor = actorOf(request);
      const holder = await tipRecordHolder(database, actor);
      reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${tipRecordFileName(holder.language, range, 'pdf')}"`,
        );
      return reply.send(tipRecordPdf(database, holder, actor.profileId, range));
    },
  );
};
