import { rateLimitMessage } from '../../../shared/api/auth';
import {
  SIGNUP_CONFIRM_PATH,
  SIGNUP_CONFIRMATION_TTL_MS,
  SIGNUP_ERRORS,
  SIGNUP_TOKEN_PARAM,
  type SignUpConfirmRequest,
  type SignUpRequest,
} from '../../../shared/api/signup';
import { ERRORS } from '../../../shared/domain/errors';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/connect';
import type { AfterAnswer } from '../../http/after-answer';
import { AppError } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import { openSession, type SignedIn } from '../auth/actions/open-session';
import type { ClientInfo } from '../auth/client';
import { AUTH_RATE_RULES, enforceRateDecisions, rateSubject } from '../auth/limits';
import { HashQueueFullError, hashPassword } from '../auth/password';
import { assertNewPasswordAllowed } from '../auth/password-rules';
import { findAccountByEmail } from '../auth/queries/accounts';
import { hashToken, newToken } from '../auth/tokens';
import type { Mailer } from '../mail/mailer';
import { accountExistsNoticeMail, newSignupOperatorMail, signUpConfirmationMail } from './mail';
import { confirmationRefusal, signUpMail, signUpRefusal } from './policy';
import {
  accountExists,
  findPendingSignup,
  insertAgreements,
  insertBusinessWithSettings,
  insertConfirmedUser,
  insertOwnerProfile,
  type PendingSignup,
  spendPendingSignup,
  upsertPendingSignup,
} from './queries';

/**
 * Self-service sign-up (decision 0325). A sign-up stores only a pending row and
 * mails its link; the business, the owner and the acceptances appear in one transaction when the
 * holder of the mailbox has chosen the password on the confirmation page (decision 0430). Mails
 * go out after the answer, so every address gets the same answer in the same time, whether or
 * not it has an account.
 */

/** What self-service sign-up needs from the app. */
export interface SignupContext {
  database: Database;
  clock: Clock;
  config: Pick<
    Config,
    'signup' | 'publicOrigin' | 'sessionSecret' | 'aioTenantId' | 'contactEmail' | 'nodeEnv'
  >;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Mails leave after the answer (the app's `afterAnswer`). */
  afterAnswer: Pick<AfterAnswer, 'later'>;
}

export interface CreatedBusiness extends SignedIn {
  businessId: string;
}

/** A refusal known before the body is read: registration closed, or this address flooding. */
export function signUpKnownRefusal(
  context: Pick<SignupContext, 'config' | 'limiter'>,
  client: Pick<ClientInfo, 'ip'>,
): AppError | null {
  const closed = signUpRefusal(context.config.signup);
  if (closed) return new AppError(closed);
  const denied = context.limiter.cachedDenial(
    AUTH_RATE_RULES.signUpPerIp,
    rateSubject(context.config.sessionSecret, 'ip', client.ip),
  );
  if (!denied) return null;
  return new AppError(ERRORS.rate_limited, {
    message: rateLimitMessage(denied.retryAfter),
    retryAfter: denied.retryAfter,
  });
}

/**
 * `POST /api/auth/sign-up`: the limits, then either a pending sign-up with its confirmation
 * mail (replacing an earlier one of the address, whose link stops working) or, for an address
 * with an account, a notice to that account. No password and no acceptance are taken here:
 * anyone can name any address, so both are given on the confirmation page (decision 0430).
 * The schema has checked the body already, so only valid sign-ups count against the limits.
 */
export async function requestSignUp(
  context: SignupContext,
  input: SignUpRequest,
  client: ClientInfo,
): Promise<void> {
  const { database, clock, config, mailer, limiter } = context;
  const refusal = signUpRefusal(config.signup);
  if (refusal) throw new AppError(refusal);
  enforceRateDecisions([
    await limiter.consume(
      AUTH_RATE_RULES.signUpPerIp,
      rateSubject(config.sessionSecret, 'ip', client.ip),
    ),
    await limiter.consume(
      AUTH_RATE_RULES.signUpPerEmail,
      rateSubject(config.sessionSecret, 'email', input.email),
    ),
  ]);
  const now = clock.now();
  const mailId = await database.db.transaction(async (tx) => {
    if (signUpMail(await accountExists(tx, input.email)) === 'account_exists_notice') {
      return mailer.enqueue(
        tx,
        accountExistsNoticeMail(input.email, `${config.publicOrigin}/employee/login`),
      );
    }
    const token = newToken();
    await upsertPendingSignup(tx, input.email, {
      fullName: input.fullName,
      businessName: input.businessName,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + SIGNUP_CONFIRMATION_TTL_MS),
      createdAt: now,
    });
    const link = `${config.publicOrigin}${SIGNUP_CONFIRM_PATH}?${SIGNUP_TOKEN_PARAM}=${token}`;
    return mailer.enqueue(tx, {
      ...signUpConfirmationMail(input.email, link),
      secrets: [token],
    });
  });
  context.afterAnswer.later('sign-up e-mail not sent', () => mailer.deliver(mailId));
}

