import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_ERRORS, type ApiKeyScope } from '../../../shared/api/api-keys';
import { AppError } from '../../http/errors';
import { type RateRule, rateLimitedError } from '../../http/rate-limit';
import { requirePro } from '../plans/service';
import { type ApiKeyActor, authenticateApiKey } from './service';

const actors = new WeakMap<FastifyRequest, ApiKeyActor>();

/** Requests per key and second (decision 0631); more answer 429 with Retry-After. */
export const API_KEY_RATE: RateRule = { name: 'api:key', limit: 25, windowMs: 1000 };

/**
 * The gate of every `/api/v1` route (decision 0630), as an onRequest hook: a valid key of an
 * active business on Pro ('API-Zugang'), holding `scope` where the route names one. Sessions and
 * cookies play no part here; the key is the party.
 *
 *   const apiKey = apiKeyGate(app);
 *   app.get('/api/v1/…', { onRequest: apiKey('tips:read') }, …)
 */
export function apiKeyGate(app: Pick<FastifyInstance, 'deps' | 'rateLimiter'>) {
  const context = { database: app.deps.database, clock: app.deps.clock };
  return (scope: ApiKeyScope | null) => async (request: FastifyRequest, reply: FastifyReply) => {
    const actor = await authenticateApiKey(context, request.headers.authorization, request.ip);
    // Each key has its own budget; the headers say it on every answer (IETF RateLimit draft).
    const rate = await app.rateLimiter.consume(API_KEY_RATE, actor.keyId);
    const reset = Math.max(
      0,
      Math.ceil((rate.resetTime.getTime() - context.clock.now().getTime()) / 1000),
    );
    reply.header('ratelimit-policy', `${API_KEY_RATE.limit};w=${API_KEY_RATE.windowMs / 1000}`);
    reply.header(
      'ratelimit',
      `limit=${API_KEY_RATE.limit}, remaining=${rate.remaining}, reset=${reset}`,
    );
    if (!rate.allowed) throw rateLimitedError(rate.retryAfter);
    await requirePro(context, actor.businessId, 'api');
    if (scope && !actor.scopes.includes(scope)) {
      throw new AppError(API_KEY_ERRORS.api_key_scope_missing, {
        message: `${API_KEY_ERRORS.api_key_scope_missing.message} Benötigt: ${scope}.`,
      });
    }
    actors.set(request, actor);
  };
}

/** The key a request passed `apiKeyGate` with. */
export function apiKeyOf(request: FastifyRequest): ApiKeyActor {
  const actor = actors.get(request);
  if (!actor) throw new Error('apiKeyOf: the route has no apiKeyGate');
  return actor;
}
