import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  demoCheckoutActionSchema,
  demoCheckoutParamsSchema,
  PAYMENT_ERRORS,
  webhookResponseSchema,
} from '../../../shared/api/payments';
import { AppError } from '../../http/errors';
import { guestLocaleOf } from '../../http/guest-locale';
import { paymentContext } from './context';
import { decideDemoCheckout, demoCheckoutState } from './demo-checkout';
import {
  renderDemoCheckout,
  renderDemoCheckoutClosed,
  renderDemoCheckoutMissing,
} from './demo-checkout-page';
import { receiveProviderEvent } from './provider-events';

/** Stripe's webhook: the signature is checked over the raw bytes before anything is parsed. */
const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // Replaces the app-wide JSON parser (http/input.ts) in this plugin only.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/payments/webhook',
    {
      config: { csrf: false },
      schema: {
        tags: ['payments'],
        summary: 'Stripe-Webhook (signiert mit STRIPE_WEBHOOK_SECRET)',
        headers: z.object({ 'stripe-signature': z.string().max(4000).optional() }),
        response: { 200: webhookResponseSchema },
      },
    },
    async (request) => {
      const ctx = paymentContext(app.deps, request.log);
      const stripe = ctx.providers.stripe;
      if (!stripe || !Buffer.isBuffer(request.body)) {
        throw new AppError(PAYMENT_ERRORS.webhook_signature_invalid);
      }
      const event = stripe.verifyWebhook(request.body, request.headers['stripe-signature']);
      const object = event.data.object as { id?: unknown };
      const { duplicate } = await receiveProviderEvent(ctx, {
        provider: 'stripe',
        id: event.id,
        type: event.type,
        payload: event as unknown as Record<string, unknown>,
        objectId: typeof object.id === 'string' ? object.id : null,
      });
      return { received: true as const, duplicate };
    },
  );
};

/** The demo provider's hosted checkout: a plain HTML form, so it works without any script. */
const demoCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/checkout/demo/:sessionId',
    // A guest opens this address in the browser: a malformed one gets the German page, not JSON.
    { schema: { hide: true, params: z.object({ sessionId: z.string().max(300) }) } },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      // The guest's language: their choice on the tip page (cookie), else the browser's.
      const locale = guestLocaleOf(request);
      const valid = demoCheckoutParamsSchema.safeParse(request.params);
      const state = await demoCheckoutState(
        paymentContext(app.deps, request.log),
        valid.success ? valid.data.sessionId : null,
      );
      if (state.kind === 'missing')
        return reply.status(404).send(renderDemoCheckoutMissing(locale));
      if (state.kind === 'closed') return reply.send(renderDemoCheckoutClosed(state, locale));
      return reply.send(renderDemoCheckout(state.view, locale));
    },
  );

  app.post(
    '/checkout/demo/:sessionId',
    { schema: { hide: true, params: demoCheckoutParamsSchema, body: demoCheckoutActionSchema } },
    async (request, reply) => {
      const ctx = paymentContext(app.deps, request.log);
      const next = await decideDemoCheckout(ctx, request.params.sessionId, request.body.action);
      return reply.redirect(next, 303);
    },
  );
};

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(webhookRoutes);
  await app.register(demoCheckoutRoutes);
};
