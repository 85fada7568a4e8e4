import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  poolAssignResultSchema,
  poolAssignSchema,
  poolPageSchema,
  poolQuerySchema,
  poolTipParamsSchema,
  poolUnassignResultSchema,
} from '../../../shared/api/pool';
import { businessScopeQuerySchema } from '../../../shared/api/businesses';
import { adminPreamble } from '../businesses/scope';
import { assignPoolTip, type PoolContext, poolPage, unassignPoolTip } from './service';

const tags = ['Pool'];

/** The owner's pool of tips that reached nobody (decision 0122). */
export const poolRoutes: FastifyPluginAsyncZod = async (app) => {
  const context: PoolContext = {
    database: app.deps.database,
    clock: app.deps.clock,
    log: app.log,
  };
  const { staffManager, scopeOf } = adminPreamble(app);

  app.get(
    '/api/admin/pool',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary:
          'Trinkgelder im Pool des Betriebs (niemand im Dienst, kein Team) mit Nachrichten, seitenweise per Cursor',
        querystring: poolQuerySchema,
        response: { 200: poolPageSchema },
      },
    },
    async (request) => {
      return poolPage(context, await scopeOf(request), request.query);
    },
  );

  app.post(
    '/api/admin/pool/:id/assign',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Trinkgeld aus dem Pool einer Person zuweisen (einmalig)',
        params: poolTipParamsSchema,
        querystring: businessScopeQuerySchema,
        body: poolAssignSchema,
        response: { 200: poolAssignResultSchema },
      },
    },
    async (request) =>
      assignPoolTip(context, await scopeOf(request), request.params.id, request.body.profileId),
  );

  app.post(
    '/api/admin/pool/:id/unassign',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Zuweisung aus dem Pool rückgängig machen (bis zur nächsten Auszahlung)',
        params: poolTipParamsSchema,
        querystring: businessScopeQuerySchema,
        response: { 200: poolUnassignResultSchema },
      },
    },
    async (request) => unassignPoolTip(context, await scopeOf(request), request.params.id),
  );
};
