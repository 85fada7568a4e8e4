import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  demoCheckoutActionSchema,
  demoCheckoutParamsSchema,
  PAYMENT_ERRORS,
  webhookResponseSchema,
} from '../../../shared/api/payments';
import type { PaymentFailureReason } from '../../../shared/domain/payments';
import { businesses, paymentSessions, tips } from '../../db/schema';
import { AppError } from '../../http/errors';
import { guestLocaleOf } from '../../http/guest-locale';
import { paymentContext } from './context';
import { type DemoProvider, SIMULATED_FAILURES } from './demo-provider';
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

/** DEMO_FAILURE_RATE: a share of "Bezahlen" clicks fails like the spec's simulation. */
export function demoPaymentOutcome(
  failureRate: number,
  random: () => number = Math.random,
): { paid: true } | { paid: false; reason: PaymentFailureReason } {
  if (failureRate <= 0 || random() >= failureRate) return { paid: true };
  const index = Math.floor(random() * SIMULATED_FAILURES.length);
  return { paid: false, reason: SIMULATED_FAILURES[index] ?? 'network_error' };
}

/** The demo provider's hosted checkout: a plain HTML form, so it works without any script. */
const demoCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const demo = () => paymentContext(app.deps, app.log).providers.byName('demo') as DemoProvider;

  app.get(
    '/checkout/demo/:sessionId',
    // A guest opens this address in the browser: a malformed one gets the German page, not JSON.
    { schema: { hide: true, params: z.object({ sessionId: z.string().max(300) }) } },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      // The guest's language: their choice on the tip page (cookie), else the browser's.
      const locale = guestLocaleOf(request);
      const valid = demoCheckoutParamsSchema.safeParse(request.params);
      const checkout = valid.success ? await demo().load(valid.data.sessionId) : null;
      if (!checkout) return reply.status(404).send(renderDemoCheckoutMissing(locale));
      const current = (await demo().retrieveCheckout(checkout.id)).state;
      if (current.status !== 'open') {
        const backUrl = current.status === 'paid' ? checkout.successUrl : checkout.cancelUrl;
        return reply.send(renderDemoCheckoutClosed({ status: current.status, backUrl }, locale));
      }
      const [row] = await app.deps.database.db
        .select({ tip: tips, businessName: businesses.name })
        .from(paymentSessions)
        .innerJoin(tips, eq(tips.id, paymentSessions.tipId))
        .innerJoin(businesses, eq(businesses.id, tips.businessId))
        .where(eq(paymentSessions.id, checkout.paymentSessionId));
      return reply.send(
        renderDemoCheckout(
          {
            description: checkout.description,
            businessName: row?.businessName ?? '',
            tipCents: row?.tip.amountCents ?? checkout.amountCents,
            platformFeeCents: row?.tip.platformFeeCents ?? 0,
            totalCents: checkout.amountCents,
            currency: checkout.currency,
          },
          locale,
        ),
      );
    },
  );

  app.post(
    '/checkout/demo/:sessionId',
    { schema: { hide: true, params: demoCheckoutParamsSchema, body: demoCheckoutActionSchema } },
    async (request, reply) => {
      const ctx = paymentContext(app.deps, request.log);
      const provider = demo();
      const checkout = await provider.load(request.params.sessionId);
      if (!checkout) throw new AppError(PAYMENT_ERRORS.checkout_not_found);
      const again = `/checkout/demo/${checkout.id}`;
      // Like Stripe's own back link: cancelling only returns the guest; the tip page ends the
      // attempt on our side.
      if (request.body.action === 'cancel') return reply.redirect(checkout.cancelUrl, 303);

      const outcome =
        request.body.action === 'pay'
          ? demoPaymentOutcome(app.deps.config.demoFailureRate)
          : ({ paid: false, reason: 'card_declined' } as const);
      const decided = await provider.decide(checkout.id, outcome);
      if (!decided) return reply.redirect(again, 303);
      // The same path a verified Stripe webhook takes: stored, de-duplicated, re-read, applied.
      await receiveProviderEvent(ctx, {
        provider: 'demo',
        id: `evt_demo_${randomUUID().replace(/-/g, '')}`,
        type: outcome.paid ? 'checkout.session.completed' : 'checkout.session.async_payment_failed',
        payload: { id: checkout.id, object: 'checkout.session', status: decided.status },
        objectId: checkout.id,
      });
      return reply.redirect(decided.successUrl, 303);
    },
  );
};

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(webhookRoutes);
  await app.register(demoCheckoutRoutes);
};
