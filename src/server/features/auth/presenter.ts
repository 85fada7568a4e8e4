import type { SessionResponse, SessionTwoFactor } from '../../../shared/api/auth';
import { INACTIVITY_TIMEOUT_MS } from '../../../shared/domain/constants';
import type { SessionRow } from './queries/sessions';

export const SIGNED_OUT: SessionResponse = { user: null, session: null };

/**
 * The session as the browser sees it: who, and until when. Never the token or its hash. Whether
 * it began the person's first sign-in comes from the row (decision 0510), so the session read
 * says it as long as the session lasts, not only the sign-in's answer.
 */
export function presentSession(
  user: { id: string; email: string },
  session: Pick<SessionRow, 'idleExpiresAt' | 'absoluteExpiresAt' | 'firstSignIn'>,
  firstSignIn: boolean = session.firstSignIn,
  twoFactor?: SessionTwoFactor,
): SessionResponse {
  return {
    firstSignIn,
    ...(twoFactor ? { twoFactor } : {}),
    user: { id: user.id, email: user.email },
    session: {
      idleExpiresAt: session.idleExpiresAt.toISOString(),
      absoluteExpiresAt: session.absoluteExpiresAt.toISOString(),
      idleTimeoutSeconds: INACTIVITY_TIMEOUT_MS / 1000,
    },
  };
}
