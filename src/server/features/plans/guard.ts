import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProFeature } from '../../../shared/domain/plans';
import { businessScopeOf } from '../businesses/scope';
import { requirePro } from './service';

/**
 * A route's gate for a Pro feature (decision 0610), as a preHandler: it runs after the session
 * guard and the schema, in the business the request works in, and refuses with the feature's
 * German message while the business is on Basis.
 *
 *   const proOnly = proGate(app);
 *   app.put('/api/admin/branding', { onRequest: staffManager, preHandler: proOnly('branding'), … })
 */
export function proGate(app: Pick<FastifyInstance, 'deps'>) {
  const context = { database: app.deps.database, clock: app.deps.clock };
  return (feature: ProFeature) => async (request: FastifyRequest) => {
    const { businessId } = await businessScopeOf(request, context.database.db);
    await requirePro(context, businessId, feature);
  };
}
