import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscriptionBillingFor } from '../plans/stripe-billing';
import {
  businessChangeSchema,
  businessDetailSchema,
  updateBusinessSchema,
  businessIdParamsSchema,
  businessOverviewQuerySchema,
  businessOwnerParamsSchema,
  businessOverviewRowSchema,
  businessOverviewSchema,
  closeBusinessSchema,
  createBusinessSchema,
  inviteOwnerSchema,
  suspendBusinessSchema,
} from '../../../shared/api/operator';
import { actorOf } from '../auth/guard';
import {
  businessDetail,
  closeBusiness,
  updateBusiness,
  createBusinessWithOwner,
  inviteBusinessOwner,
  listBusinessOverview,
  type OperatorContext,
  type OperatorScope,
  reactivateBusiness,
  resendOwnerInvitation,
  suspendBusiness,
} from './service';

const tags = ['Betriebe'];

/**
 * /admin/businesses: the platform admin's operator console. Every route needs a
 * session; the service's policy (decision 0320) refuses everyone but the platform admin in German.
 */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: OperatorContext = {
    database: app.deps.database,
    clock: app.deps.clock,
    mailer: app.deps.mailer,
    publicOrigin: app.deps.config.publicOrigin,
    log: app.log,
    aioTenantId: app.deps.config.aioTenantId,
    closedBusinessDays: app.deps.config.retention.closedBusinessDays,
    contactEmail: app.deps.config.contactEmail,
    subscriptionBilling: subscriptionBillingFor(app.deps.config),
    rateLimiter: app.rateLimiter,
    sessionSecret: app.deps.config.sessionSecret,
  };
  const signedIn = app.requireActor();
  const scopeOf = (request: FastifyRequest): OperatorScope => ({
    actor: actorOf(request),
    request,
  });
  const row = { 200: businessOverviewRowSchema };

  app.get(
    '/api/admin/businesses/overview',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Alle Betriebe mit Inhabern, Kennzahlen und Status (Suche, Seiten)',
        description: 'Nur für den Plattform-Administrator.',
        querystring: businessOverviewQuerySchema,
        response: { 200: businessOverviewSchema },
      },
    },
    async (request) => {
      return listBusinessOverview(ctx, actorOf(request), request.query);
    },
  );

  app.get(
    '/api/admin/businesses/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Ein Betrieb: Angaben, Personen, Bezahlpunkte, Kennzahlen und Audit-Log',
        description: 'Nur für den Plattform-Administrator.',
        params: businessIdParamsSchema,
        response: { 200: businessDetailSchema },
      },
    },
    async (request) => businessDetail(ctx, actorOf(request), request.params.id),
  );

  app.patch(
    '/api/admin/businesses/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Name und Kontakt-E-Mail eines Betriebs ändern',
        params: businessIdParamsSchema,
        body: updateBusinessSchema,
        response: { 200: businessDetailSchema },
      },
    },
    async (request) => updateBusiness(ctx, scopeOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/businesses',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Betrieb anlegen und optional den ersten Inhaber einladen',
        body: createBusinessSchema,
        response: { 201: businessChangeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createBusinessWithOwner(ctx, scopeOf(request), request.body)),
  );

  app.post(
    '/api/admin/businesses/:id/owners',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Inhaber per E-Mail einladen (Einladungslink, 7 Tage gültig)',
        params: businessIdParamsSchema,
        body: inviteOwnerSchema,
        response: { 201: businessChangeSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await inviteBusinessOwner(ctx, scopeOf(request), request.params.id, request.body.email),
        ),
  );

  app.post(
    '/api/admin/businesses/:id/owners/:userId/invitation',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Einladung eines Inhabers erneut senden (neuer Link, der alte verfällt)',
        params: businessOwnerParamsSchema,
        response: { 200: businessChangeSchema },
      },
    },
    async (request) =>
      resendOwnerInvitation(ctx, scopeOf(request), request.params.id, request.params.userId),
  );

  app.post(
    '/api/admin/businesses/:id/suspend',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Sperren: Gästeseiten, Zahlungen, Auszahlungen und Anmeldung ruhen',
        params: businessIdParamsSchema,
        body: suspendBusinessSchema,
        response: row,
      },
    },
    async (request) =>
      suspendBusiness(ctx, scopeOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/admin/businesses/:id/reactivate',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Reaktivieren (Sitzungen bleiben beendet)',
        params: businessIdParamsSchema,
        response: row,
      },
    },
    async (request) => reactivateBusiness(ctx, scopeOf(request), request.params.id),
  );

  app.post(
    '/api/admin/businesses/:id/close',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Schließen (endgültig; Löschung der Personendaten nach der Aufbewahrungsfrist)',
        params: businessIdParamsSchema,
        body: closeBusinessSchema,
        response: row,
      },
    },
    async (request) =>
      closeBusiness(ctx, scopeOf(request), request.params.id, request.body.confirmName),
  );
};
