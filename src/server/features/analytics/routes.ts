import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guestEventBodySchema } from '../../../shared/api/analytics';
import { limitPerClientAddress } from '../../http/rate-limit';
import { GUEST_RATE_RULES } from '../../http/guest-rate-rules';
import { recordAnalyticsEvent, resolveEventReferences } from './service';

/** First-party tracking from the guest pages: stored without IP, user agent or cookies. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;

  app.post(
    '/api/guest/events',
    {
      onRequest: limitPerClientAddress(app, GUEST_RATE_RULES.trackingEvent),
      schema: {
        tags: ['guest'],
        summary: 'Tracking-Ereignis der Gästeseite speichern (ohne personenbezogene Daten)',
        body: guestEventBodySchema,
      },
    },
    async (request, reply) => {
      const event = request.body;
      // Views are counted by the server when it serves the page (page-views.ts); a view a
      // browser reports (an older cached script) would count it twice.
      if (event.name === 'tip_page_loaded') return reply.status(204).send();
      const references = await resolveEventReferences(database.db, event);
      await recordAnalyticsEvent(database.db, {
        name: event.name,
        ...references,
        properties: event.properties,
        at: clock.now(),
      });
      return reply.status(204).send();
    },
  );
};