/**
 * The confirmation page: the link's token, the password its holder chooses and the two
 * acceptances. The link is checked first (an unusable link says so, whatever the password),
 * then the password rules, then the hash; in one transaction the pending sign-up is spent and
 * the business (with its branding and integration rows), the owner's user (address confirmed,
 * the chosen password) and profile, the two acceptances with this moment as their time, the
 * `business_signup` audit row and the owner's first session are created. Works while SIGNUP
 * is closed too (decision 0325).
 */
export async function confirmSignUp(
  context: SignupContext,
  input: SignUpConfirmRequest,
  client: ClientInfo,
): Promise<CreatedBusiness> {
  const { database, clock, config, mailer } = context;
  const tokenHash = hashToken(input.token);
  const refuseUnusable = async (executor: Executor, pending: PendingSignup | undefined) => {
    const refusal = confirmationRefusal({
      pending: pending ?? null,
      now: clock.now(),
      accountExists: pending ? await accountExists(executor, pending.email) : false,
      mode: config.signup,
    });
    if (!pending || refusal) throw new AppError(refusal ?? SIGNUP_ERRORS.signup_link_invalid);
    return pending;
  };
  const usable = await refuseUnusable(database.db, await findPendingSignup(database.db, tokenHash));
  // The owner-to-be's address and business name are the context words.
  assertNewPasswordAllowed(input.password, {
    context: { email: usable.email, businessName: usable.businessName },
  });
  const passwordHash = await hashPassword(input.password).catch((error: unknown) => {
    if (!(error instanceof HashQueueFullError)) throw error;
    throw new AppError(ERRORS.rate_limited, { message: rateLimitMessage(1), retryAfter: 1 });
  });

  const now = clock.now();
  let operatorMail: string | undefined;
  const confirmed = await database.db.transaction(async (tx) => {
    // Throwing rolls the delete back: an expired or refused row goes with the cleanup job.
    const pending = await refuseUnusable(tx, await spendPendingSignup(tx, tokenHash));

    const businessId = await insertBusinessWithSettings(tx, {
      name: pending.businessName,
      contactEmail: pending.email,
      tenantId: config.aioTenantId,
      now,
    });

    // An invitation may have created the address a moment ago: then it is taken after all.
    const userId = await insertConfirmedUser(tx, { email: pending.email, passwordHash, now });
    if (!userId) throw new AppError(SIGNUP_ERRORS.signup_account_exists);
    await insertOwnerProfile(tx, {
      id: userId,
      fullName: pending.fullName,
      email: pending.email,
      businessId,
      now,
    });
    // Accepted now, by the person who holds the mailbox and just ticked both contracts.
    await insertAgreements(tx, [
      {
        businessId,
        userId,
        document: 'terms',
        version: input.termsVersion,
        acceptedAt: now,
        createdAt: now,
      },
      {
        businessId,
        userId,
        document: 'dpa',
        version: input.dpaVersion,
        acceptedAt: now,
        createdAt: now,
      },
    ]);
    await writeAudit(tx, {
      actor: { profileId: userId, businessId, hasProfile: true },
      action: 'business_signup',
      targetType: 'business',
      targetId: businessId,
      payload: {
        businessName: pending.businessName,
        termsVersion: input.termsVersion,
        dpaVersion: input.dpaVersion,
      },
      request: client.request,
      at: now,
    });
    const account = await findAccountByEmail(tx, pending.email);
    const signedIn = await openSession(context, tx, account!, client, 'sign_up');
    // The operator is told of the new business (decision 0501), after the commit.
    operatorMail = await mailer.enqueue(
      tx,
      newSignupOperatorMail(
        config.contactEmail,
        {
          businessName: pending.businessName,
          fullName: pending.fullName,
          email: pending.email,
        },
        `${config.publicOrigin}/admin/businesses/${businessId}`,
      ),
    );
    return { ...signedIn, businessId };
  });
  if (operatorMail) {
    const mailId = operatorMail;
    context.afterAnswer.later('operator sign-up notice not sent', () => mailer.deliver(mailId));
  }
  return confirmed;
}
