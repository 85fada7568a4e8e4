import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProFeature } from '../../../shared/domain/plans';
import { PLATFORM_ADMIN_ROLES } from '../../../shared/domain/roles';
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
  return (feature: ProFeature, options: { exceptPlatformAdmin?: boolean } = {}) =>
    async (request: FastifyRequest) => {
      const { businessId, actor } = await businessScopeOf(request, context.database.db);
      // The operator's own duties (the exports offered before closing a business) do not depend
      // on the business's plan.
      if (options.exceptPlatformAdmin && isPlatformAdmin(actor.role)) return;
      await requirePro(context, businessId, feature);
    };
}

function isPlatformAdmin(role: string): boolean {
  return (PLATFORM_ADMIN_ROLES as readonly string[]).includes(role);
}
