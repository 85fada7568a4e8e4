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
import type { Config } from './config';
import type { Database } from './db/connect';
import { analyticsRoutes } from './features/analytics/routes';
import { auditRoutes } from './features/audit/routes';
import { registerActorGuard } from './features/auth/guard';
import { authRoutes } from './features/auth/routes';
import { employeeRoutes } from './features/employee/routes';
import { entrypointRoutes } from './features/entrypoints/routes';
import { healthRoutes } from './features/health/routes';
import type { Mailer } from './features/mail/mailer';
import { mediaRoutes } from './features/media/routes';
import { paymentRoutes } from './features/payments/routes';
import { payoutRoutes } from './features/payouts/routes';
import { profileRoutes } from './features/profiles/routes';
import { publicConfigRoutes } from './features/public-config/routes';
import { showcaseRoutes } from './features/showcase/routes';
import { tipRoutes } from './features/tips/routes';
import { registerCsrfProtection } from './http/csrf';
import { registerErrorHandling } from './http/error-handler';
import { registerRateLimiter } from './http/rate-limit';
import { registerSecurityHeaders } from './http/security';
import { registerWebApp } from './http/spa';
import type { Clock } from './lib/clock';

// Generic validation messages in German; spec messages are set on the schemas themselves.
z.config(z.locales.de());

/** Everything a feature may use, created once in main.ts (or by a test) and passed in. */
export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  mailer: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildAppOptions {
  /** Where the built web app lives; defaults to dist/web. */
  webDir?: string;
  /** Logger destination (tests pass a stream that fails on errors). */
  loggerStream?: NodeJS.WritableStream;
}

export const DEFAULT_WEB_DIR = path.resolve(import.meta.dirname, '../../dist/web');
const REQUEST_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

export async function buildApp(
  deps: AppDeps,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const { config } = deps;
  const logger: FastifyServerOptions['logger'] = {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
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
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  await registerSecurityHeaders(app, config.publicOrigin.startsWith('https:'));
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  registerCsrfProtection(app);
  registerRateLimiter(app);
  registerActorGuard(app);
  await app.register(fastifySwagger, {
    openapi: {
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
  await app.register(publicConfigRoutes);
  await app.register(showcaseRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(mediaRoutes);
  await app.register(auditRoutes);
  await app.register(employeeRoutes);
  await app.register(payoutRoutes);
  await app.register(entrypointRoutes);
  await app.register(tipRoutes);
  await app.register(paymentRoutes);
  await app.register(analyticsRoutes);

  await registerWebApp(app, options.webDir ?? DEFAULT_WEB_DIR);
  return app;
}
