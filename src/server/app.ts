import { acceptedSessionSecrets, showsDemo } from './config';
import { registerPageViews } from './features/analytics/page-views';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from './deps';
import { adminDashboardRoutes } from './features/admin-dashboard/routes';
import { analyticsRoutes } from './features/analytics/routes';
import { auditRoutes } from './features/audit-log/routes';
import { registerActorGuard } from './features/auth/guard';
import { brandingRoutes } from './features/branding/routes';
import { authRoutes } from './features/auth/routes';
import { businessRoutes } from './features/businesses/routes';
import { operatorRoutes } from './features/operator/routes';
import { systemStatusRoutes } from './features/system-status/routes';
import { employeeRoutes } from './features/employee/routes';
import { registerGuestCodeCache } from './features/payment-points/guest-cache';
import { guestPaymentPointRoutes } from './features/payment-points/guest-routes';
import { healthRoutes } from './features/health/routes';
import { integrationRoutes } from './features/integration/routes';
import { createIntegrationSync } from './features/integration/sync';
import { mediaRoutes } from './features/media/routes';
import { createAppMetrics } from './features/metrics/registry';
import { metricsRoutes, registerHttpMetrics } from './features/metrics/routes';
import { webhookBacklog } from './features/system-status/queries';
import { paymentPointRoutes } from './features/payment-points/routes';
import { passwordRoutes } from './features/passwords/routes';
import {
  type PaymentEventHandler,
  subscribeToPaymentEvents,
} from './features/payments/payment-events';
import { applyStripeBillingEvent } from './features/plans/stripe-events';
import { subscriptionBillingFor } from './features/plans/stripe-billing';
import { sellerOf } from './features/invoices/seller';
import { paymentRoutes } from './features/payments/routes';
import { payoutAdminRoutes } from './features/payouts/admin-routes';
import { payoutsOnPaymentEvents } from './features/payouts/payment-events';
import { payoutRoutes } from './features/payouts/routes';
import { privacyRoutes } from './features/privacy/routes';
import { planRoutes } from './features/plans/routes';
import { apiKeyRoutes } from './features/api-keys/routes';
import { businessApiRoutes } from './features/business-api/routes';
import { webhookApiRoutes } from './features/webhooks/api-routes';
import { readDueDeliveryBacklog } from './features/webhooks/delivery';
import { webhookRoutes } from './features/webhooks/routes';
import { billingRoutes } from './features/plans/billing-routes';
import { invoiceRoutes } from './features/invoices/routes';
import { reportRoutes } from './features/reports/routes';
import { tipRecordRoutes } from './features/tip-record/routes';
import { profileRoutes } from './features/profiles/routes';
import { publicConfigRoutes } from './features/public-config/routes';
import { staffRoutes } from './features/staff/routes';
import { teamRoutes } from './features/teams/routes';
import { twoFactorRoutes } from './features/two-factor/routes';
import { shiftRoutes } from './features/shifts/routes';
import { walletRoutes } from './features/wallet/routes';
import { poolRoutes } from './features/pool/routes';
import { paymentPointQrRoutes } from './features/payment-points/qr-routes';
import { setupChecklistRoutes } from './features/setup-checklist/routes';
import { showcaseRoutes } from './features/showcase/routes';
import { signupRoutes } from './features/signup/routes';
import { tipRoutes } from './features/tips/routes';
import { receiptRoutes } from './features/receipts/routes';
import { replyRoutes } from './features/replies/routes';
import { registerCsrfProtection } from './http/csrf';
import {
  answerClientError,
  answerFrameworkError,
  answerUnavailableWhileClosing,
  registerErrorHandling,
} from './http/error-handler';
import { registerAfterAnswer } from './http/after-answer';
import { registerApiCompression } from './http/api-compression';
import { registerInputHygiene } from './http/input';
import { redactUrl } from './http/log-redaction';
import { registerRateLimiter } from './http/rate-limit';
import { registerSecurityHeaders } from './http/security';
import { legalRoutes } from './features/legal/routes';
import { registerWebApp } from './http/spa';
import { pageBootFor } from './features/profiles/page-boot';
import { firstScreenQueries } from './http/first-screen';
import { landingPageOf } from './features/landing/routes';
import { guestPageRoutes } from './features/guest-page/routes';
import { projectRoot } from './lib/project-root';

// Generic validation messages in German; spec messages are set on the schemas themselves.
z.config(z.locales.de());

export type { AppDeps } from './deps';

export interface BuildAppOptions {
  /** Where the built web app lives; defaults to dist/web. */
  webDir?: string;
  /** Logger destination (tests pass a stream that fails on errors). */
  loggerStream?: NodeJS.WritableStream;
  /** Work left for after an answer waits until the test releases it (`app.afterAnswer`). */
  holdAfterAnswer?: boolean;
}

export const DEFAULT_WEB_DIR = path.join(projectRoot(), 'dist/web');

/**
 * Stripe's news of a business's own Pro subscription goes to plans (decision 0616), which sits
 * below payments' callers and so may not import payments: the entry point hands it over.
 */
const plansOnPaymentEvents: PaymentEventHandler = async (ctx, event) => {
  if (event.type !== 'subscription') return;
  if (!ctx.mailer) throw new Error('Billing events need the app’s mailer.');
  await applyStripeBillingEvent(
    {
      database: ctx.database,
      clock: ctx.clock,
      mailer: ctx.mailer,
      publicOrigin: ctx.config.publicOrigin,
      log: ctx.log,
      seller: sellerOf(ctx.config),
      subscriptionBilling: subscriptionBillingFor(ctx.config),
    },
    event.stripeEvent,
  );
};
const REQUEST_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

