import { AUTH_ERRORS, rateLimitMessage } from '../../../../shared/api/auth';
import { ERRORS } from '../../../../shared/domain/errors';
import { AppError } from '../../../http/errors';
import { combineDecisions, type RateRule } from '../../../http/rate-limit';
import type { ClientInfo } from '../client';
import type { AuthContext } from '../context';
import type { TrustedDevice } from '../device';
import { AUTH_RATE_RULES, enforceRateDecisions, rateSubject } from '../limits';
import { HashQueueFullError, verifyPassword } from '../password';
import { findAccountByEmail } from '../queries/accounts';
import { deactivatedError } from '../refusals';
import { type FirstFactorResult, finishFirstFactor } from './finish-first-factor';

/**
 * Throttling instead of lockout (finding 1, docs/decisions/0200-sign-in-throttling.md). Every
 * budget is consumed atomically *before* the password is hashed, so parallel guesses get no
 * more tries than sequential ones and a flood is refused without spending CPU on it.
 */
export async function signInWithPassword(
  context: AuthContext,
  input: {
    email: string;
    password: string;
    client: ClientInfo;
    device?: TrustedDevice | undefined;
  },
): Promise<FirstFactorResult> {
  const { limiter } = context;
  const db = context.database.db;
  const subject = (kind: 'ip' | 'email' | 'email-ip' | 'device', value: string) =>
    rateSubject(context.config.sessionSecret, kind, value);
  const { email, password, client } = input;
  const ipKey = subject('ip', client.ip);
  // Without a device cookie the address's budget is consumed before anything is read.
  if (!input.device) {
    enforceRateDecisions([await limiter.consume(AUTH_RATE_RULES.loginPerIp, ipKey)]);
  }

  const account = await findAccountByEmail(db, email);
  const device = account && input.device?.userId === account.id ? input.device : undefined;
  // A device cookie of another account passes nothing: it counts against the address too.
  if (input.device && !device) {
    enforceRateDecisions([await limiter.consume(AUTH_RATE_RULES.loginPerIp, ipKey)]);
  }
  const budgets: [RateRule, string][] = device
    ? [[AUTH_RATE_RULES.loginPerDevice, subject('device', `${email}|${device.deviceId}`)]]
    : [
        [AUTH_RATE_RULES.loginPerAccountAddress, subject('email-ip', `${email}|${client.ip}`)],
        [AUTH_RATE_RULES.loginPerAccount, subject('email', email)],
      ];
  const decision = combineDecisions(
    await Promise.all(budgets.map(([rule, key]) => limiter.consume(rule, key))),
  );
  if (!decision.allowed) {
    throw new AppError(AUTH_ERRORS.too_many_attempts, { retryAfter: decision.retryAfter });
  }

  // Always derive a key, so an unknown address takes as long as a wrong password.
  const passwordMatches = await verifyPassword(password, account?.passwordHash ?? null).catch(
    (error: unknown) => {
      if (!(error instanceof HashQueueFullError)) throw error;
      throw new AppError(ERRORS.rate_limited, { message: rateLimitMessage(1), retryAfter: 1 });
    },
  );
  if (!account || !passwordMatches) throw new AppError(AUTH_ERRORS.invalid_credentials);
  // The right password proves the address: the person hears why and whom to ask (0356).
  if (account.disabledAt) throw deactivatedError(account);
  if (!account.emailVerifiedAt) throw new AppError(AUTH_ERRORS.email_not_confirmed);

  // The right password: this address (or device) starts afresh, and the account-wide and
  // address-wide budgets only ever hold failures (colleagues signing in behind one
  // router never use up its budget).
  const [first, second] = budgets;
  if (first) await limiter.reset(first[0], first[1]);
  if (second) await limiter.release(second[0], second[1]);
  if (!device) await limiter.release(AUTH_RATE_RULES.loginPerIp, ipKey);
  return db.transaction((tx) => finishFirstFactor(context, tx, account, client, 'password'));
}
