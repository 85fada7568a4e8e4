import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receiptBodySchema, receiptResponseSchema } from '../../../shared/api/receipts';
import { tipIdParamsSchema } from '../../../shared/api/tips';
import { limitPerClientAddress } from '../../http/rate-limit';
import { receiptContext } from './context';
import { GUEST_MAIL_PER_ADDRESS } from './limits';
import { sendReceipt } from './service';

/** POST /api/guest/tips/:tipId/receipt: the guest's receipt by e-mail. */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/guest/tips/:tipId/receipt',
    {
      onRequest: limitPerClientAddress(app, GUEST_MAIL_PER_ADDRESS),
      schema: {
        tags: ['guest'],
        summary: 'Beleg per E-Mail (Adresse wird nur für den Versand verwendet)',
        params: tipIdParamsSchema,
        body: receiptBodySchema,
        response: { 202: receiptResponseSchema },
      },
    },
    async (request, reply) => {
      const sent = await sendReceipt(receiptContext(app, request.log), {
        tipId: request.params.tipId,
        ...request.body,
      });
      return reply.status(202).send(sent);
    },
  );
};
