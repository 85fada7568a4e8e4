import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type PublicConfig, publicConfigSchema } from '../../../shared/api/public-config';

/**
 * Public: the few configuration values the browser needs (the contact address for the footer
 * and enquiry buttons). Picked field by field, so a new secret in Config can never leak here.
 */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/public-config',
    {
      schema: {
        tags: ['Öffentlich'],
        summary: 'Öffentliche Konfiguration',
        description:
          'Kontaktadresse, öffentliche Adresse und Zahlungsmodus. Enthält keine Geheimnisse.',
        response: { 200: publicConfigSchema },
      },
    },
    async (_request, reply): Promise<PublicConfig> => {
      const { config } = app.deps;
      // Changes only with a restart; five minutes keep repeat visits from asking again.
      reply.header('cache-control', 'public, max-age=300');
      return {
        contactEmail: config.contactEmail,
        publicOrigin: config.publicOrigin,
        paymentProvider: config.paymentProvider,
      };
    },
  );
};
