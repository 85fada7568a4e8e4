import { rateLimitMessage } from '../../../shared/api/auth';
import {
  PASSWORD_ERRORS,
  PASSWORD_RESET_LINK_TTL_MS,
  SET_PASSWORD_PATH,
  SET_PASSWORD_TOKEN_PARAM,
  type PasswordChangeInput,
} from '../../../shared/api/passwords';
import { ERRORS } from '../../../shared/domain/errors';
import { effectiveRole } from '../../../shared/domain/roles';
import type { Database, Executor } from '../../db/connect';
import type { AfterAnswer } from '../../http/after-answer';
import { AppError } from '../../http/errors';
import type { RateDecision, RateLimiter } from '../../http/rate-limit';
import type { Clock } from '../../lib/clock';
import { writeAudit, type AuditEntry } from '../audit/write';
import type { Actor } from '../auth/actor';
import type { ClientInfo } from '../auth/client';
import { HashQueueFullError, hashPassword, verifyPassword } from '../auth/password';
import { assertNewPasswordAllowed, type PasswordRuleContext } from '../auth/password-rules';
import { queueSecurityNotice } from '../auth/security-notice';
import { endOtherSessions } from '../auth/sessions';
import { rateSubject } from '../auth/limits';
import { hashToken, newToken } from '../auth/tokens';
import type { Mailer } from '../mail/mailer';
import { PASSWORD_RATE_RULES } from './limits';
import { passwordResetMail } from './mail';
import {
  isAuditedPasswordChange,
  mayReceiveResetLink,
  mayUsePasswordLink,
  needsCurrentPassword,
} from './policy';
import {
  confirmEmailOnce,
  deleteOpenPasswordLinks,
  findOpenPasswordLink,
  findPasswordAccount,
  findResetRecipient,
  insertPasswordToken,
  type PasswordAccount,
  spendPasswordLink,
  updatePasswordHash,
} from './queries';

/** What the password feature needs; nothing else of the app. */
export interface PasswordContext {
  database: Database;
  clock: Clock;
  mailer: Mailer;
  publicOrigin: string;
  /** Keys the rate-limit subjects, so buckets hold no address or e-mail in clear. */
  sessionSecret: string;
  limiter: RateLimiter;
  /** Work after the answer (the app's `afterAnswer`): the reset link, mails and notices. */
  afterAnswer: Pick<AfterAnswer, 'later'>;
}

/** How a password came to be chosen; kept in the audit row. */
export type PasswordMethod = 'link' | 'onboarding' | 'account';

/** The set-password page for one token. */
export function passwordLinkUrl(publicOrigin: string, token: string): string {
  return `${publicOrigin}${SET_PASSWORD_PATH}?${SET_PASSWORD_TOKEN_PARAM}=${token}`;
}

/**
 * Writes a new single-use set-password token for a person and returns it (the caller mails or
 * prints the link; only its hash is stored). Older unused links of the same person stop working.
 * Used by 'Passwort vergessen?' and by `npm run admin:create`.
 */
export async function issuePasswordLink(
  tx: Executor,
  options: { userId: string; email: string; now: Date; ttlMs: number },
): Promise<string> {
  await deleteOpenPasswordLinks(tx, options.userId);
  const token = newToken();
  await insertPasswordToken(tx, {
    tokenHash: hashToken(token),
    purpose: 'password_reset',
    userId: options.userId,
    email: options.email,
    redirectTo: SET_PASSWORD_PATH,
    expiresAt: new Date(options.now.getTime() + options.ttlMs),
    createdAt: options.now,
  });
  return token;
}

/** The words a person's new password must not contain, and whether the admin length applies. */
function passwordContextOf(
  account: Pick<PasswordAccount, 'email' | 'role' | 'businessName'>,
): PasswordRuleContext {
  return {
    email: account.email,
    businessName: account.businessName,
    platformAdmin: effectiveRole(account.role) === 'admin',
  };
}

/**
 * The password rules for the signed-in person's own new password (onboarding): their address,
 * their business's name and their role decide what is refused besides the common passwords.
 */
export async function assertOwnNewPasswordAllowed(
  executor: Executor,
  userId: string,
  password: string,
  field?: string,
): Promise<void> {
  const account = await findPasswordAccount(executor, userId);
  if (!account) throw new AppError(ERRORS.unauthenticated);
  assertNewPasswordAllowed(password, {
    ...(field ? { field } : {}),
    context: passwordContextOf(account),
  });
}

function auditActor(account: Pick<PasswordAccount, 'id' | 'role' | 'businessId' | 'profileId'>) {
  return {
    role: effectiveRole(account.role),
    hasProfile: account.profileId !== null,
    profileId: account.id,
    businessId: account.businessId,
  };
}

