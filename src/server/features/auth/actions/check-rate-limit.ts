import type { RateLimitedEndpoint } from '../../../../shared/api/auth';
import { combineDecisions } from '../../../http/rate-limit';
import type { ClientInfo } from '../client';
import type { AuthContext } from '../context';
import { AUTH_RATE_RULES, rateSubject } from '../limits';

/**
 * The spec's rate-limit check (§7): whether the next attempt from here would be allowed and
 * when to retry, without counting a hit. It never reveals how many attempts are left.
 */
export async function checkRateLimit(
  context: Pick<AuthContext, 'limiter' | 'config'>,
  input: {
    endpoint: RateLimitedEndpoint;
    email?: string | undefined;
    client: ClientInfo;
  },
): Promise<{ allowed: boolean; retryAfter: number }> {
  const { limiter } = context;
  const subject = (kind: 'ip' | 'email' | 'email-ip', value: string) =>
    rateSubject(context.config.sessionSecret, kind, value);
  const { ip } = input.client;
  const decisions =
    input.endpoint === 'auth-login'
      ? [await limiter.peek(AUTH_RATE_RULES.loginPerIp, subject('ip', ip))]
      : [await limiter.peek(AUTH_RATE_RULES.magicLinkPerIp, subject('ip', ip))];
  if (input.email) {
    decisions.push(
      input.endpoint === 'auth-login'
        ? await limiter.peek(
            AUTH_RATE_RULES.loginPerAccountAddress,
            subject('email-ip', `${input.email}|${ip}`),
          )
        : await limiter.peek(AUTH_RATE_RULES.magicLinkPerEmail, subject('email', input.email)),
    );
  }
  const combined = combineDecisions(decisions);
  return { allowed: combined.allowed, retryAfter: combined.retryAfter };
}
