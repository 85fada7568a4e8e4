import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  instantPayoutQuoteSchema,
  instantPayoutRequestSchema,
  instantPayoutResultSchema,
} from '../../../shared/api/instant-payout';
import { actorOf } from '../auth/guard';
import { payoutContext } from './batches';
import { instantPayoutQuote, requestInstantPayout } from './instant';

const tags = ['Auszahlungen'];

/** Instant payout: the employee's own balance now, with the fee shown before they confirm. */
export const instantPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = app.requireActor();

  app.get(
    '/api/employee/payout/instant',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Sofortauszahlung: verfügbares Guthaben, Gebühr und Auszahlungsbetrag',
        response: { 200: instantPayoutQuoteSchema },
      },
    },
    async (request) => {
      return instantPayoutQuote(
        payoutContext(app.deps, request.log),
        actorOf(request).profileId,
        app.deps.config.paymentProvider,
      );
    },
  );

  app.post(
    '/api/employee/payout/instant',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Sofortauszahlung des eigenen Guthabens bestätigen',
        body: instantPayoutRequestSchema,
        response: { 200: instantPayoutResultSchema, 201: instantPayoutResultSchema },
      },
    },
    async (request, reply) => {
      const { created, result } = await requestInstantPayout(payoutContext(app.deps, request.log), {
        actor: actorOf(request),
        balanceCents: request.body.balanceCents,
        requestKey: request.body.idempotencyKey,
        request,
      });
      reply.code(created ? 201 : 200);
      return result;
    },
  );
};
