import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { showcaseResponseSchema } from '../../../shared/api/showcase';
import { presentShowcase } from './presenter';
import { listShowcasePaymentPoints } from './service';

/** Public: the demo payment points behind /demo-showcase and the landing page's demo link. */
export const showcaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/showcase',
    {
      schema: {
        tags: ['Öffentlich'],
        summary: 'Demo-Bezahlpunkte für die Demo-Übersicht',
        description:
          'Aktive Demo-Bezahlpunkte des Produkts (UID mit Präfix "aio-"), gruppiert nach Typ, mit Trinkgeld-Link. Ohne Anmeldung.',
        response: { 200: showcaseResponseSchema },
      },
    },
    async (_request, reply) => {
      const rows = await listShowcasePaymentPoints({ db: app.deps.database.db });
      reply.header('cache-control', 'no-cache');
      return presentShowcase(rows, app.deps.config.publicOrigin);
    },
  );
};
