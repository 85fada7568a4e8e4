import type { Executor } from '../../../db/connect';
import type { ClientInfo } from '../client';
import type { SessionOpeningContext } from '../context';
import type { Account } from '../queries/accounts';
import { type IssuedChallenge, issueTwoFactorChallenge } from '../two-factor-challenge';
import {
  assertBusinessAdmits,
  openSession,
  type SignedIn,
  type SignInMethod,
} from './open-session';

/**
 * A right first factor: a session, or (two-factor sign-in on, decision 0316) a challenge that a
 * code must answer before any session exists.
 */
export type FirstFactorResult =
  ({ kind: 'session' } & SignedIn) | { kind: 'two_factor'; challenge: IssuedChallenge };

/**
 * The first factor was right. Without two-factor sign-in the session opens; with it only a
 * challenge is issued (5 minutes, single use), whatever the link or password was.
 */
export async function finishFirstFactor(
  context: SessionOpeningContext,
  executor: Executor,
  account: Account,
  client: ClientInfo,
  /** A new account's sign-up opens its session directly (it has no second factor yet). */
  method: Exclude<SignInMethod, 'sign_up'>,
): Promise<FirstFactorResult> {
  // A suspended or closed business's staff hear why before any code is asked for.
  assertBusinessAdmits(context, account);
  if (account.twoFactorEnabledAt) {
    const challenge = await issueTwoFactorChallenge(executor, {
      userId: account.id,
      method,
      now: context.clock.now(),
    });
    return { kind: 'two_factor', challenge };
  }
  return { kind: 'session', ...(await openSession(context, executor, account, client, method)) };
}
