import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type PublicConfig, publicConfigSchema } from '../../../shared/api/public-config';
import { presentPublicConfig } from './presenter';

/**
 * Public: the few configuration values the browser needs (the contact address for the footer
 * and enquiry buttons, whether /registrieren is open); see presenter.ts.
 */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/public-config',
    {
      schema: {
        tags: ['Öffentlich'],
        summary: 'Öffentliche Konfiguration',
        description:
          'Kontaktadresse, öffentliche Adresse, Zahlungsmodus und ob die Registrierung offen ist. Enthält keine Geheimnisse.',
        response: { 200: publicConfigSchema },
      },
    },
    async (_request, reply): Promise<PublicConfig> => {
      // Changes only with a restart; five minutes keep repeat visits from asking again.
      reply.header('cache-control', 'public, max-age=300');
      return presentPublicConfig(app.deps.config);
    },
  );
};
