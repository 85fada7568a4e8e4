import { STAFF_ERRORS } from '../../../shared/api/staff';
import { TWO_FACTOR_ERRORS } from '../../../shared/api/two-factor';
import { auditPersonName } from '../../../shared/domain/audit-events';
import type { Database } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import { queueSecurityNotice, type SecurityNoticeContext } from '../auth/security-notice';
import { endUserSessions } from '../auth/sessions';
import type { AuditedBusinessScope } from '../businesses/scope';
import { ACCOUNT_EVENTS_CHANNEL } from '../realtime/hub';
import { assertAllowed } from '../staff/context';
import { findNotice } from '../staff/queries';
import { noticeTarget } from '../staff/target';
import { decideTwoFactorReset } from '../staff/policy';
import { deleteTwoFactor, loadTwoFactor, lockBusinessPerson } from './queries';

export interface TwoFactorResetContext {
  database: Database;
  clock: Clock;
  log: { warn(object: Record<string, unknown>, message: string): void };
  /** Tells the person their second factor was reset (decision 0451). */
  notices: SecurityNoticeContext;
}

/**
 * 'Zwei-Faktor zurücksetzen' on /admin/users: an owner or the platform admin turns two-factor
 * sign-in off for a person of the business they work in (someone who lost phone and recovery
 * codes), by the rules of `decideTwoFactorReset`. In one transaction: the secret, the recovery
 * codes and open sign-in challenges go, every session of the person ends and the audit row is
 * written, with the person's notice in the outbox. Afterwards the notice is delivered and the
 * person's live streams close on every instance.
 */
export async function resetTwoFactor(
  ctx: TwoFactorResetContext,
  scope: AuditedBusinessScope,
  targetId: string,
): Promise<void> {
  const now = ctx.clock.now();
  const deliverNotice = await ctx.database.db.transaction(async (tx) => {
    const target = await lockBusinessPerson(tx, scope.businessId, targetId);
    if (!target) {
      // An invitation notice (decision 0343) is answered like an invited person: nothing to reset.
      const notice = await findNotice(tx, { businessId: scope.businessId, id: targetId }, true);
      if (!notice) throw new AppError(STAFF_ERRORS.staff_user_not_found);
      assertAllowed(decideTwoFactorReset(scope.actor, noticeTarget(notice)));
      throw new AppError(TWO_FACTOR_ERRORS.two_factor_not_enabled);
    }
    assertAllowed(decideTwoFactorReset(scope.actor, target));
    const row = await loadTwoFactor(tx, target.id, { lock: true });
    if (!row?.enabledAt) throw new AppError(TWO_FACTOR_ERRORS.two_factor_not_enabled);
    await deleteTwoFactor(tx, target.id);
    await endUserSessions(tx, { userId: target.id, reason: 'session_two_factor_reset', now });
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'two_factor_reset',
      targetType: 'user',
      targetId: target.id,
      payload: { personName: auditPersonName(target), email: target.email },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
    return queueSecurityNotice(ctx.notices, tx, target.id, 'twoFactorReset');
  });
  deliverNotice();
  try {
    await ctx.database.notify(
      ACCOUNT_EVENTS_CHANNEL,
      JSON.stringify({ userId: targetId, reason: 'session_two_factor_reset' }),
    );
  } catch (error) {
    // The sessions are gone already; open streams also notice at their next heartbeat.
    ctx.log.warn({ err: error, userId: targetId }, 'account event could not be published');
  }
}
