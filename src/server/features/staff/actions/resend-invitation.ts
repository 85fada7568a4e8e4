import { STAFF_ERRORS } from '../../../../shared/api/staff';
import { auditPersonName } from '../../../../shared/domain/audit-events';
import { INVITATION_TTL_MS } from '../../../../shared/domain/constants';
import { DEFAULT_STAFF_LANGUAGE } from '../../../../shared/domain/staff-language';
import type { Executor } from '../../../db/connect';
import { AppError } from '../../../http/errors';
import { withinLimits } from '../../../http/rate-limit';
import { writeAudit } from '../../audit/write';
import { endInvitationAttempts } from '../../mail/queries';
import { assertAllowed, type StaffContext, type StaffOne, type StaffScope } from '../context';
import { invitationBudgets } from '../limits';
import { existingAccountMail } from '../mail';
import { decideManage } from '../policy';
import {
  deleteNotice,
  findAccountLanguage,
  insertProfile,
  insertUserUnlessTaken,
  type InvitationNotice,
  updateNotice,
} from '../queries';
import { addressOf, loadTarget, noticeTarget, personOrNotice } from '../target';
import { businessName, deliverInvitation, issueInvitation } from './issue-invitation';
import { readStaffUser } from './read-staff-user';

/** 'Einladung erneut senden': a new 7-day link for someone who has not accepted yet. */
export async function resendInvitation(
  context: StaffContext,
  scope: StaffScope,
  id: string,
): Promise<StaffOne> {
  const now = context.clock.now();
  const budgets = invitationBudgets(context.sessionSecret, {
    businessId: scope.businessId,
    email: await addressOf(context.database.db, scope, id),
  });
  const mailId = await withinLimits(context.rateLimiter, budgets, () =>
    context.database.db.transaction(async (tx) => {
      const found = await loadTarget(tx, scope, id);
      let mail: string;
      if (found.kind === 'notice') {
        mail = await resendNotice(tx, context, scope, found.notice, now);
      } else {
        const target = found.person;
        assertAllowed(decideManage(scope.actor, target));
        if (target.emailVerifiedAt || target.lastLoginAt) {
          throw new AppError(STAFF_ERRORS.staff_not_invited);
        }
        if (target.disabledAt) throw new AppError(STAFF_ERRORS.staff_already_deactivated);
        const name = await businessName(tx, scope.businessId);
        mail = await issueInvitation(tx, context, target, name, now, scope.actor);
      }
      await writeAudit(tx, {
        actor: scope.actor,
        action: 'user_update',
        targetType: 'user',
        targetId: id,
        payload: {
          personName: auditPersonName(personOrNotice(found)),
          email: personOrNotice(found).email,
          invitation: 'resent',
        },
        request: scope.request,
        businessId: scope.businessId,
        at: now,
      });
      return mail;
    }),
  );
  await deliverInvitation(context, mailId);
  return readStaffUser(context, scope, id);
}

/**
 * 'Einladung erneut senden' on a notice: the notice e-mail again with a new 7-day expiry. If the
 * address has no account any more (the person deleted it to leave their business), the notice
 * becomes the invitation it stood for: a user with the notice's id, so the row stays the same.
 */
async function resendNotice(
  tx: Executor,
  context: StaffContext,
  scope: StaffScope,
  notice: InvitationNotice,
  now: Date,
): Promise<string> {
  assertAllowed(decideManage(scope.actor, noticeTarget(notice)));
  if (notice.withdrawnAt) throw new AppError(STAFF_ERRORS.staff_already_deactivated);
  const name = await businessName(tx, scope.businessId);
  const userId = await insertUserUnlessTaken(tx, {
    id: notice.id,
    email: notice.email,
    createdAt: notice.createdAt,
    updatedAt: now,
  });
  if (userId) {
    await deleteNotice(tx, notice.id);
    await insertProfile(tx, {
      id: userId,
      email: notice.email,
      role: notice.role,
      businessId: notice.businessId,
      createdAt: notice.createdAt,
      updatedAt: now,
    });
    return issueInvitation(
      tx,
      context,
      { id: userId, email: notice.email },
      name,
      now,
      scope.actor,
    );
  }
  await updateNotice(tx, notice.id, {
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    updatedAt: now,
  });
  await endInvitationAttempts(tx, notice.id);
  // The staff language of the account behind the address; German for one without a profile.
  const language = (await findAccountLanguage(tx, notice.email)) ?? DEFAULT_STAFF_LANGUAGE;
  return context.mailer.enqueue(tx, {
    ...existingAccountMail(notice.email, name, language),
    invitationId: notice.id,
  });
}
