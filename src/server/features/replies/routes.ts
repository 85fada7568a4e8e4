import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replyBodySchema, replyResponseSchema } from '../../../shared/api/receipts';
import { tipIdParamsSchema } from '../../../shared/api/tips';
import { actorOf } from '../auth/guard';
import { receiptContext } from '../receipts/context';
import { replyToTip } from './service';

/** POST /api/employee/tips/:tipId/reply: the employee answers a guest's message, once. */
export const replyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/employee/tips/:tipId/reply',
    {
      onRequest: app.requireActor(),
      schema: {
        tags: ['Mitarbeiter-Dashboard'],
        summary: 'Auf die Nachricht eines Gastes antworten (einmal, höchstens 200 Zeichen)',
        params: tipIdParamsSchema,
        body: replyBodySchema,
        response: { 201: replyResponseSchema },
      },
    },
    async (request, reply) => {
      const answered = await replyToTip(receiptContext(app, request.log), {
        employeeId: actorOf(request).profileId,
        tipId: request.params.tipId,
        message: request.body.message,
      });
      return reply.status(201).send(answered);
    },
  );
};
