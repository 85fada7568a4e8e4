import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ENTRYPOINT_ERRORS,
  guestBrandingSchema,
  guestCodeParamsSchema,
  guestEntrypointSchema,
  guestInfoSchema,
} from '../../../shared/api/entrypoints';
import { AppError } from '../../http/errors';
import { guestLocaleOf } from '../../http/guest-locale';
import { presentBranding, presentGuestEntrypoint } from './presenter';
import { businessOfCode, loadBranding, resolveGuestCode, touchLegacyCode } from './service';

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
      const resolved = await resolveGuestCode(database.db, request.params.code, clock.now());
      if (resolved.qrCodeId) await touchLegacyCode(database.db, resolved.qrCodeId, clock.now());
      reply.header('cache-control', 'no-store');
      const business = presentBranding(resolved.branding, resolved.business.name).language;
      return presentGuestEntrypoint(
        resolved,
        config.paymentProvider,
        guestLocaleOf(request, { business }),
      );
    },
  );

  app.get(
    '/api/guest/codes/:code/branding',
    {
      schema: {
        tags: ['guest'],
        summary: 'Branding des Betriebs hinter einem Code (auch wenn der Code inaktiv ist)',
        description:
          'Für die Fehlerseiten eines Codes: Farben, Schrift, Logo, Firmenname und Sprache des Betriebs. 404, wenn der Code keinem Betrieb gehört.',
        params: guestCodeParamsSchema,
        response: { 200: guestBrandingSchema },
      },
    },
    async (request, reply) => {
      const business = await businessOfCode(database.db, request.params.code);
      if (!business) throw new AppError(ENTRYPOINT_ERRORS.code_not_found);
      reply.header('cache-control', 'no-cache');
      return presentBranding(await loadBranding(database.db, business.id), business.name);
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
