import { accountDeactivatedMessage, MAGIC_LINK_QUERY_PARAM } from '../../../../shared/api/auth';
import { businessAccessMessage } from '../../../../shared/domain/business-access';
import { MAGIC_LINK_TTL_MS } from '../../../../shared/domain/constants';
import type { ClientInfo } from '../client';
import type { AuthContext, MagicLinkContext } from '../context';
import type { TrustedDevice } from '../device';
import { AUTH_RATE_RULES, enforceRateDecisions, rateSubject } from '../limits';
import { MAGIC_LINK_REDIRECT, magicLinkMail, signInRefusedMail } from '../magic-link';
import { findAccountByEmail, findUserEmail } from '../queries/accounts';
import { insertAuthToken, useOpenTokens } from '../queries/tokens';
import { businessRefusalOf } from '../refusals';
import { hashToken, newToken } from '../tokens';

/**
 * `POST /api/auth/magic-link`: only the limits come before the answer, which is the same for
 * every address; whether it has an account, and its link or mail, are found after it
 * (decision 0450), so a known address is not answered slower than an unknown one.
 *
 * Magic links: a single-use token, valid 15 minutes, stored only as its hash. The e-mail goes
 * through the outbox. The account, the token and the mail are all dealt with after the answer
 * is sent, so the answer for an address without an account looks and takes the same as for one
 * with an account.
 */
export async function requestMagicLink(
  context: MagicLinkContext,
  email: string,
  client: ClientInfo,
  device?: TrustedDevice,
): Promise<void> {
  const allowance = await magicLinkAllowance(
    context,
    email,
    client,
    await isDeviceOf(context, email, device),
  );
  // Same answer either way: mails to this address used up for now (the link sent last is
  // still valid then), or whatever the lookup after the answer finds.
  if (!allowance.mail) return;
  context.afterAnswer.later('magic link e-mail not sent', () => mailLinkOrReason(context, email));
}

/**
 * A magic-link request against its limits: the address's flood limit refuses
 * (429) unless the request carries this account's device cookie; the per-e-mail limit only
 * decides whether another mail goes out, so requests others make for an address never refuse
 * its owner's own. Answers whether a mail may be sent.
 */
async function magicLinkAllowance(
  context: Pick<AuthContext, 'limiter' | 'config'>,
  email: string,
  client: ClientInfo,
  trustedDevice: boolean,
): Promise<{ mail: boolean }> {
  const { limiter } = context;
  const secret = context.config.sessionSecret;
  if (!trustedDevice) {
    enforceRateDecisions([
      await limiter.consume(AUTH_RATE_RULES.magicLinkPerIp, rateSubject(secret, 'ip', client.ip)),
    ]);
  }
  const mails = await limiter.consume(
    AUTH_RATE_RULES.magicLinkPerEmail,
    rateSubject(secret, 'email', email),
  );
  return { mail: mails.allowed };
}

/**
 * Whether a signed device cookie belongs to the account of `email` (it may then pass the
 * address's flood limit). Looks up the cookie's account, never the address asked
 * for, so the cost is the same whether or not that address has an account.
 */
async function isDeviceOf(
  context: Pick<AuthContext, 'database'>,
  email: string,
  device: TrustedDevice | undefined,
): Promise<boolean> {
  if (!device) return false;
  return (await findUserEmail(context.database.db, device.userId)) === email;
}

/** The link, or the reason there is none, to an address with an account (after the answer). */
async function mailLinkOrReason(context: AuthContext, email: string): Promise<void> {
  const { database, clock, config, mailer } = context;
  const account = await findAccountByEmail(database.db, email);
  if (!account) return;
  const now = clock.now();
  if (account.disabledAt) {
    // Deactivated (decision 0356): no link, but why and whom to ask, to the address itself,
    // so the answer here stays the same for every address.
    const mail = signInRefusedMail(account.email, accountDeactivatedMessage(account));
    await mailer.deliver(await mailer.enqueue(database.db, mail));
    return;
  }
  const refusal = businessRefusalOf(account);
  if (refusal) {
    // Their business is suspended or closed: no link, but the reason, to the
    // address itself, so the answer here stays the same for every address.
    const mail = signInRefusedMail(
      account.email,
      businessAccessMessage(refusal, config.contactEmail),
    );
    await mailer.deliver(await mailer.enqueue(database.db, mail));
    return;
  }

  const token = newToken();
  const mailId = await database.db.transaction(async (tx) => {
    // A newer link voids the older ones still unused.
    await useOpenTokens(tx, { userId: account.id, purpose: 'magic_link', now });
    await insertAuthToken(tx, {
      tokenHash: hashToken(token),
      purpose: 'magic_link',
      userId: account.id,
      email: account.email,
      redirectTo: MAGIC_LINK_REDIRECT,
      expiresAt: new Date(now.getTime() + MAGIC_LINK_TTL_MS),
      createdAt: now,
    });
    const link = `${config.publicOrigin}/employee/login?${MAGIC_LINK_QUERY_PARAM}=${token}`;
    return mailer.enqueue(tx, {
      ...magicLinkMail(account.email, link, account.staffLanguage ?? undefined),
      secrets: [token],
    });
  });
  await mailer.deliver(mailId);
}
