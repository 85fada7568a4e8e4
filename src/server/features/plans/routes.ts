import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessScopeQuerySchema } from '../../../shared/api/businesses';
import { businessIdParamsSchema } from '../../../shared/api/operator';
import {
  planGrantSchema,
  planPortalResponseSchema,
  planStateSchema,
} from '../../../shared/api/plans';
import { endOfBerlinDay } from '../../../shared/domain/berlin-time';
import { PLATFORM_ADMIN_ROLES } from '../../../shared/domain/roles';
import { notFound } from '../../http/errors';
import { actorOf } from '../auth/guard';
import { businessExists } from '../businesses/queries';
import { adminPreamble } from '../businesses/scope';
import {
  grantPro,
  paymentMethodPortal,
  type PlanContext,
  type PlanChangeScope,
  planStateOf,
  setCancellation,
  startTrial,
} from './service';
import { subscriptionBillingFor } from './stripe-billing';

const tags = ['Tarif'];

/**
 * 'Tarif' (decision 0610): the business's plan for its owners (and the platform admin working in
 * it), the trial, cancelling and resuming; the operator's grant of Pro.
 */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const context: PlanContext = {
    database: app.deps.database,
    clock: app.deps.clock,
    subscriptionBilling: subscriptionBillingFor(app.deps.config),
  };
  const { staffManager, scopeOf } = adminPreamble(app);
  const response = { 200: planStateSchema };

  app.get(
    '/api/admin/plan',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Tarif des Betriebs: Basis oder Pro, Testphase, Abrechnung, Freischaltungen',
        querystring: businessScopeQuerySchema,
        response,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return planStateOf(context, (await scopeOf(request)).businessId);
    },
  );

  const change = (
    path: string,
    summary: string,
    run: (context: PlanContext, scope: PlanChangeScope) => ReturnType<typeof startTrial>,
  ) =>
    app.post(
      path,
      {
        onRequest: staffManager,
        schema: { tags, summary, querystring: businessScopeQuerySchema, response },
      },
      async (request) => run(context, await scopeOf(request)),
    );
  change(
    '/api/admin/plan/trial',
    'Pro 30 Tage kostenlos testen (einmal je Betrieb, ohne Karte)',
    startTrial,
  );
  change('/api/admin/plan/cancel', 'Pro zum Ende des bezahlten Zeitraums kündigen', (c, scope) =>
    setCancellation(c, scope, true),
  );
  change(
    '/api/admin/plan/resume',
    'Kündigung vor dem Ende des Zeitraums zurücknehmen',
    (c, scope) => setCancellation(c, scope, false),
  );

  app.post(
    '/api/admin/plan/portal',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Zahlungsmethode ändern: Adresse des Kundenportals beim Zahlungsanbieter',
        description: 'Nur für eine Buchung über Stripe; zurück geht es zum Tarif.',
        querystring: businessScopeQuerySchema,
        response: { 200: planPortalResponseSchema },
      },
    },
    async (request) => {
      const { businessId } = await scopeOf(request);
      const url = await paymentMethodPortal(
        context,
        businessId,
        `${app.deps.config.publicOrigin}/admin/tarif`,
      );
      return { url };
    },
  );

  app.post(
    '/api/admin/businesses/:id/plan-grant',
    {
      onRequest: app.requireActor({ roles: PLATFORM_ADMIN_ROLES }),
      schema: {
        tags,
        summary: 'Pro für einen Zeitraum freischalten (z. B. Pilotbetrieb) oder beenden',
        description: 'Nur für den Plattform-Administrator; steht im Audit-Log des Betriebs.',
        params: businessIdParamsSchema,
        body: planGrantSchema,
        response,
      },
    },
    async (request) => {
      const businessId = request.params.id;
      if (!(await businessExists(context.database.db, businessId))) throw notFound();
      const { until, reason } = request.body;
      return grantPro(
        context,
        { businessId, actor: actorOf(request), request },
        { until: until ? endOfBerlinDay(until) : null, reason },
      );
    },
  );
};
