import { businessAccessMessage } from '../../../shared/domain/business-access';
import { DEFAULT_STAFF_LANGUAGE, type StaffLanguage } from '../../../shared/domain/staff-language';
import { STAFF_MAIL_TEXTS } from '../../../shared/i18n/staff-mail';
import type { TrustedDevice } from './device';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import {
  accountDeactivatedMessage,
  AUTH_ERRORS,
  MAGIC_LINK_QUERY_PARAM,
} from '../../../shared/api/auth';
import { MAGIC_LINK_TTL_MS } from '../../../shared/domain/constants';
import type { AuthDeps } from './context';
import { authTokens, users } from '../../db/schema';
import type { AfterAnswer } from '../../http/after-answer';
import { AppError } from '../../http/errors';
import type { MailMessage } from '../mail/mailer';
import type { ClientInfo } from './client';
import {
  businessRefusalOf,
  deactivatedError,
  type AuthService,
  type FirstFactorResult,
} from './service';
import { hashToken, newToken } from './tokens';
import { escapeHtml } from '../../lib/html';

/** Where a magic link lands once it has signed the person in (spec §7). */
const MAGIC_LINK_REDIRECT = '/employee/dashboard';

/**
 * Magic links: a single-use token, valid 15 minutes, stored only as its hash. The e-mail goes
 * through the outbox. The account, the token and the mail are all dealt with after the answer
 * is sent, so the answer for an address without an account looks and takes the same as for one
 * with an account.
 */
export function createMagicLinks(
  deps: AuthDeps,
  auth: AuthService,
  afterAnswer: Pick<AfterAnswer, 'later'>,
) {
  const { database, clock, config, mailer } = deps;

  /**
   * Whether a signed device cookie belongs to the account of `email` (it may then pass the
   * address's flood limit). Looks up the cookie's account, never the address asked
   * for, so the cost is the same whether or not that address has an account.
   */
  async function isDeviceOf(email: string, device: TrustedDevice | undefined): Promise<boolean> {
    if (!device) return false;
    const [owner] = await database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, device.userId));
    return owner?.email === email;
  }

  /** The link, or the reason there is none, to an address with an account (after the answer). */
  async function mailLinkOrReason(email: string): Promise<void> {
    const account = await auth.loadAccount(database.db, email);
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
      await tx
        .update(authTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(authTokens.userId, account.id),
            eq(authTokens.purpose, 'magic_link'),
            isNull(authTokens.usedAt),
          ),
        );
      await tx.insert(authTokens).values({
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

  return {
    /**
     * `POST /api/auth/magic-link`: only the limits come before the answer, which is the same for
     * every address; whether it has an account, and its link or mail, are found after it
     * (decision 0450), so a known address is not answered slower than an unknown one.
     */
    async request(email: string, client: ClientInfo, device?: TrustedDevice): Promise<void> {
      const allowance = await auth.magicLinkAllowance(
        email,
        client,
        await isDeviceOf(email, device),
      );
      // Same answer either way: mails to this address used up for now (the link sent last is
      // still valid then), or whatever the lookup after the answer finds.
      if (!allowance.mail) return;
      afterAnswer.later('magic link e-mail not sent', () => mailLinkOrReason(email));
    },

    /**
     * Spends the token (once, atomically) and opens a session for its owner. An invitation link
     * (7 days) signs in the same way and confirms the address; the invitee's nameless
     * profile then sends them to onboarding. Whoever has two-factor sign-in on gets a challenge
     * instead of a session, whichever kind of link it was (decision 0319).
     */
    async verify(token: string, client: ClientInfo): Promise<FirstFactorResult> {
      const now = clock.now();
      return database.db.transaction(async (tx) => {
        const [spent] = await tx
          .update(authTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(authTokens.tokenHash, hashToken(token)),
              inArray(authTokens.purpose, ['magic_link', 'invitation']),
              isNull(authTokens.usedAt),
              gt(authTokens.expiresAt, now),
            ),
          )
          .returning({ email: authTokens.email, purpose: authTokens.purpose });
        if (!spent) {
          // Deactivation spends the person's open links: such a link still proves the address,
          // so its holder hears why it no longer works and whom to ask (decision 0356).
          const [voided] = await tx
            .select({ email: authTokens.email })
            .from(authTokens)
            .where(
              and(
                eq(authTokens.tokenHash, hashToken(token)),
                inArray(authTokens.purpose, ['magic_link', 'invitation']),
              ),
            );
          const holder = voided ? await auth.loadAccount(tx, voided.email) : undefined;
          if (holder?.disabledAt) throw deactivatedError(holder);
          throw new AppError(AUTH_ERRORS.magic_link_invalid);
        }
        const account = await auth.loadAccount(tx, spent.email);
        if (!account) throw new AppError(AUTH_ERRORS.magic_link_invalid);
        // A link sent before the deactivation proves the address: say why it no longer works.
        if (account.disabledAt) throw deactivatedError(account);
        if (spent.purpose === 'invitation') {
          await tx
            .update(users)
            .set({ emailVerifiedAt: now, updatedAt: now })
            .where(and(eq(users.id, account.id), isNull(users.emailVerifiedAt)));
        }
        return auth.finishFirstFactor(tx, account, client, 'magic_link');
      });
    },
  };
}

export type MagicLinks = ReturnType<typeof createMagicLinks>;

/** The sign-in link e-mail, in the recipient's staff language (decision 0383). */
export function magicLinkMail(
  to: string,
  link: string,
  language: StaffLanguage = DEFAULT_STAFF_LANGUAGE,
): MailMessage {
  const minutes = MAGIC_LINK_TTL_MS / 60_000;
  const texts = STAFF_MAIL_TEXTS[language];
  const t = texts.magicLink;
  return {
    to,
    subject: t.subject,
    text: [texts.greeting, '', t.intro, link, '', t.validity(minutes), t.ignore].join('\n'),
    html: [
      `<p>${texts.greeting}</p>`,
      `<p>${t.intro}</p>`,
      `<p><a href="${escapeHtml(link)}">${t.action}</a></p>`,
      `<p>${t.validity(minutes)}<br>`,
      `${t.ignore}</p>`,
    ].join('\n'),
  };
}

/** Instead of a link: why this person cannot sign in now (their business is suspended or closed). */
export function signInRefusedMail(to: string, reason: string): MailMessage {
  return {
    to,
    subject: 'Anmeldung bei Trinkgeld derzeit nicht möglich',
    text: [
      'Hallo,',
      '',
      'Sie haben einen Anmeldelink für Trinkgeld angefordert.',
      reason,
      '',
      'Wenn Sie diese Anmeldung nicht angefordert haben, können Sie diese E-Mail ignorieren.',
    ].join('\n'),
    html: [
      '<p>Hallo,</p>',
      '<p>Sie haben einen Anmeldelink für Trinkgeld angefordert.<br>',
      `${escapeHtml(reason)}</p>`,
      '<p>Wenn Sie diese Anmeldung nicht angefordert haben, können Sie diese E-Mail ignorieren.</p>',
    ].join('\n'),
  };
}