/**
 * Stores a newly chosen (already checked and hashed) password and ends the person's sessions
 * except `keepSessionId`: whoever knew the old password, or sat at another device, is signed
 * out. Admins and owners get a password_set or password_change row. Call inside the transaction
 * that makes the change.
 */
export async function storeChosenPassword(
  tx: Executor,
  options: {
    account: Pick<PasswordAccount, 'id' | 'role' | 'businessId' | 'profileId'>;
    passwordHash: string;
    now: Date;
    method: PasswordMethod;
    /** The session the person is using (change, onboarding); the link flow keeps none. */
    keepSessionId?: string;
    /** The link proved the mailbox: the address counts as confirmed. */
    confirmEmail?: boolean;
    request?: AuditEntry['request'];
  },
): Promise<void> {
  const { account, now } = options;
  await updatePasswordHash(tx, account.id, options.passwordHash, now);
  // Keep the first confirmation time when there was one.
  if (options.confirmEmail) await confirmEmailOnce(tx, account.id, now);
  const otherSessionsEnded = await endOtherSessions(tx, {
    userId: account.id,
    keepSessionId: options.keepSessionId,
    reason: 'session_password_changed',
    now,
  });
  await deleteOpenPasswordLinks(tx, account.id);
  const actor = auditActor(account);
  if (isAuditedPasswordChange(actor)) {
    await writeAudit(tx, {
      actor,
      ...(options.method === 'account'
        ? { action: 'password_change', payload: { method: 'account', otherSessionsEnded } }
        : { action: 'password_set', payload: { method: options.method, otherSessionsEnded } }),
      targetType: 'security',
      targetId: account.id,
      ...(options.request ? { request: options.request } : {}),
      at: now,
    });
  }
}

/** Hashing with the queue of features/auth/password.ts; a full queue asks to retry shortly. */
export async function hashChosenPassword(password: string): Promise<string> {
  try {
    return await hashPassword(password);
  } catch (error) {
    if (!(error instanceof HashQueueFullError)) throw error;
    throw new AppError(ERRORS.rate_limited, { message: rateLimitMessage(1), retryAfter: 1 });
  }
}

function refuseWhenOver(decision: RateDecision): void {
  if (decision.allowed) return;
  throw new AppError(ERRORS.rate_limited, {
    message: rateLimitMessage(decision.retryAfter),
    retryAfter: decision.retryAfter,
  });
}

type Subject = 'ip' | 'email' | 'user';
const subjectOf = (context: Pick<PasswordContext, 'sessionSecret'>, kind: Subject, value: string) =>
  rateSubject(context.sessionSecret, kind, value);

/** The unused, unexpired link behind a token and its account, or the German refusal. */
async function findLink(context: PasswordContext, executor: Executor, token: string) {
  const link = await findOpenPasswordLink(executor, hashToken(token), context.clock.now());
  const account = link?.userId ? await findPasswordAccount(executor, link.userId) : undefined;
  if (!link || !account || !mayUsePasswordLink(account)) {
    throw new AppError(PASSWORD_ERRORS.password_link_invalid);
  }
  return account;
}

/** The reset link and its mail, for an address that may receive one (after the answer). */
async function mailResetLink(context: PasswordContext, email: string): Promise<void> {
  const db = context.database.db;
  const account = await findResetRecipient(db, email);
  if (!account || !mayReceiveResetLink({ ...account, passwordHash: null })) return;
  const now = context.clock.now();
  const mailId = await db.transaction(async (tx) => {
    const token = await issuePasswordLink(tx, {
      userId: account.id,
      email: account.email,
      now,
      ttlMs: PASSWORD_RESET_LINK_TTL_MS,
    });
    const link = passwordLinkUrl(context.publicOrigin, token);
    return context.mailer.enqueue(tx, {
      ...passwordResetMail(account.email, link, account.staffLanguage ?? undefined),
      secrets: [token],
    });
  });
  await context.mailer.deliver(mailId);
}

async function limitLinkUse(context: PasswordContext, client: ClientInfo): Promise<void> {
  refuseWhenOver(
    await context.limiter.consume(
      PASSWORD_RATE_RULES.linkPerIp,
      subjectOf(context, 'ip', client.ip),
    ),
  );
}

/** Whether a link can still set a password, and for which address (the page shows it). */
export async function checkPasswordLink(
  context: PasswordContext,
  token: string,
  client: ClientInfo,
) {
  await limitLinkUse(context, client);
  return findLink(context, context.database.db, token);
}

/**
 * Sets the password through a link: checks the token, applies the password rules, then spends
 * the token and stores the hash in one transaction. Opens no session: the person signs in on
 * the login page, where any further step (two-factor sign-in) still applies. The person
 * gets a notice by e-mail, as after 'Passwort ändern' (decision 0451).
 */
