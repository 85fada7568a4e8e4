import { rateLimitMessage } from '../../../../shared/api/auth';
import { ERRORS } from '../../../../shared/domain/errors';
import { AppError } from '../../../http/errors';
import type { ClientInfo } from '../client';
import type { AuthContext } from '../context';
import { AUTH_RATE_RULES, rateSubject } from '../limits';

/**
 * A refusal of this address that is already known, checked before the body is even read
 * (finding 2): a flood from one address over its limit costs neither parsing, nor a database
 * round trip, nor hashing. Null when the request must go the full way.
 */
export function knownRefusal(
  context: Pick<AuthContext, 'limiter' | 'config'>,
  endpoint: 'sign-in' | 'magic-link',
  client: Pick<ClientInfo, 'ip'>,
  /** A signed device cookie may pass the address's limit: decided on the full path. */
  hasDevice = false,
): AppError | null {
  if (hasDevice) return null;
  const rule = endpoint === 'sign-in' ? AUTH_RATE_RULES.loginPerIp : AUTH_RATE_RULES.magicLinkPerIp;
  const decision = context.limiter.cachedDenial(
    rule,
    rateSubject(context.config.sessionSecret, 'ip', client.ip),
  );
  if (!decision) return null;
  return new AppError(ERRORS.rate_limited, {
    message: rateLimitMessage(decision.retryAfter),
    retryAfter: decision.retryAfter,
  });
}
