import { STAFF_ERRORS } from '../../../../shared/api/staff';
import { auditPersonName } from '../../../../shared/domain/audit-events';
import { AppError } from '../../../http/errors';
import { writeAudit } from '../../audit/write';
import { endUserSessions } from '../../auth/sessions';
import { ACCOUNT_EVENTS_CHANNEL } from '../../realtime/hub';
import { assertAllowed, type StaffContext, type StaffOne, type StaffScope } from '../context';
import { decideDeactivation } from '../policy';
import { countActiveOwners, setUserDisabledAt, updateNotice, useOpenLinks } from '../queries';
import { loadTarget, personOrNotice, policyTarget } from '../target';
import { readStaffUser } from './read-staff-user';

/**
 * Deactivates a person: the account is disabled, every session ends in the same transaction
 * (their next request is refused), user_deactivate is logged with their name (not user_delete:
 * nothing is deleted; decision 0340); after the commit every instance is told to close their
 * open live streams. Tips and history stay. On a notice: it is withdrawn (its open expiry ends,
 * as an invited person's open link does), logged the same way.
 */
export async function deactivateStaff(
  context: StaffContext,
  scope: StaffScope,
  id: string,
): Promise<StaffOne> {
  const now = context.clock.now();
  const kind = await context.database.db.transaction(async (tx) => {
    const found = await loadTarget(tx, scope, id);
    const disabled = found.kind === 'person' ? found.person.disabledAt : found.notice.withdrawnAt;
    if (disabled) throw new AppError(STAFF_ERRORS.staff_already_deactivated);
    const target = policyTarget(found);
    const activeOwners = await countActiveOwners(tx, target.businessId);
    assertAllowed(decideDeactivation(scope.actor, target, { activeOwners }));
    if (found.kind === 'person') {
      await setUserDisabledAt(tx, target.id, now, now);
      await endUserSessions(tx, {
        userId: target.id,
        reason: 'session_account_deactivated',
        now,
      });
      await useOpenLinks(tx, target.id, now);
    } else {
      const open = found.notice.expiresAt && found.notice.expiresAt > now;
      await updateNotice(tx, target.id, {
        withdrawnAt: now,
        expiresAt: open ? null : found.notice.expiresAt,
        updatedAt: now,
      });
    }
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'user_deactivate',
      targetType: 'user',
      targetId: target.id,
      payload: {
        personName: auditPersonName(personOrNotice(found)),
        email: personOrNotice(found).email,
        status: { from: 'active', to: 'deactivated' },
      },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
    return found.kind;
  });
  if (kind === 'person') {
    try {
      await context.database.notify(
        ACCOUNT_EVENTS_CHANNEL,
        JSON.stringify({ userId: id, reason: 'session_account_deactivated' }),
      );
    } catch (error) {
      // The sessions are gone already; streams also notice at their next heartbeat.
      context.log.warn({ err: error, userId: id }, 'account event could not be published');
    }
  }
  return readStaffUser(context, scope, id);
}
