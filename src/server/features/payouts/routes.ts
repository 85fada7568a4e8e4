import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payoutOnboardingSchema, payoutStatusSchema } from '../../../shared/api/employee';
import { actorOf } from '../auth/guard';
import { paymentProvidersFor } from '../payments/provider';
import { type ConnectAccounts, createStripeConnect } from './connect';
import { instantPayoutRoutes } from './instant-routes';
import { payoutStatus, startPayoutOnboarding } from './service';

const tags = ['Auszahlungen'];

/** The employee's own payout account: its state, and the way into Stripe Connect onboarding. */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = app.requireActor();
  const stripe = paymentProvidersFor(app.deps).stripe?.client;
  const connect: ConnectAccounts | undefined = stripe ? createStripeConnect(stripe) : undefined;
  await app.register(instantPayoutRoutes);

  app.get(
    '/api/employee/payout',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Stand des Auszahlungskontos',
        response: { 200: payoutStatusSchema },
      },
    },
    async (request) => payoutStatus(app.deps, actorOf(request).profileId),
  );

  app.post(
    '/api/employee/payout/onboarding',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Link zur Einrichtung des Auszahlungskontos (Stripe Connect Express)',
        response: { 200: payoutOnboardingSchema },
      },
    },
    async (request) => ({
      url: await startPayoutOnboarding(app.deps, connect, actorOf(request).profileId),
    }),
  );
};
