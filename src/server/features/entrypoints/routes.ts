import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  guestCodeParamsSchema,
  guestEntrypointSchema,
  guestInfoSchema,
} from '../../../shared/api/entrypoints';
import { presentGuestEntrypoint } from './presenter';
import { resolveGuestCode, touchLegacyCode } from './service';

/** Public: what a guest sees after scanning a code (spec §2 /t/{uid}, §7 loading an entry). */
export const entrypointRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock, config } = app.deps;

  app.get(
    '/api/guest/codes/:code',
    {
      schema: {
        tags: ['guest'],
        summary: 'Bezahlpunkt oder klassischen QR-Code für Gäste auflösen',
        params: guestCodeParamsSchema,
        response: { 200: guestEntrypointSchema },
      },
    },
    async (request, reply) => {
      const resolved = await resolveGuestCode(database.db, request.params.code);
      if (resolved.qrCodeId) await touchLegacyCode(database.db, resolved.qrCodeId, clock.now());
      reply.header('cache-control', 'no-store');
      return presentGuestEntrypoint(resolved, config.paymentProvider);
    },
  );

  app.get(
    '/api/guest/info',
    {
      schema: {
        tags: ['guest'],
        summary: 'Support-Adresse und Zahlungsanbieter für die Gästeseiten',
        response: { 200: guestInfoSchema },
      },
    },
    async () => ({ contactEmail: config.contactEmail, paymentProvider: config.paymentProvider }),
  );
};
