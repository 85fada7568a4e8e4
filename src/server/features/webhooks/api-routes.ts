import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BUSINESS_API_ERRORS, listQuerySchema } from '../../../shared/api/business-api';
import {
  apiWebhookEndpointCreateSchema,
  apiWebhookEndpointDeletedSchema,
  apiWebhookEndpointListSchema,
  apiWebhookEndpointSchema,
  apiWebhookEndpointUpdateSchema,
  apiWebhookEndpointWithSecretSchema,
  apiWebhookTestSchema,
  WEBHOOK_TEST_EVENT_TYPE,
  webhookEndpointParamsSchema,
} from '../../../shared/api/webhooks';
import { AppError } from '../../http/errors';
import { apiKeyGate, apiKeyOf } from '../api-keys/guard';
import { presentApiEndpoint } from './presenter';
import { webhookContext } from './routes';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rollSecret,
  sendTestEvent,
  updateEndpoint,
  type WebhookScope,
} from './service';

const tags = ['Betriebs-API'];

/**
 * The business API's webhook endpoints (decision 0650): the same service as the console, for a
 * key with `webhooks:write` acting for its own business. The key is named in every audit row.
 */
export const webhookApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = webhookContext(app);
  const writeHooks = apiKeyGate(app)('webhooks:write');
  const params = webhookEndpointParamsSchema;
  const now = () => context.clock.now();

  const scope = (request: FastifyRequest): WebhookScope => {
    const key = apiKeyOf(request);
    return {
      businessId: key.businessId,
      actor: { profileId: '', businessId: key.businessId, hasProfile: false },
      userId: null,
      apiKey: key.name,
      request,
    };
  };

  app.get(
    '/api/v1/webhook-endpoints',
    {
      onRequest: writeHooks,
      schema: {
        tags,
        summary: 'Webhook-Endpunkte des Betriebs, neueste zuerst (Berechtigung webhooks:write)',
        description: 'Seitenweise mit limit und starting_after; ein Betrieb hat höchstens zehn.',
        querystring: listQuerySchema,
        response: { 200: apiWebhookEndpointListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { businessId } = apiKeyOf(request);
      const { limit, starting_after: after } = request.query;
      const rows = await listEndpoints(context, businessId);
      const start = after ? rows.findIndex((row) => row.id === after) + 1 : 0;
      if (after && start === 0) throw new AppError(BUSINESS_API_ERRORS.cursor_unknown);
      const page = rows.slice(start, start + limit + 1);
      return {
        object: 'list' as const,
        url: '/api/v1/webhook-endpoints',
        has_more: page.length > limit,
        data: page.slice(0, limit).map((row) => presentApiEndpoint(row, now())),
      };
    },
  );

  app.post(
    '/api/v1/webhook-endpoints',
    {
      onRequest: writeHooks,
      schema: {
        tags,
        summary: 'Webhook-Endpunkt anlegen (Berechtigung webhooks:write)',
        description:
          'Die Antwort enthält das Secret (whsec_…) des Endpunkts; es wird nur dieses eine Mal gezeigt. Die URL muss öffentlich erreichbar sein (https).',
        body: apiWebhookEndpointCreateSchema,
        response: { 201: apiWebhookEndpointWithSecretSchema },
      },
    },
    async (request, reply) => {
      const { url, description, enabled_events: eventTypes } = request.body;
      const created = await createEndpoint(context, scope(request), {
        url,
        description,
        eventTypes,
      });
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ ...presentApiEndpoint(created.endpoint, now()), secret: created.secret });
    },
  );

  app.get(
    '/api/v1/webhook-endpoints/:id',
    {
      onRequest: writeHooks,
      schema: {
        tags,
        summary: 'Ein Webhook-Endpunkt (Berechtigung webhooks:write)',
        params,
        response: { 200: apiWebhookEndpointSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const row = await getEndpoint(context, apiKeyOf(request).businessId, request.params.id);
      return presentApiEndpoint(row, now());
    },
  );

  app.patch(
    '/api/v1/webhook-endpoints/:id',
    {
      onRequest: writeHooks,
      schema: {
        tags,
        summary: 'Webhook-Endpunkt ändern (Berechtigung webhooks:write)',
        description:
          'url, description, enabled_events; disabled: true schaltet ihn ab, disabled: false wieder an.',
        params,
        body: apiWebhookEndpointUpdateSchema,
        response: { 200: apiWebhookEndpointSchema },
      },
    },
    async (request) => {
      const { url, description, enabled_events: eventTypes, disabled } = request.body;
      const row = await updateEndpoint(context, scope(request), request.params.id, {
        url,
        description,
        eventTypes,
        enabled: disabled === undefined ? undefined : !disabled,
      });
      return presentApiEndpoint(row, now());
    },
  );

  app.delete(
    '/api/v1/webhook-endpoints/:id',
    {
      onRequest: writeHooks,
      schema: {
        tags,
        summary: 'Webhook-Endpunkt löschen (Berechtigung webhooks:write)',
        params,
        response: { 200: apiWebhookEndpointDeletedSchema },
      },
    },
    async (request) => {
      await deleteEndpoint(context, scope(request), request.params.id);
      return { object: 'webhook_endpoint' as const, id: request.params.id, deleted: true as const };
    },
  );

  app.post(
    '/api/v1/webhook-endpoints/:id/roll-secret',
    {
      onRequest: writeHooks,
      schema: {
        tags,
        summary: 'Secret des Endpunkts erneuern (Berechtigung webhooks:write)',
        description:
          'Die Antwort enthält das neue Secret, nur dieses eine Mal. Das bisherige signiert noch 24 Stunden mit.',
        params,
        response: { 200: apiWebhookEndpointWithSecretSchema },
      },
    },
    async (request, reply) => {
      const rolled = await rollSecret(context, scope(request), request.params.id);
      return reply
        .header('cache-control', 'no-store')
        .send({ ...presentApiEndpoint(rolled.endpoint, now()), secret: rolled.secret });
    },
  );

  app.post(
    '/api/v1/webhook-endpoints/:id/test',
    {
      onRequest: writeHooks,
      schema: {
        tags,
        summary:
          'Testereignis webhook.test an diesen Endpunkt senden (Berechtigung webhooks:write)',
        params,
        response: { 202: apiWebhookTestSchema },
      },
    },
    async (request, reply) => {
      const sent = await sendTestEvent(context, scope(request), request.params.id);
      return reply
        .status(202)
        .send({ object: 'event' as const, id: sent.eventId, type: WEBHOOK_TEST_EVENT_TYPE });
    },
  );
};
