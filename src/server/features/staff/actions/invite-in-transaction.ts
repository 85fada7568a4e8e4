import { STAFF_ERRORS } from '../../../../shared/api/staff';
import { INVITATION_TTL_MS } from '../../../../shared/domain/constants';
import type { Role } from '../../../../shared/domain/roles';
import { DEFAULT_STAFF_LANGUAGE } from '../../../../shared/domain/staff-language';
import type { Executor } from '../../../db/connect';
import { AppError } from '../../../http/errors';
import { writeAudit } from '../../audit/write';
import { assertAllowed, type StaffContext, type StaffScope } from '../context';
import { existingAccountMail } from '../mail';
import { decideInvite } from '../policy';
import {
  findAccountBusiness,
  findNotice,
  insertNoticeUnlessExists,
  insertProfile,
  insertUserUnlessTaken,
} from '../queries';
import { businessName, issueInvitation } from './issue-invitation';

export interface InvitationInput {
  actor: StaffScope['actor'];
  request: StaffScope['request'];
  businessId: string;
  email: string;
  role: Role;
  now: Date;
  /**
   * An address that already has an account: 'refuse' (409, the operator console's first owner),
   * or 'notify' when the account is not of this business (decision 0343): a pending invitation
   * notice and an e-mail to that person, answered and logged exactly as a new invitation.
   */
  existingAccount?: 'refuse' | 'notify';
}

/**
 * The invitation inside the caller's transaction (the operator console creates a business and
 * invites its first owner in one): the policy's decision, a user without password, a profile
 * without name (so the first sign-in lands on onboarding), a 7-day single-use link queued as an
 * e-mail, and user_create. An address that already has an account is refused, or with
 * `existingAccount: 'notify'` gets a notice (see there). The caller hands the returned mail to
 * `deliverInvitation` after the commit.
 */
export async function inviteInTransaction(
  tx: Executor,
  context: StaffContext,
  input: InvitationInput,
): Promise<{ id: string; mailId: string }> {
  assertAllowed(decideInvite(input.actor, input.businessId, input.role));
  const { now } = input;
  const notify = input.existingAccount === 'notify';
  // A pending notice of this business stands for an invited person: inviting again is refused.
  if (notify && (await findNotice(tx, { businessId: input.businessId, email: input.email }))) {
    throw new AppError(STAFF_ERRORS.staff_email_taken);
  }
  const userId = await insertUserUnlessTaken(tx, {
    email: input.email,
    createdAt: now,
    updatedAt: now,
  });
  if (!userId) {
    if (!notify) throw new AppError(STAFF_ERRORS.staff_email_taken);
    return noticeInTransaction(tx, context, input);
  }
  await insertProfile(tx, {
    id: userId,
    email: input.email,
    role: input.role,
    businessId: input.businessId,
    createdAt: now,
    updatedAt: now,
  });
  const name = await businessName(tx, input.businessId);
  const mailId = await issueInvitation(
    tx,
    context,
    { id: userId, email: input.email },
    name,
    now,
    input.actor,
  );
  await auditInvitation(tx, input, userId);
  return { id: userId, mailId };
}

/** user_create for an invitation; a notice writes the very same row (decision 0343). */
function auditInvitation(tx: Executor, input: InvitationInput, targetId: string) {
  return writeAudit(tx, {
    actor: input.actor,
    action: 'user_create',
    targetType: 'user',
    targetId,
    payload: { email: input.email, role: input.role, invitation: 'sent' },
    request: input.request,
    businessId: input.businessId,
    at: input.now,
  });
}

/**
 * The address has an account (decision 0343). Of this business: refused as before (the owner
 * sees their own staff anyway). Anywhere else (another business, the platform admin, no profile):
 * a pending notice of this business, which the list shows like an invited person, and an e-mail
 * telling the person, without a link or token. The account itself is not touched.
 */
async function noticeInTransaction(
  tx: Executor,
  context: StaffContext,
  input: InvitationInput,
): Promise<{ id: string; mailId: string }> {
  const account = await findAccountBusiness(tx, input.email);
  if (!account || account.businessId === input.businessId) {
    throw new AppError(STAFF_ERRORS.staff_email_taken);
  }
  const noticeId = await insertNoticeUnlessExists(tx, {
    businessId: input.businessId,
    email: input.email,
    role: input.role,
    invitedBy: input.actor.userId,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + INVITATION_TTL_MS),
    updatedAt: input.now,
  });
  if (!noticeId) throw new AppError(STAFF_ERRORS.staff_email_taken);
  const name = await businessName(tx, input.businessId);
  const mailId = await context.mailer.enqueue(tx, {
    ...existingAccountMail(input.email, name, account.language ?? DEFAULT_STAFF_LANGUAGE),
    invitationId: noticeId,
  });
  await auditInvitation(tx, input, noticeId);
  return { id: noticeId, mailId };
}
