import { AUTH_ERRORS } from '../../../../shared/api/auth';
import { AppError } from '../../../http/errors';
import type { ClientInfo } from '../client';
import type { AuthContext } from '../context';
import { findAccountByEmail, markEmailVerified } from '../queries/accounts';
import { findSignInTokenEmail, spendSignInToken } from '../queries/tokens';
import { deactivatedError } from '../refusals';
import { hashToken } from '../tokens';
import { type FirstFactorResult, finishFirstFactor } from './finish-first-factor';

/**
 * Spends the token (once, atomically) and opens a session for its owner. An invitation link
 * (7 days) signs in the same way and confirms the address; the invitee's nameless
 * profile then sends them to onboarding. Whoever has two-factor sign-in on gets a challenge
 * instead of a session, whichever kind of link it was (decision 0319).
 */
export async function verifyMagicLink(
  context: AuthContext,
  token: string,
  client: ClientInfo,
): Promise<FirstFactorResult> {
  const now = context.clock.now();
  return context.database.db.transaction(async (tx) => {
    const spent = await spendSignInToken(tx, hashToken(token), now);
    if (!spent) {
      // Deactivation spends the person's open links: such a link still proves the address,
      // so its holder hears why it no longer works and whom to ask (decision 0356).
      const voided = await findSignInTokenEmail(tx, hashToken(token));
      const holder = voided ? await findAccountByEmail(tx, voided) : undefined;
      if (holder?.disabledAt) throw deactivatedError(holder);
      throw new AppError(AUTH_ERRORS.magic_link_invalid);
    }
    const account = await findAccountByEmail(tx, spent.email);
    if (!account) throw new AppError(AUTH_ERRORS.magic_link_invalid);
    // A link sent before the deactivation proves the address: say why it no longer works.
    if (account.disabledAt) throw deactivatedError(account);
    if (spent.purpose === 'invitation') await markEmailVerified(tx, account.id, now);
    return finishFirstFactor(context, tx, account, client, 'magic_link');
  });
}