export async function setPasswordWithLink(
  context: PasswordContext,
  input: { token: string; password: string; client: ClientInfo },
): Promise<void> {
  const db = context.database.db;
  // The rules that need no account first: a refused password uses up none of the link limit.
  assertNewPasswordAllowed(input.password);
  await limitLinkUse(context, input.client);
  const linked = await findLink(context, db, input.token);
  assertNewPasswordAllowed(input.password, { context: passwordContextOf(linked) });
  const passwordHash = await hashChosenPassword(input.password);
  const now = context.clock.now();
  const deliverNotice = await db.transaction(async (tx) => {
    const userId = await spendPasswordLink(tx, hashToken(input.token), now);
    const account = userId ? await findPasswordAccount(tx, userId, true) : undefined;
    if (!account || !mayUsePasswordLink(account)) {
      throw new AppError(PASSWORD_ERRORS.password_link_invalid);
    }
    await storeChosenPassword(tx, {
      account,
      passwordHash,
      now,
      method: 'link',
      confirmEmail: true,
      request: input.client.request,
    });
    return queueSecurityNotice(context, tx, account.id, 'passwordChanged');
  });
  deliverNotice();
}

/**
 * 'Passwort vergessen?': mails a one-hour link when the address belongs to an account that
 * may sign in. Only the limits come before the answer, which is the same in every case; the
 * lookup, the link and the mail come after it, so a known address is not answered slower.
 */
export async function requestPasswordReset(
  context: PasswordContext,
  email: string,
  client: ClientInfo,
): Promise<void> {
  const { limiter } = context;
  refuseWhenOver(
    await limiter.consume(PASSWORD_RATE_RULES.resetPerIp, subjectOf(context, 'ip', client.ip)),
  );
  const mails = await limiter.consume(
    PASSWORD_RATE_RULES.resetMailsPerEmail,
    subjectOf(context, 'email', email),
  );
  if (!mails.allowed) return;
  context.afterAnswer.later('password reset e-mail not sent', () => mailResetLink(context, email));
}

/** Whether the signed-in person has a password yet. */
export async function passwordStatus(context: PasswordContext, actor: Actor) {
  const account = await findPasswordAccount(context.database.db, actor.userId);
  if (!account) throw new AppError(ERRORS.unauthenticated);
  return account;
}

/**
 * 'Passwort ändern': the new password's rules first (they reveal nothing, and a refused new
 * password uses up none of the budget), then the budget of guesses per account, then the
 * current password; the person's other sessions end, the current one stays, and the person
 * gets a notice by e-mail (decision 0451).
 */
export async function changePassword(
  context: PasswordContext,
  actor: Actor,
  input: PasswordChangeInput,
  client: ClientInfo,
): Promise<void> {
  const { limiter } = context;
  const db = context.database.db;
  const account = await findPasswordAccount(db, actor.userId);
  if (!account) throw new AppError(ERRORS.unauthenticated);
  assertNewPasswordAllowed(input.newPassword, {
    field: 'newPassword',
    context: passwordContextOf(account),
  });
  const budget = subjectOf(context, 'user', actor.userId);
  refuseWhenOver(await limiter.consume(PASSWORD_RATE_RULES.changePerAccount, budget));
  if (needsCurrentPassword(account)) {
    if (!input.currentPassword) {
      throw new AppError(PASSWORD_ERRORS.current_password_required, {
        details: [
          {
            path: 'body.currentPassword',
            message: PASSWORD_ERRORS.current_password_required.message,
          },
        ],
      });
    }
    const matches = await verifyPassword(input.currentPassword, account.passwordHash).catch(
      (error: unknown) => {
        if (!(error instanceof HashQueueFullError)) throw error;
        throw new AppError(ERRORS.rate_limited, {
          message: rateLimitMessage(1),
          retryAfter: 1,
        });
      },
    );
    if (!matches) {
      throw new AppError(PASSWORD_ERRORS.current_password_wrong, {
        details: [
          {
            path: 'body.currentPassword',
            message: PASSWORD_ERRORS.current_password_wrong.message,
          },
        ],
      });
    }
  }
  const passwordHash = await hashChosenPassword(input.newPassword);
  const now = context.clock.now();
  const deliverNotice = await db.transaction(async (tx) => {
    const locked = await findPasswordAccount(tx, actor.userId, true);
    // Changed by someone else since it was checked: this attempt no longer proves anything.
    if (!locked || locked.passwordHash !== account.passwordHash) {
      throw new AppError(PASSWORD_ERRORS.current_password_wrong);
    }
    await storeChosenPassword(tx, {
      account: locked,
      passwordHash,
      now,
      method: 'account',
      keepSessionId: actor.sessionId,
      request: client.request,
    });
    return queueSecurityNotice(context, tx, locked.id, 'passwordChanged');
  });
  deliverNotice();
  await limiter.reset(PASSWORD_RATE_RULES.changePerAccount, budget);
}
