import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionEndedError } from './session-end';
import { TWO_FACTOR_ERRORS } from '../../../shared/api/two-factor';
import { ERRORS } from '../../../shared/domain/errors';
import type { Role } from '../../../shared/domain/roles';
import { AppError } from '../../http/errors';
import type { Actor } from './actor';
import { clearSessionCookie, readSessionToken } from './cookie';
import { isTwoFactorSetupRequired } from './two-factor-rules';
import { hasAnyRole } from './policy';
import {
  endedSessionReason,
  findSession,
  isSessionActive,
  type SessionLookup,
  touchSession,
} from './sessions';

export interface RequireActorOptions {
  /** Roles allowed to pass; empty or absent allows any signed-in person. */
  roles?: readonly Role[];
  /**
   * Also for a session that may only set up two-factor sign-in (the platform admin in
   * production without it, decision 0318): the setup routes, the own profile, keeping the
   * session alive. Every other route answers such a session 403 `two_factor_setup_required`.
   */
  duringTwoFactorSetup?: boolean;
}

export type ActorGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A hook for `onRequest` that answers 401 without a live session and 403 without one of the
     * roles; afterwards `request.actor` is set. Example:
     * `app.get('/api/x', { onRequest: app.requireActor({ roles: ['admin'] }) }, handler)`.
     */
    requireActor(options?: RequireActorOptions): ActorGuard;
  }
  interface FastifyRequest {
    /** Set by `app.requireActor(...)`; null on routes without it. */
    actor: Actor | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The actor of a request guarded by `app.requireActor`, for handlers. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError(ERRORS.unauthenticated);
  return request.actor;
}

/**
 * Reads the session cookie and loads the person. A cookie that points at an ended session answers
 * 401 with why it ended (and is cleared), no cookie at all `unauthenticated`. State-changing requests
 * count as activity and keep the session alive.
 */
export async function authenticate(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Actor> {
  return (await authenticateSession(app, request, reply)).actor;
}

/** `authenticate`, with what the session lookup knows beyond the actor. */
async function authenticateSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionLookup> {
  const { config, database, clock } = app.deps;
  const token = readSessionToken(request, config);
  if (!token) throw new AppError(ERRORS.unauthenticated);
  const found = await findSession(database.db, token);
  const now = clock.now();
  if (!found || found.disabled || !isSessionActive(found.session, now)) {
    // The session has ended: the person hears why (decision 0505), not only that it did.
    clearSessionCookie(reply, config);
    const reason = await endedSessionReason(database.db, token, found);
    throw sessionEndedError(reason, config.contactEmail);
  }
  if (STATE_CHANGING.has(request.method)) {
    await touchSession(database.db, found.session.id, now);
  }
  return found;
}

export function registerActorGuard(app: FastifyInstance): void {
  app.decorateRequest('actor', null);
  app.decorate('requireActor', (options: RequireActorOptions = {}): ActorGuard => {
    const roles = options.roles ?? [];
    return async (request, reply) => {
      const found = await authenticateSession(app, request, reply);
      if (
        !options.duringTwoFactorSetup &&
        isTwoFactorSetupRequired(found.actor, found.twoFactorEnabled, app.deps.config.nodeEnv)
      ) {
        throw new AppError(TWO_FACTOR_ERRORS.two_factor_setup_required);
      }
      if (!hasAnyRole(found.actor, roles)) throw new AppError(ERRORS.forbidden);
      request.actor = found.actor;
    };
  });
}
