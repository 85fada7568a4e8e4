import { AUTH_ERRORS, rateLimitMessage } from '../../../shared/api/auth';
import { ERRORS } from '../../../shared/domain/errors';
import type { SecondFactorCode } from '../../../shared/domain/two-factor';
import type { Executor } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import { hashIdentifier } from '../auth/tokens';
import { TWO_FACTOR_RATE_RULES } from './limits';
import { findRecoveryCode, hashRecoveryCode } from './recovery-codes';
import {
  recordUsedStep,
  spendRecoveryCode,
  type TwoFactorRow,
  unusedRecoveryCodes,
  usedRecoveryCodes,
} from './queries';
import { openSecret, sealSecret } from './secret';
import { acceptTotpCode, totpCodeWasUsed } from './totp';
import { TWO_FACTOR_ERRORS } from '../../../shared/api/two-factor';
import type { ErrorDefinition } from '../../../shared/domain/errors';

export type SecondFactorUsed = 'totp' | 'recovery_code';

/**
 * Checks a second factor against the person's row and spends it: an authenticator code moves
 * `last_used_step` forward (so it and every older code are refused from then on), a recovery
 * code is marked used. Run it in the transaction that holds the row's lock (`loadTwoFactor` with
 * `lock`), so two requests with the same code cannot both pass. Null when the code is wrong.
 */
export async function spendSecondFactor(
  tx: Executor,
  options: {
    /** The current SESSION_SECRET first, then a rotation's previous ones (decision 0402). */
    serverSecrets: readonly string[];
    row: TwoFactorRow;
    code: SecondFactorCode;
    now: Date;
  },
): Promise<SecondFactorUsed | null> {
  const { row, code, now, serverSecrets } = options;
  if (code.kind === 'totp') {
    const opened = openSecret(serverSecrets, row);
    if (!opened) return null;
    const step = acceptTotpCode({
      secret: opened.plain,
      code: code.code,
      now,
      lastUsedStep: row.lastUsedStep,
    });
    if (step === null) return null;
    await recordUsedStep(tx, {
      userId: row.userId,
      step,
      now,
      // Opened with a previous secret: sealed again under the current one, so the person's
      // authenticator keeps working once the rotation window ends.
      ...(opened.current
        ? {}
        : { secretSealed: sealSecret(serverSecrets[0]!, row.userId, opened.plain) }),
    });
    return 'totp';
  }
  const stored = await unusedRecoveryCodes(tx, row.userId);
  // A recovery code cannot be hashed again without the code itself: codes made before a
  // rotation match under the previous secret while it is still accepted.
  let match: (typeof stored)[number] | null = null;
  for (const secret of serverSecrets) {
    match ??= findRecoveryCode(stored, hashRecoveryCode(secret, row.userId, code.code));
  }
  if (!match) return null;
  return (await spendRecoveryCode(tx, match.id, now)) ? 'recovery_code' : null;
}

/**
 * Why `spendSecondFactor` refused a code: one of the person's codes that was already spent gets
 * its own error; anything else is the caller's "wrong code". Only asked after a
 * refusal, in the same transaction, so a right code costs nothing more.
 */
export async function refusalOf(
  tx: Executor,
  options: Parameters<typeof spendSecondFactor>[1],
  wrongCode: ErrorDefinition,
): Promise<ErrorDefinition> {
  const { row, code, now, serverSecrets } = options;
  if (code.kind === 'totp') {
    const opened = openSecret(serverSecrets, row);
    const used =
      opened !== null &&
      totpCodeWasUsed({
        secret: opened.plain,
        code: code.code,
        now,
        lastUsedStep: row.lastUsedStep,
      });
    return used ? TWO_FACTOR_ERRORS.two_factor_code_already_used : wrongCode;
  }
  const spent = await usedRecoveryCodes(tx, row.userId);
  const match = serverSecrets.some(
    (secret) => findRecoveryCode(spent, hashRecoveryCode(secret, row.userId, code.code)) !== null,
  );
  return match ? TWO_FACTOR_ERRORS.two_factor_recovery_code_already_used : wrongCode;
}

/**
 * The budgets every code attempt spends before it is checked (decision 0317), outside any
 * transaction (the limiter has its own statements); keyed by SESSION_SECRET.
 */
export interface CodeBudget {
  limiter: RateLimiter;
  serverSecret: string;
}

function budgetKey(budget: CodeBudget, kind: 'ip' | 'account', value: string): string {
  return hashIdentifier(budget.serverSecret, `two-factor-${kind}:${value}`);
}

/** A refusal of this address already known in this process (no database round trip). */
export function knownCodeRefusal(budget: CodeBudget, ip: string): AppError | null {
  const decision = budget.limiter.cachedDenial(
    TWO_FACTOR_RATE_RULES.codePerIp,
    budgetKey(budget, 'ip', ip),
  );
  if (!decision) return null;
  return new AppError(ERRORS.rate_limited, {
    message: rateLimitMessage(decision.retryAfter),
    retryAfter: decision.retryAfter,
  });
}

/** Counts one attempt for the address and the account; throws when either is used up. */
export async function spendCodeAttempt(
  budget: CodeBudget,
  userId: string,
  ip: string,
): Promise<void> {
  const rules = TWO_FACTOR_RATE_RULES;
  const perIp = await budget.limiter.consume(rules.codePerIp, budgetKey(budget, 'ip', ip));
  if (!perIp.allowed) {
    throw new AppError(ERRORS.rate_limited, {
      message: rateLimitMessage(perIp.retryAfter),
      retryAfter: perIp.retryAfter,
    });
  }
  const perAccount = await budget.limiter.consume(
    rules.codePerAccount,
    budgetKey(budget, 'account', userId),
  );
  if (!perAccount.allowed) {
    throw new AppError(AUTH_ERRORS.too_many_attempts, { retryAfter: perAccount.retryAfter });
  }
}

/** A right code: its hit on the account's budget is given back (only failures add up). */
export async function giveBackCodeAttempt(budget: CodeBudget, userId: string): Promise<void> {
  await budget.limiter.release(
    TWO_FACTOR_RATE_RULES.codePerAccount,
    budgetKey(budget, 'account', userId),
  );
}
