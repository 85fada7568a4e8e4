import type { FastifyReply } from 'fastify';
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
import { presentBranding, presentGuestEntrypoint } from './guest-presenter';
import { matchesEtag } from './guest-cache';
import { businessOfCode, loadBranding } from './resolve';

/** Public: what a guest sees after scanning a code (spec §2 /t/{uid}, §7 loading an entry). */
export const guestPaymentPointRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;

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
      // From memory per code and language (decision 0250); sent as the JSON text built once.
      const { resolved, render } = await app.guestCodes.resolve(request.params.code);
      const business = presentBranding(resolved.branding, resolved.business.name).language;
      const locale = guestLocaleOf(request, { business });
      const answer = render(`json:${locale}`, () =>
        JSON.stringify(
          guestEntrypointSchema.parse(
            presentGuestEntrypoint(resolved, config.paymentProvider, locale),
          ),
        ),
      );
      // The text is sent as built (validated against the schema then), not serialised again.
      const raw = reply as unknown as FastifyReply;
      raw
        .header('cache-control', 'private, no-cache')
        .header('vary', 'accept-language, cookie')
        .header('content-language', locale)
        .header('etag', answer.etag);
      if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
        return raw.status(304).send();
      }
      return raw.type('application/json; charset=utf-8').send(answer.body);
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
