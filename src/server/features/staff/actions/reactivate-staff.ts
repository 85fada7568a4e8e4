import { STAFF_ERRORS } from '../../../../shared/api/staff';
import { auditPersonName } from '../../../../shared/domain/audit-events';
import { AppError } from '../../../http/errors';
import { writeAudit } from '../../audit/write';
import { assertAllowed, type StaffContext, type StaffOne, type StaffScope } from '../context';
import { decideReactivation } from '../policy';
import { setUserDisabledAt, updateNotice } from '../queries';
import { loadTarget, personOrNotice, policyTarget } from '../target';
import { readStaffUser } from './read-staff-user';

/** Lets a deactivated person sign in again, or puts a withdrawn notice back (user_update). */
export async function reactivateStaff(
  context: StaffContext,
  scope: StaffScope,
  id: string,
): Promise<StaffOne> {
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    const found = await loadTarget(tx, scope, id);
    const disabled = found.kind === 'person' ? found.person.disabledAt : found.notice.withdrawnAt;
    if (!disabled) throw new AppError(STAFF_ERRORS.staff_not_deactivated);
    const target = policyTarget(found);
    assertAllowed(decideReactivation(scope.actor, target));
    if (found.kind === 'person') {
      await setUserDisabledAt(tx, target.id, null, now);
    } else {
      await updateNotice(tx, target.id, { withdrawnAt: null, updatedAt: now });
    }
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'user_update',
      targetType: 'user',
      targetId: target.id,
      payload: {
        personName: auditPersonName(personOrNotice(found)),
        status: { from: 'deactivated', to: 'active' },
      },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
  });
  return readStaffUser(context, scope, id);
}
