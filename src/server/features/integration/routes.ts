import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessScopeQuerySchema } from '../../../shared/api/businesses';
import {
  integrationSettingsSchema,
  integrationSettingsUpdateSchema,
  syncEntrypointResponseSchema,
  syncEntrypointSchema,
} from '../../../shared/api/integration';
import { STAFF_MANAGER_ROLES } from '../../../shared/domain/roles';
import { businessScopeOf } from '../businesses/scope';
import type { IntegrationContext } from './context';
import { assertSyncAuthorized, upsertSyncedPaymentPoint } from './inbound';
import { getSettings, saveTenantId, testConnection } from './settings';

const tags = ['AiO-Integration'];

/** Settings of the AiO integration per business, and the inbound sync endpoint (spec §2, §7). */
export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database, clock } = app.deps;
  const context: IntegrationContext = { db: database.db, clock, config, log: app.log };
  const sync = app.integrationSync;
  const staffManager = app.requireActor({ roles: STAFF_MANAGER_ROLES });

  const scoped = async (request: Parameters<typeof businessScopeOf>[0]) => {
    const { businessId, actor } = await businessScopeOf(request, database.db);
    return { context, sync, businessId, actor, request };
  };

  app.get(
    '/api/admin/integration',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Einstellungen der AiO-Integration (Tenant-ID, Verbindungsstatus)',
        querystring: businessScopeQuerySchema,
        response: { 200: integrationSettingsSchema },
      },
    },
    async (request) => {
      return getSettings(await scoped(request));
    },
  );

  app.put(
    '/api/admin/integration',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Tenant-ID speichern (protokolliert als settings_update)',
        querystring: businessScopeQuerySchema,
        body: integrationSettingsUpdateSchema,
        response: { 200: integrationSettingsSchema },
      },
    },
    async (request) => saveTenantId(await scoped(request), request.body.tenantId, 'update'),
  );

  app.post(
    '/api/admin/integration/reset',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: "'Standard': die Standard-Tenant-ID wiederherstellen",
        querystring: businessScopeQuerySchema,
        response: { 200: integrationSettingsSchema },
      },
    },
    async (request) => saveTenantId(await scoped(request), config.aioTenantId, 'reset'),
  );

  app.post(
    '/api/admin/integration/test',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: "'Verbindung testen': Adresse und Token des AiO-Dienstes prüfen",
        querystring: businessScopeQuerySchema,
        response: { 200: integrationSettingsSchema },
      },
    },
    async (request) => testConnection(await scoped(request)),
  );

  app.post(
    '/api/aio/sync-entrypoint',
    {
      // Server to server: authenticated by the shared secret, not by a browser session.
      config: { csrf: false },
      schema: {
        tags,
        summary: 'Bezahlpunkt vom AiO-Dienst anlegen oder aktualisieren (Upsert nach uid)',
        description:
          'Authorization: Bearer {AIO_SYNC_SECRET}. Antwort: {success, data: {id, uid, action: created|updated}}.',
        body: syncEntrypointSchema,
        response: { 200: syncEntrypointResponseSchema, 201: syncEntrypointResponseSchema },
      },
      // The token is checked before the body is looked at, so a stranger learns nothing.
      preValidation: async (request) => {
        assertSyncAuthorized(config, request.headers.authorization);
      },
    },
    async (request, reply) => {
      const result = await upsertSyncedPaymentPoint(context, request.body, request);
      return reply.status(result.data.action === 'created' ? 201 : 200).send(result);
    },
  );
};
