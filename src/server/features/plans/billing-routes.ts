import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessScopeQuerySchema } from '../../../shared/api/businesses';
import { planCheckoutResponseSchema, planCheckoutSchema } from '../../../shared/api/plans';
import { actorOf } from '../auth/guard';
import { adminPreamble } from '../businesses/scope';
import { sellerOf } from '../invoices/seller';
import {
  type CheckoutContext,
  decideDemoCheckout,
  DEMO_SUBSCRIPTION_ACTIONS,
  demoActionsFor,
  demoCheckoutView,
  runDemoSubscription,
  startCheckout,
} from './checkout';
import { renderBillingCheckout, renderDemoSubscription } from './demo-billing-page';
import { readPlanRow } from './queries';
import { subscriptionBillingFor } from './stripe-billing';

const tags = ['Tarif'];
const TARIF = '/admin/tarif';

const checkoutParams = z.object({ id: z.string().regex(/^demo_bco_[0-9a-f]{24}$/) });
const checkoutAction = z.object({ action: z.enum(['pay', 'decline', 'cancel']) });
const subscriptionAction = z.object({ action: z.enum(DEMO_SUBSCRIPTION_ACTIONS) });
const checkoutQuery = businessScopeQuerySchema.extend({ abgelehnt: z.literal('1').optional() });

/** German date of an instant, for the demo pages. */
const germanDate = (date: Date) =>
  new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'Europe/Berlin' }).format(date);

/**
 * Booking Pro (decision 0610): the checkout at the provider, and the demo provider's own pages,
 * its checkout and its subscription controls, as plain forms that work without any script.
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const context: CheckoutContext = {
    database: app.deps.database,
    clock: app.deps.clock,
    mailer: app.deps.mailer,
    log: app.log,
    seller: sellerOf(config),
    publicOrigin: config.publicOrigin,
    paymentProvider: config.paymentProvider,
    subscriptionBilling: subscriptionBillingFor(app.deps.config),
  };
  const { staffManager, scopeOf } = adminPreamble(app);

  app.post(
    '/api/admin/plan/checkout',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Pro buchen: Checkout beim Zahlungsanbieter für die Zahl der Standorte',
        description: 'Mit Rechnungsempfänger (Name, Anschrift, Land, USt-IdNr., E-Mail).',
        querystring: businessScopeQuerySchema,
        body: planCheckoutSchema,
        response: { 201: planCheckoutResponseSchema },
      },
    },
    async (request, reply) => {
      const { businessId } = await scopeOf(request);
      const started = await startCheckout(
        context,
        { businessId, userId: actorOf(request).userId },
        request.body,
      );
      return reply.status(201).send(started);
    },
  );

  // The demo provider's pages exist only where it bills (PAYMENT_PROVIDER=demo).
  if (config.paymentProvider !== 'demo') return;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/billing/demo/checkout/:id',
    {
      onRequest: staffManager,
      schema: { hide: true, params: checkoutParams, querystring: checkoutQuery },
    },
    async (request, reply) => {
      const { businessId } = await scopeOf(request);
      const view = await demoCheckoutView(context, businessId, request.params.id);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          renderBillingCheckout(view, {
            declined: request.query.abgelehnt === '1',
            tarifUrl: TARIF,
          }),
        );
    },
  );

  app.post(
    '/billing/demo/checkout/:id',
    {
      onRequest: staffManager,
      schema: {
        hide: true,
        params: checkoutParams,
        querystring: businessScopeQuerySchema,
        body: checkoutAction,
      },
    },
    async (request, reply) => {
      const { businessId } = await scopeOf(request);
      const next = await decideDemoCheckout(
        context,
        businessId,
        request.params.id,
        request.body.action,
      );
      return reply.redirect(next, 303);
    },
  );

  app.get(
    '/billing/demo/subscription',
    { onRequest: staffManager, schema: { hide: true, querystring: businessScopeQuerySchema } },
    async (request, reply) => {
      const { businessId } = await scopeOf(request);
      const row = await readPlanRow(context.database.db, businessId);
      const query = request.query.businessId ? `?businessId=${request.query.businessId}` : '';
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          renderDemoSubscription(
            {
              status: row?.status ?? 'basis',
              currentPeriodEnd: row?.currentPeriodEnd ? germanDate(row.currentPeriodEnd) : null,
              cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
              actions: row ? demoActionsFor(row) : [],
            },
            { formAction: `/billing/demo/subscription${query}`, tarifUrl: TARIF },
          ),
        );
    },
  );

  app.post(
    '/billing/demo/subscription',
    {
      onRequest: staffManager,
      schema: { hide: true, querystring: businessScopeQuerySchema, body: subscriptionAction },
    },
    async (request, reply) => {
      const { businessId } = await scopeOf(request);
      await runDemoSubscription(context, businessId, request.body.action);
      const query = request.query.businessId ? `?businessId=${request.query.businessId}` : '';
      return reply.redirect(`/billing/demo/subscription${query}`, 303);
    },
  );
};
