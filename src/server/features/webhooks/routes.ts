import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessScopeQuerySchema } from '../../../shared/api/businesses';
import {
  webhookDeliveryListSchema,
  webhookDeliveryLogQuerySchema,
  webhookDeliveryParamsSchema,
  webhookEndpointCreateSchema,
  webhookEndpointListSchema,
  webhookEndpointParamsSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretSchema,
  webhookSentSchema,
} from '../../../shared/api/webhooks';
import { adminPreamble } from '../businesses/scope';
import { proGate } from '../plans/guard';
import { webhookTargetOptions } from './policy';
import { presentDelivery, presentEndpoint } from './presenter';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  replayDelivery,
  rollSecret,
  sendTestEvent,
  updateEndpoint,
  type WebhookContext,
  type WebhookScope,
} from './service';

const tags = ['API und Webhooks'];

/** The one context of endpoint management, for the console's and the business API's routes. */
export function webhookContext(app: Pick<FastifyInstance, 'deps'>): WebhookContext {
  return {
    database: app.deps.database,
    clock: app.deps.clock,
    serverSecret: app.deps.config.sessionSecret,
    target: webhookTargetOptions(app.deps.config),
  };
}

/**
 * 'API und Webhooks' in the console (decision 0650): the business's webhook endpoints, their
 * secrets (shown once), test events and the delivery log with 'Erneut senden'. Owners of the
 * business and the platform admin, as for the API keys; adding an endpoint needs Pro, managing
 * the existing ones works on every plan.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = webhookContext(app);
  const { staffManager, scopeOf } = adminPreamble(app);
  const proOnly = proGate(app)('api');
  const querystring = businessScopeQuerySchema;
  const params = webhookEndpointParamsSchema;
  const now = () => context.clock.now();

  const scope = async (request: Parameters<typeof scopeOf>[0]): Promise<WebhookScope> => {
    const { businessId, actor } = await scopeOf(request);
    return { businessId, actor, userId: actor.userId, request };
  };

  app.get(
    '/api/admin/webhooks',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Webhook-Endpunkte des Betriebs (ohne Secret)',
        querystring,
        response: { 200: webhookEndpointListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { businessId } = await scopeOf(request);
      const rows = await listEndpoints(context, businessId);
      return { items: rows.map((row) => presentEndpoint(row, now())) };
    },
  );

  app.post(
    '/api/admin/webhooks',
    {
      onRequest: staffManager,
      preHandler: proOnly,
      schema: {
        tags,
        summary: 'Endpunkt hinzufügen (das Secret wird nur in dieser Antwort gezeigt)',
        querystring,
        body: webhookEndpointCreateSchema,
        response: { 201: webhookEndpointWithSecretSchema },
      },
    },
    async (request, reply) => {
      const created = await createEndpoint(context, await scope(request), request.body);
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ endpoint: presentEndpoint(created.endpoint, now()), secret: created.secret });
    },
  );

  app.patch(
    '/api/admin/webhooks/:id',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Endpunkt ändern, deaktivieren oder wieder aktivieren',
        querystring,
        params,
        body: webhookEndpointUpdateSchema,
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) => {
      const row = await updateEndpoint(
        context,
        await scope(request),
        request.params.id,
        request.body,
      );
      return presentEndpoint(row, now());
    },
  );

  app.delete(
    '/api/admin/webhooks/:id',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Endpunkt löschen (mit seinem Zustellprotokoll)',
        querystring,
        params,
      },
    },
    async (request, reply) => {
      await deleteEndpoint(context, await scope(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/admin/webhooks/:id/roll-secret',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Secret erneuern (das bisherige signiert noch 24 Stunden mit)',
        querystring,
        params,
        response: { 200: webhookEndpointWithSecretSchema },
      },
    },
    async (request, reply) => {
      const rolled = await rollSecret(context, await scope(request), request.params.id);
      return reply
        .header('cache-control', 'no-store')
        .send({ endpoint: presentEndpoint(rolled.endpoint, now()), secret: rolled.secret });
    },
  );

  app.post(
    '/api/admin/webhooks/:id/test',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Testereignis senden (webhook.test, nur an diesen Endpunkt)',
        querystring,
        params,
        response: { 202: webhookSentSchema },
      },
    },
    async (request, reply) => {
      const sent = await sendTestEvent(context, await scope(request), request.params.id);
      return reply.status(202).send(sent);
    },
  );

  app.get(
    '/api/admin/webhooks/:id/deliveries',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary:
          'Zustellprotokoll des Endpunkts: die neuesten Zustellungen mit jedem Versuch, ältere mit `before`',
        querystring: webhookDeliveryLogQuerySchema,
        params,
        response: { 200: webhookDeliveryListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { businessId } = await scopeOf(request);
      const page = await listDeliveries(
        context,
        businessId,
        request.params.id,
        request.query.before,
      );
      return { items: page.entries.map(presentDelivery), nextCursor: page.nextCursor };
    },
  );

  app.post(
    '/api/admin/webhooks/:id/deliveries/:deliveryId/replay',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Erneut senden: dasselbe Ereignis noch einmal an diesen Endpunkt',
        querystring,
        params: webhookDeliveryParamsSchema,
        response: { 202: webhookSentSchema },
      },
    },
    async (request, reply) => {
      const sent = await replayDelivery(
        context,
        await scope(request),
        request.params.id,
        request.params.deliveryId,
      );
      return reply.status(202).send(sent);
    },
  );
};
