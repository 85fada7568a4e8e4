import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  poolAssignResultSchema,
  poolAssignSchema,
  poolDistributeSchema,
  poolDistributionPreviewSchema,
  poolDistributionQuerySchema,
  poolDistributionResultSchema,
  poolPageSchema,
  poolQuerySchema,
  poolTipParamsSchema,
  poolUnassignResultSchema,
} from '../../../shared/api/pool';
import { businessScopeQuerySchema } from '../../../shared/api/businesses';
import { adminPreamble } from '../businesses/scope';
import { proGate } from '../plans/guard';
import { confirmPoolDistribution, previewPoolDistribution } from './distribute';
import { poolRuleNotice } from './rule-notice';
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
  // Splitting by hours reads the Dienstplan, a Pro feature (decision 0660).
  const proOnly = proGate(app)('shift_routing');

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

  app.get(
    '/api/admin/pool/rule-notice.pdf',
    {
      onRequest: staffManager,
      schema: {
        tags,
        summary: 'Aushang der Verteilregel des Pools als PDF (was geteilt wird, wonach, seit wann)',
        querystring: businessScopeQuerySchema,
      },
    },
    async (request, reply) => {
      const pdf = await poolRuleNotice(context, await scopeOf(request));
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="aushang-trinkgeld-pool.pdf"');
      return reply.send(pdf);
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

  app.get(
    '/api/admin/pool/distribution',
    {
      onRequest: staffManager,
      preHandler: proOnly,
      schema: {
        tags,
        summary:
          'Vorschau „Pool verteilen“: das Geld im Pool eines Tages oder einer Woche nach Arbeitsstunden',
        querystring: poolDistributionQuerySchema,
        response: { 200: poolDistributionPreviewSchema },
      },
    },
    async (request) =>
      previewPoolDistribution(context, await scopeOf(request), {
        period: request.query.period,
        day: request.query.day,
      }),
  );

  app.post(
    '/api/admin/pool/distribution',
    {
      onRequest: staffManager,
      preHandler: proOnly,
      schema: {
        tags,
        summary: '„Pool verteilen“ bestätigen: genau die Anteile der Vorschau (einmalig)',
        querystring: businessScopeQuerySchema,
        body: poolDistributeSchema,
        response: { 201: poolDistributionResultSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await confirmPoolDistribution(context, await scopeOf(request), request.body)),
  );
};
