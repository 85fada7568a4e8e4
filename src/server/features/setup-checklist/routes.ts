import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessScopeQuerySchema } from '../../../shared/api/businesses';
import { setupChecklistSchema } from '../../../shared/api/setup-checklist';
import { STAFF_MANAGER_ROLES } from '../../../shared/domain/roles';
import { businessScopeOf } from '../businesses/scope';
import {
  dismissSetupChecklist,
  getSetupChecklist,
  recordSetupQrExport,
  type SetupContext,
} from './service';

const tags = ['Admin'];
const noBody = z.object({}).strict().nullish();

/** The set-up checklist of the admin dashboard (decision 0328). */
export const setupChecklistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock, config } = app.deps;
  const context: SetupContext = { database, clock, config };
  const staffManager = app.requireActor({ roles: STAFF_MANAGER_ROLES });
  const scopeOf = (request: Parameters<typeof businessScopeOf>[0]) =>
    businessScopeOf(request, database.db);

  app.get(
    '/api/admin/setup-checklist',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: "Checkliste 'Einrichtung': was ein neuer Betrieb schon erledigt hat",
        querystring: businessScopeQuerySchema,
        response: { 200: setupChecklistSchema },
      },
    },
    async (request) => getSetupChecklist(context, await scopeOf(request)),
  );

  app.post(
    '/api/admin/setup-checklist/dismiss',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: "Checkliste 'Einrichtung' ausblenden (für den ganzen Betrieb, protokolliert)",
        querystring: businessScopeQuerySchema,
        body: noBody,
        response: { 200: setupChecklistSchema },
      },
    },
    async (request) => dismissSetupChecklist(context, await scopeOf(request), request),
  );

  app.post(
    '/api/admin/setup-checklist/qr-export',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Meldet einen heruntergeladenen oder gedruckten QR-Code (PNG, SVG, Druck)',
        querystring: businessScopeQuerySchema,
        body: noBody,
      },
    },
    async (request, reply) => {
      await recordSetupQrExport(context, await scopeOf(request));
      return reply.status(204).send();
    },
  );
};
