import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessScopeQuerySchema } from '../../../shared/api/businesses';
import { heldTipParamsSchema } from '../../../shared/api/held-tips';
import {
  payoutBatchParamsSchema,
  payoutBatchSchema,
  payoutOverviewSchema,
  payoutScheduleUpdateSchema,
} from '../../../shared/api/payouts';
import { ERRORS } from '../../../shared/domain/errors';
import { STAFF_MANAGER_ROLES } from '../../../shared/domain/roles';
import { AppError } from '../../http/errors';
import { businessScopeOf } from '../businesses/scope';
import { payoutContext, runManualPayoutBatch } from './batches';
import { refundHeldTip, releaseHeldTip } from './held';
import { mayManagePayouts } from './policy';
import { payoutBatchDetail, payoutOverview, updatePayoutSchedule } from './service';

const tags = ['Auszahlungen'];

/** Payout batches of the business in scope: list, open, run now, schedule (owners and admins). */
export const payoutAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, clock } = app.deps;
  const guard = app.requireActor({ roles: STAFF_MANAGER_ROLES });
  const scope = async (request: Parameters<typeof businessScopeOf>[0]) => {
    const resolved = await businessScopeOf(request, database.db);
    if (!mayManagePayouts(resolved.actor)) throw new AppError(ERRORS.forbidden);
    return resolved;
  };

  app.get(
    '/api/admin/payouts',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Auszahlungsrhythmus und Auszahlungen des Betriebs',
        querystring: businessScopeQuerySchema,
        response: { 200: payoutOverviewSchema },
      },
    },
    async (request) => {
      const { businessId } = await scope(request);
      return payoutOverview(app.deps, businessId);
    },
  );

  app.get(
    '/api/admin/payouts/:batchId',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Eine Auszahlung mit ihren Überweisungen',
        params: payoutBatchParamsSchema,
        querystring: businessScopeQuerySchema,
        response: { 200: payoutBatchSchema },
      },
    },
    async (request) => {
      const { businessId } = await scope(request);
      return payoutBatchDetail(app.deps, businessId, request.params.batchId);
    },
  );

  app.post(
    '/api/admin/payouts',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Jetzt auszahlen: eine Überweisung je Mitarbeiter',
        querystring: businessScopeQuerySchema,
        response: { 201: payoutBatchSchema },
      },
    },
    async (request, reply) => {
      const { businessId, actor } = await scope(request);
      const batchId = await runManualPayoutBatch(payoutContext(app.deps, request.log), {
        businessId,
        actor,
        request,
      });
      reply.code(201);
      return payoutBatchDetail(app.deps, businessId, batchId);
    },
  );

  app.put(
    '/api/admin/payouts/schedule',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Auszahlungsrhythmus ändern (täglich oder wöchentlich)',
        querystring: businessScopeQuerySchema,
        body: payoutScheduleUpdateSchema,
        response: { 200: payoutOverviewSchema },
      },
    },
    async (request) => {
      const { businessId, actor } = await scope(request);
      await updatePayoutSchedule(app.deps, {
        businessId,
        schedule: request.body.schedule,
        actor,
        request,
        at: clock.now(),
      });
      return payoutOverview(app.deps, businessId);
    },
  );

  // A paid tip held for review (amount or currency did not match): release it or refund it.
  app.post(
    '/api/admin/payouts/held/:tipId/release',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Angehaltenes Trinkgeld freigeben (geht in die nächste Auszahlung)',
        params: heldTipParamsSchema,
        querystring: businessScopeQuerySchema,
        response: { 200: payoutOverviewSchema },
      },
    },
    async (request) => {
      const { businessId, actor } = await scope(request);
      await releaseHeldTip(app.deps, {
        businessId,
        tipId: request.params.tipId,
        actor,
        request,
        at: clock.now(),
      });
      return payoutOverview(app.deps, businessId);
    },
  );

  app.post(
    '/api/admin/payouts/held/:tipId/refund',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Angehaltenes Trinkgeld dem Gast vollständig erstatten',
        params: heldTipParamsSchema,
        querystring: businessScopeQuerySchema,
        response: { 200: payoutOverviewSchema },
      },
    },
    async (request) => {
      const { businessId, actor } = await scope(request);
      await refundHeldTip(app.deps, {
        businessId,
        tipId: request.params.tipId,
        actor,
        request,
        at: clock.now(),
        log: request.log,
      });
      return payoutOverview(app.deps, businessId);
    },
  );
};
