import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BRANDING_ERRORS,
  BRANDING_LIMITS,
  brandingLogoResponseSchema,
  brandingPreviewSchema,
  brandingSchema,
  brandingUpdateFieldsSchema,
} from '../../../shared/api/branding';
import { businessScopeQuerySchema } from '../../../shared/api/businesses';
import { STAFF_MANAGER_ROLES } from '../../../shared/domain/roles';
import { AppError } from '../../http/errors';
import { businessScopeOf } from '../businesses/scope';
import { acceptRawImageBodies } from '../media/routes';
import { proGate } from '../plans/guard';
import {
  type BrandingContext,
  getBranding,
  getBrandingPreview,
  saveBranding,
  storeBrandingLogo,
} from './service';

const tags = ['Branding'];

/** Branding of one business (spec §2 branding page, §3 branding config): read, save, logo. */
export const brandingRoutes: FastifyPluginAsyncZod = async (app) => {
  const context: BrandingContext = { database: app.deps.database, clock: app.deps.clock };
  const staffManager = app.requireActor({ roles: STAFF_MANAGER_ROLES });
  const proOnly = proGate(app);
  const scopeOf = (request: Parameters<typeof businessScopeOf>[0]) =>
    businessScopeOf(request, context.database.db);
  acceptRawImageBodies(app, BRANDING_LIMITS.logoBytes, BRANDING_ERRORS.logo_too_large);

  app.get(
    '/api/admin/branding',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Branding des Betriebs (Standardwerte, solange nie gespeichert)',
        querystring: businessScopeQuerySchema,
        response: { 200: brandingSchema },
      },
    },
    async (request) => getBranding(context, await scopeOf(request)),
  );

  app.get(
    '/api/admin/branding/preview',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Wen die Vorschau zeigt: eine aktive Person dieses Betriebs, wie Gäste sie sehen',
        querystring: businessScopeQuerySchema,
        response: { 200: brandingPreviewSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getBrandingPreview(context, await scopeOf(request));
    },
  );

  app.put(
    '/api/admin/branding',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Branding speichern (Farben mit WCAG-AA-Kontrast, Schrift, Sprache, Texte, Logo)',
        querystring: businessScopeQuerySchema,
        // The contrast is checked against the saved colours in the service.
        body: brandingUpdateFieldsSchema,
        response: { 200: brandingSchema },
      },
    },
    async (request) => saveBranding(context, await scopeOf(request), request.body, request),
  );

  app.post(
    '/api/admin/branding/logo',
    {
      onRequest: staffManager,
      preHandler: proOnly('branding'),
      bodyLimit: BRANDING_LIMITS.logoBytes,
      schema: {
        tags,
        summary: 'Logo hochladen (PNG, JPEG oder WebP, höchstens 1 MB; wird beim Speichern aktiv)',
        querystring: businessScopeQuerySchema,
        response: { 201: brandingLogoResponseSchema },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request);
      // The body is raw bytes, checked by decoding them in the service.
      const upload = request.body;
      if (!Buffer.isBuffer(upload)) throw new AppError(BRANDING_ERRORS.logo_unsupported);
      return reply.status(201).send(await storeBrandingLogo(context, scope, upload));
    },
  );
};
