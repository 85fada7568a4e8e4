import type { ErrorDefinition } from '../../../shared/domain/errors';
import { TWO_FACTOR_ERRORS } from '../../../shared/api/two-factor';
import {
  readSecondFactorCode,
  TWO_FACTOR_CHALLENGE_MAX_FAILURES,
} from '../../../shared/domain/two-factor';
import { AppError } from '../../http/errors';
import type { ClientInfo } from '../auth/client';
import { openSession, type SignedIn } from '../auth/actions/open-session';
import { findAccountByEmail } from '../auth/queries/accounts';
import { hashToken } from '../auth/tokens';
import type { TwoFactorContext } from './service';
import { acceptedSessionSecrets } from '../../config';
import {
  countUnusedRecoveryCodes,
  deleteChallenge,
  findUserEmail,
  loadTwoFactor,
  lockChallenge,
  peekChallenge,
  setChallengeFailures,
} from './queries';
import {
  giveBackCodeAttempt,
  refusalOf,
  type SecondFactorUsed,
  spendCodeAttempt,
  spendSecondFactor,
} from './verify';

export interface TwoFactorSignedIn {
  signedIn: SignedIn;
  secondFactor: SecondFactorUsed;
  recoveryCodesRemaining: number;
}

type Outcome =
  | { kind: 'signed_in'; result: TwoFactorSignedIn }
  | { kind: 'wrong_code'; refusal: ErrorDefinition }
  /** Expired, spent, unknown, killed by its fifth wrong code, or the account changed. */
  | { kind: 'dead' };

/**
 * `POST /api/auth/two-factor`: answers a sign-in challenge with an authenticator or recovery
 * code. A right code spends the challenge and opens the session through the same `openSession`
 * as every sign-in (admin_login for admins and owners); a wrong one is counted on the challenge
 * (the fifth kills it) and on the account's code budget.
 */
export async function completeTwoFactorSignIn(
  ctx: TwoFactorContext,
  input: { token: string | undefined; code: string; client: ClientInfo },
): Promise<TwoFactorSignedIn> {
  if (!input.token) throw new AppError(TWO_FACTOR_ERRORS.two_factor_challenge_invalid);
  const db = ctx.database.db;
  const challengeId = hashToken(input.token);
  const now = ctx.clock.now();
  const known = await peekChallenge(db, challengeId);
  if (!known || known.expiresAt <= now) {
    if (known) await deleteChallenge(db, challengeId);
    throw new AppError(TWO_FACTOR_ERRORS.two_factor_challenge_invalid);
  }
  // Counted before the code is checked, outside the transaction (the limiter writes on its own).
  await spendCodeAttempt(ctx.budget, known.userId, input.client.ip);
  const code = readSecondFactorCode(input.code);

  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const challenge = await lockChallenge(tx, challengeId);
    if (!challenge || challenge.expiresAt <= now) return { kind: 'dead' };
    const drop = () => deleteChallenge(tx, challengeId);

    const row = await loadTwoFactor(tx, challenge.userId, { lock: true });
    const email = await findUserEmail(tx, challenge.userId);
    const account = email ? await findAccountByEmail(tx, email) : undefined;
    // Reset or turned off meanwhile, or the account was deactivated: start again.
    if (!row?.enabledAt || !account || account.disabledAt) {
      await drop();
      return { kind: 'dead' };
    }

    const check = code
      ? { serverSecrets: acceptedSessionSecrets(ctx.config), row, code, now }
      : null;
    const used = check ? await spendSecondFactor(tx, check) : null;
    if (!used) {
      const refusal = check
        ? await refusalOf(tx, check, TWO_FACTOR_ERRORS.two_factor_sign_in_code_invalid)
        : TWO_FACTOR_ERRORS.two_factor_sign_in_code_invalid;
      const failures = challenge.failedAttempts + 1;
      if (failures >= TWO_FACTOR_CHALLENGE_MAX_FAILURES) {
        await drop();
        return { kind: 'dead' };
      }
      await setChallengeFailures(tx, challengeId, failures);
      return { kind: 'wrong_code', refusal };
    }

    await drop();
    const signedIn = await openSession(ctx, tx, account, input.client, challenge.method, used);
    const recoveryCodesRemaining = await countUnusedRecoveryCodes(tx, challenge.userId);
    return { kind: 'signed_in', result: { signedIn, secondFactor: used, recoveryCodesRemaining } };
  });

  if (outcome.kind === 'dead') throw new AppError(TWO_FACTOR_ERRORS.two_factor_challenge_invalid);
  if (outcome.kind === 'wrong_code') throw new AppError(outcome.refusal);
  await giveBackCodeAttempt(ctx.budget, known.userId);
  return outcome.result;
}