export async function buildApp(
  given: AppDeps,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  // Money flows run downwards: payments publishes what the provider reported, payouts subscribes
  // (decision 0551). Once per process; again changes nothing.
  subscribeToPaymentEvents(payoutsOnPaymentEvents);
  // A business's own Pro subscription, billed by Stripe, is the plans' business (decision 0616).
  subscribeToPaymentEvents(plansOnPaymentEvents);
  // One registry per app: tests run many apps in one process, each counts only its own.
  // The same deps object when it has them: providers and caches are kept per deps object.
  const metrics = given.metrics ?? createAppMetrics();
  const deps: AppDeps = given.metrics ? given : { ...given, metrics };
  const { config } = deps;
  const logger: FastifyServerOptions['logger'] = {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      // Fastify's request fields, with secrets in the URL replaced (finding 6).
      req: (request) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
    ...(options.loggerStream ? { stream: options.loggerStream } : {}),
  };

  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
        ? incoming
        : randomUUID();
    },
    bodyLimit: 3 * 1024 * 1024,
    forceCloseConnections: 'idle',
    // Our own 503 while closing (below) carries Retry-After and a German message.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    // Errors the router raises before any hook runs (a malformed or overlong path): our German
    // answer instead of Fastify's English one that echoes the path.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  const routeList: string[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') routeList.push(`${method} ${route.url}`);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  registerHttpMetrics(app, metrics);
  const stopWatchingJobs = metrics.watchJobs(deps.jobRuns, deps.clock);
  app.addHook('onClose', async () => stopWatchingJobs());
  metrics.readPool(() => deps.database.poolStats?.() ?? null);
  metrics.readWebhookBacklog(() => webhookBacklog(deps.database.db));
  metrics.readOutgoingWebhookBacklog(() => readDueDeliveryBacklog(deps));
  app.decorate(
    'integrationSync',
    createIntegrationSync({ db: deps.database.db, clock: deps.clock, config, log: app.log }),
  );
  // Registrations still running finish before the database closes.
  app.addHook('onClose', async () => app.integrationSync.idle());
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  answerUnavailableWhileClosing(app);
  registerInputHygiene(app);
  // API answers are personal or change by the second: never from a cache unless a route says so
  // (finding 7). Images and the web app set their own caching.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
  registerApiCompression(app);
  await registerSecurityHeaders(app, config.publicOrigin.startsWith('https:'));
  // Signs with the current secret; a cookie signed under a rotation's previous one still reads
  // (decision 0402).
  await app.register(fastifyCookie, { secret: acceptedSessionSecrets(config) });
  registerCsrfProtection(app);
  registerRateLimiter(app);
  registerAfterAnswer(app, { held: options.holdAfterAnswer ?? false });
  registerPageViews(app);
  await registerGuestCodeCache(app);
  registerActorGuard(app);
  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: the schemas are JSON Schema 2020-12 (nullable as a type), as the business API needs.
      openapi: '3.1.0',
      info: {
        title: 'Trinkgeld API',
        description: 'Die HTTP-API von Trinkgeld. Alle Beträge in Cent, alle Zeiten in ISO 8601.',
        version: '1.0.0',
      },
      servers: [{ url: config.publicOrigin }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  await app.register(healthRoutes);
  await app.register(metricsRoutes(metrics));
  await app.register(publicConfigRoutes);
  await app.register(legalRoutes);
  await app.register(showcaseRoutes);
  await app.register(authRoutes);
  await app.register(passwordRoutes);
  await app.register(signupRoutes);
  await app.register(twoFactorRoutes);
  await app.register(profileRoutes);
  await app.register(mediaRoutes);
  await app.register(auditRoutes);
  await app.register(businessRoutes);
  await app.register(operatorRoutes);
  await app.register(systemStatusRoutes);
  await app.register(employeeRoutes);
  await app.register(payoutRoutes);
  await app.register(payoutAdminRoutes);
  await app.register(reportRoutes);
  await app.register(planRoutes);
  await app.register(apiKeyRoutes);
  await app.register(businessApiRoutes);
  await app.register(webhookRoutes);
  await app.register(webhookApiRoutes);
  await app.register(billingRoutes);
  await app.register(invoiceRoutes);
  await app.register(tipRecordRoutes);
  await app.register(guestPaymentPointRoutes);
  await app.register(tipRoutes);
  await app.register(receiptRoutes);
  await app.register(replyRoutes);
  await app.register(paymentRoutes);
  await app.register(analyticsRoutes);
  await app.register(adminDashboardRoutes);
  await app.register(setupChecklistRoutes);
  await app.register(paymentPointRoutes);
  await app.register(integrationRoutes);
  await app.register(brandingRoutes);
  await app.register(paymentPointQrRoutes);
  await app.register(staffRoutes);
  await app.register(teamRoutes);
  await app.register(privacyRoutes);
  await app.register(shiftRoutes);
  await app.register(poolRoutes);
  await app.register(walletRoutes);

  await app.register(guestPageRoutes(options.webDir ?? DEFAULT_WEB_DIR));
  await registerWebApp(
    app,
    options.webDir ?? DEFAULT_WEB_DIR,
    landingPageOf,
    async (request) => {
      const answers = await pageBootFor(app, request);
      if (!answers) return null;
      // A person whose profile the page has gets the first screen's answers too (decision 0419),
      // with the moment before they were read: the live stream tells what changed since (0420).
      const servedAt = app.deps.clock.now().getTime();
      const queries = answers.profile ? await firstScreenQueries(app, request) : [];
      return {
        answers: queries.length > 0 ? { ...answers, queries, servedAt } : answers,
        signedIn: answers.session.user !== null,
      };
    },
    { demoPages: showsDemo(deps.config) },
  );
  return app;
}
