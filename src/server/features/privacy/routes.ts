import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletionRequestSchema, deletionResultSchema } from '../../../shared/api/privacy';
import { clearSessionCookie } from '../auth/cookie';
import { actorOf } from '../auth/guard';
import { deleteOwnAccount, exportOwnData } from './service';

const tags = ['Datenschutz'];

/** GDPR: the signed-in person downloads their data or deletes their account (docs/privacy.md). */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = app.requireActor();

  app.get(
    '/api/me/data-export',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Alle gespeicherten Daten zur eigenen Person (JSON-Download)',
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (request, reply) => {
      const data = await exportOwnData(app.deps, actorOf(request));
      // A Fastify reply is thenable; header() only sets a header (decision 0585).
      void reply.header('content-disposition', 'attachment; filename="trinkgeld-meine-daten.json"');
      return data;
    },
  );

  app.post(
    '/api/me/deletion',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Eigenes Konto löschen (Profil anonymisiert, Trinkgelder bleiben ohne Namen)',
        body: deletionRequestSchema,
        response: { 200: deletionResultSchema },
      },
    },
    async (request, reply) => {
      await deleteOwnAccount(app.deps, actorOf(request), request);
      clearSessionCookie(reply, app.deps.config);
      return { deleted: true as const };
    },
  );
};
