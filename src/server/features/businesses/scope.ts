import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BUSINESS_ERRORS } from '../../../shared/api/businesses';
import { STAFF_MANAGER_ROLES } from '../../../shared/domain/roles';
import type { Executor } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { Actor } from '../auth/actor';
import { type ActorGuard, actorOf } from '../auth/guard';
import { decideBusinessScope } from './policy';
import { businessExists } from './queries';

declare const checked: unique symbol;

/**
 * The business an admin request works in, after the scope rule and an existence check. Only
 * `resolveBusinessScope` makes one (the brand), so a service that takes a scope needs no
 * permission check of its own: `decideBusinessScope` is the one rule for "may manage this
 * business" (decision 0366).
 */
export interface BusinessScope {
  businessId: string;
  actor: Actor;
  readonly [checked]: true;
}

export async function resolveBusinessScope(
  db: Executor,
  actor: Actor,
  requestedBusinessId: string | undefined,
): Promise<BusinessScope> {
  const decision = decideBusinessScope(actor, requestedBusinessId);
  if (decision.kind === 'choose_business') throw new AppError(BUSINESS_ERRORS.business_required);
  if (decision.kind === 'not_found') throw new AppError(BUSINESS_ERRORS.business_not_found);
  if (!(await businessExists(db, decision.businessId))) {
    throw new AppError(BUSINESS_ERRORS.business_not_found);
  }
  return { businessId: decision.businessId, actor } as BusinessScope;
}

/**
 * For handlers of routes guarded by `app.requireActor({ roles: STAFF_MANAGER_ROLES })` whose
 * querystring schema includes `businessScopeQuerySchema`:
 *
 *   const { businessId, actor } = await businessScopeOf(request, app.deps.database.db);
 *
 * Every query of the handler then filters by `businessId`.
 */
export function businessScopeOf(request: FastifyRequest, db: Executor): Promise<BusinessScope> {
  const query = (request.query ?? {}) as { businessId?: string };
  return resolveBusinessScope(db, actorOf(request), query.businessId);
}

/** A business scope with the request, for services that write audit rows (who, from where). */
export interface AuditedBusinessScope extends BusinessScope {
  request: Pick<FastifyRequest, 'ip' | 'headers' | 'server'>;
}

/** `businessScopeOf` plus the request itself, for the staff-manager routes of one feature. */
export async function auditedScopeOf<R extends FastifyRequest>(
  request: R,
  db: Executor,
): Promise<BusinessScope & { request: R }> {
  return { ...(await businessScopeOf(request, db)), request };
}

/**
 * The admin route preamble, written once: the staff-manager guard for `onRequest` and the
 * audited business scope of a request (who, in which business, from where), resolved with the
 * app's database. Routes call `scopeOf` once per request; services trust the branded scope.
 */
export function adminPreamble(app: Pick<FastifyInstance, 'requireActor' | 'deps'>): {
  staffManager: ActorGuard;
  scopeOf: <R extends FastifyRequest>(request: R) => Promise<BusinessScope & { request: R }>;
} {
  return {
    staffManager: app.requireActor({ roles: STAFF_MANAGER_ROLES }),
    scopeOf: (request) => auditedScopeOf(request, app.deps.database.db),
  };
}
