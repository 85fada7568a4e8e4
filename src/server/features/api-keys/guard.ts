import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_ERRORS, type ApiKeyScope } from '../../../shared/api/api-keys';
import { AppError } from '../../http/errors';
import { requirePro } from '../plans/service';
import { type ApiKeyActor, authenticateApiKey } from './service';

const actors = new WeakMap<FastifyRequest, ApiKeyActor>();

/**
 * The gate of every `/api/v1` route (decision 0630), as an onRequest hook: a valid key of an
 * active business on Pro ('API-Zugang'), holding `scope` where the route names one. Sessions and
 * cookies play no part here; the key is the party.
 *
 *   const apiKey = apiKeyGate(app);
 *   app.get('/api/v1/…', { onRequest: apiKey('tips:read') }, …)
 */
export function apiKeyGate(app: Pick<FastifyInstance, 'deps'>) {
  const context = { database: app.deps.database, clock: app.deps.clock };
  return (scope: ApiKeyScope | null) => async (request: FastifyRequest) => {
    const actor = await authenticateApiKey(context, request.headers.authorization, request.ip);
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
