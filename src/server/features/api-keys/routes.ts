import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyListSchema,
  apiKeyParamsSchema,
  apiKeyQuerySchema,
  apiKeySchema,
  apiKeyWhoAmISchema,
} from '../../../shared/api/api-keys';
import { adminPreamble } from '../businesses/scope';
import { proGate } from '../plans/guard';
import { apiKeyGate, apiKeyOf } from './guard';
import { presentApiKey } from './presenter';
import { type ApiKeyContext, createApiKey, listApiKeys, revokeApiKey } from './service';

const tags = ['API und Webhooks'];

/**
 * 'API und Webhooks' (decision 0630): the owners' API keys in the console (Pro), and the first
 * route of the business API under /api/v1, which names the key a request was made with.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const context: ApiKeyContext = {
    database: app.deps.database,
    clock: app.deps.clock,
    prefix: app.deps.config.paymentProvider === 'stripe' ? 'tg_live_' : 'tg_test_',
  };
  const { staffManager, scopeOf } = adminPreamble(app);
  const proOnly = proGate(app)('api');
  const apiKey = apiKeyGate(app);

  app.get(
    '/api/admin/api-keys',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'API-Schlüssel des Betriebs (ohne Geheimnis)',
        querystring: apiKeyQuerySchema,
        response: { 200: apiKeyListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { businessId } = await scopeOf(request);
      const now = context.clock.now();
      const rows = await listApiKeys(context, businessId);
      return { items: rows.map((row) => presentApiKey(row, now)) };
    },
  );

  app.post(
    '/api/admin/api-keys',
    {
      onRequest: staffManager,
      preHandler: proOnly,
      schema: {
        tags,
        summary: 'Neuen API-Schlüssel erstellen (das Geheimnis wird nur in dieser Antwort gezeigt)',
        querystring: apiKeyQuerySchema,
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreatedSchema },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request);
      const created = await createApiKey(context, scope, request.body);
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ key: presentApiKey(created.key, context.clock.now()), secret: created.secret });
    },
  );

  app.post(
    '/api/admin/api-keys/:id/revoke',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'API-Schlüssel widerrufen (auch auf Basis möglich)',
        querystring: apiKeyQuerySchema,
        params: apiKeyParamsSchema,
        response: { 200: apiKeySchema },
      },
    },
    async (request) => {
      const scope = await scopeOf(request);
      const row = await revokeApiKey(context, scope, request.params.id);
      return presentApiKey(row, context.clock.now());
    },
  );

  app.get(
    '/api/v1/key',
    {
      onRequest: apiKey(null),
      schema: {
        tags,
        summary: 'Der API-Schlüssel dieser Anfrage: Betrieb und Berechtigungen',
        response: { 200: apiKeyWhoAmISchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const key = apiKeyOf(request);
      return {
        object: 'api_key' as const,
        id: key.keyId,
        name: key.name,
        scopes: [...key.scopes],
        business: { id: key.businessId, name: key.businessName },
        livemode: key.livemode,
        expires_at: key.expiresAt?.toISOString() ?? null,
      };
    },
  );
};
