import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type SessionResponse, sessionResponseSchema } from '../../../shared/api/auth';
import { type Profile, profileSchema } from '../../../shared/api/profiles';
import { AppError } from '../../http/errors';
import { getOwnProfile } from './service';
import { presentProfile } from './presenter';
import { sessionTwoFactorOf } from '../auth/two-factor-rules';
import { readSessionToken } from '../auth/cookie';
import { presentSession, SIGNED_OUT } from '../auth/presenter';
import { findSession, isSessionActive } from '../auth/sessions';

/**
 * What the app's HTML carries for its first screen (decision 0417): the answers of
 * `GET /api/auth/session` and, signed in, `GET /api/profiles/me` for the cookie of this very
 * request, so the browser skips those two round trips. `profile` is left out when the browser
 * must ask itself (the business keeps the person out, or the profile could not be read), and is
 * null for a signed-in person without a profile yet (onboarding).
 */
export interface PageBoot {
  session: SessionResponse;
  profile?: Profile | null;
}

/**
 * The boot answers for a document request, or null when the browser should ask the API itself:
 * a cookie that names no active session (the API answer clears the cookie; the HTML does not).
 * Both answers go through their response schemas, as the API's do, so the HTML never carries a
 * field the API would not send.
 */
export async function pageBootFor(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<PageBoot | null> {
  const { config, database, clock } = app.deps;
  const token = readSessionToken(request, config);
  if (!token) return { session: SIGNED_OUT };
  const found = await findSession(database.db, token);
  if (!found || found.disabled || !isSessionActive(found.session, clock.now())) return null;
  const session = sessionResponseSchema.parse(
    presentSession(
      { id: found.actor.userId, email: found.actor.email },
      found.session,
      undefined,
      sessionTwoFactorOf(found.actor, found.twoFactorEnabled, config.nodeEnv),
    ),
  );
  // Business suspended or closed: the profile request answers why, and the browser says it.
  if (found.blockedBy) return { session };
  try {
    const profile = profileSchema.parse(presentProfile(await getOwnProfile(app.deps, found.actor)));
    return { session, profile };
  } catch (error) {
    if (error instanceof AppError && error.code === 'profile_not_found') {
      return { session, profile: null };
    }
    // Anything else: the browser asks, with its retries and messages (spec §7 Profiles).
    app.log.warn({ err: error }, 'page boot: profile not embedded');
    return { session };
  }
}
