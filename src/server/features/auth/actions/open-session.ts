import type { SessionTwoFactor } from '../../../../shared/api/auth';
import { BUSINESS_ACCESS_ERRORS } from '../../../../shared/api/operator';
import { businessAccessMessage } from '../../../../shared/domain/business-access';
import { effectiveRole } from '../../../../shared/domain/roles';
import type { Executor } from '../../../db/connect';
import { AppError } from '../../../http/errors';
import { writeAudit } from '../../audit/write';
import type { Actor } from '../actor';
import type { ClientInfo } from '../client';
import type { SessionOpeningContext } from '../context';
import { rateSubject } from '../limits';
import { isAuditedActor } from '../policy';
import { type Account, recordSignIn } from '../queries/accounts';
import { businessRefusalOf } from '../refusals';
import { createSession, type NewSession } from '../sessions';
import { sessionTwoFactorOf } from '../two-factor-rules';

export interface SignedIn extends NewSession {
  user: { id: string; email: string };
  /** No earlier sign-in was recorded for this account. */
  firstSignIn: boolean;
  twoFactor: SessionTwoFactor;
}

/** How a session was opened; `sign_up`: the confirmation link of a self-service sign-up. */
export type SignInMethod = 'password' | 'magic_link' | 'sign_up';

/** A suspended or closed business's staff hear why, whichever way they proved who they are. */
export function assertBusinessAdmits(
  context: Pick<SessionOpeningContext, 'config'>,
  account: Account,
): void {
  const refusal = businessRefusalOf(account);
  if (refusal) {
    throw new AppError(BUSINESS_ACCESS_ERRORS[refusal], {
      message: businessAccessMessage(refusal, context.config.contactEmail),
    });
  }
}

/**
 * Session row, last-login time and (for admins and owners) the admin_login audit row. With
 * two-factor sign-in only after the second factor (`secondFactor` names it in the audit row).
 */
export async function openSession(
  context: SessionOpeningContext,
  executor: Executor,
  account: Account,
  client: ClientInfo,
  method: SignInMethod,
  secondFactor?: 'totp' | 'recovery_code',
): Promise<SignedIn> {
  // No session opens for someone whose business is suspended or closed, whichever
  // way they proved who they are; they hear why.
  assertBusinessAdmits(context, account);
  const now = context.clock.now();
  const created = await createSession(executor, {
    userId: account.id,
    now,
    userAgent: client.userAgent,
    ipHash: rateSubject(context.config.sessionSecret, 'ip', client.ip),
    firstSignIn: account.lastLoginAt === null,
  });
  await recordSignIn(executor, account.id, { now, verifyEmail: !account.emailVerifiedAt });
  const actor = accountActor(account, created.session.id);
  if (isAuditedActor(actor)) {
    await writeAudit(executor, {
      actor,
      action: 'admin_login',
      targetType: 'security',
      targetId: account.id,
      payload: { method, ...(secondFactor ? { secondFactor } : {}) },
      request: client.request,
    });
  }
  return {
    ...created,
    user: { id: account.id, email: account.email },
    firstSignIn: created.session.firstSignIn,
    twoFactor: sessionTwoFactorOf(
      actor,
      account.twoFactorEnabledAt !== null,
      context.config.nodeEnv,
    ),
  };
}

function accountActor(
  account: {
    id: string;
    email: string;
    role: string | null;
    businessId: string | null;
    fullName: string | null;
    profileId: string | null;
  },
  sessionId: string,
): Actor {
  return {
    userId: account.id,
    profileId: account.id,
    role: effectiveRole(account.role),
    businessId: account.businessId,
    email: account.email,
    fullName: account.fullName,
    hasProfile: account.profileId !== null,
    sessionId,
  };
}
