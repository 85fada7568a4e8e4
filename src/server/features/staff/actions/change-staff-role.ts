import { auditPersonName } from '../../../../shared/domain/audit-events';
import type { Role } from '../../../../shared/domain/roles';
import { writeAudit } from '../../audit/write';
import { requirePro } from '../../plans/service';
import { assertAllowed, type StaffContext, type StaffOne, type StaffScope } from '../context';
import { decideRoleChange } from '../policy';
import { countActiveOwners, updateNotice, updateProfileRole } from '../queries';
import { loadTarget, personOrNotice, policyTarget } from '../target';
import { readStaffUser } from './read-staff-user';

/** Gives a person of the business another role, by the rules of policy.ts; user_update. */
export async function changeStaffRole(
  context: StaffContext,
  scope: StaffScope,
  id: string,
  role: Role,
): Promise<StaffOne> {
  // Making someone an owner is Pro's role management; taking the role back is always allowed.
  if (role === 'business_owner') await requirePro(context, scope.businessId, 'manager_role');
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    const found = await loadTarget(tx, scope, id);
    const target = policyTarget(found);
    if (target.role === role) return;
    // A notice is nobody's account: it never counts as an active owner (decision 0343).
    const activeOwners = await countActiveOwners(tx, target.businessId);
    assertAllowed(decideRoleChange(scope.actor, target, role, { activeOwners }));
    if (found.kind === 'person') {
      await updateProfileRole(tx, target.id, role, now);
    } else {
      await updateNotice(tx, target.id, { role, updatedAt: now });
    }
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'user_update',
      targetType: 'user',
      targetId: target.id,
      payload: {
        personName: auditPersonName(personOrNotice(found)),
        fields: ['role'],
        role: { from: target.role, to: role },
      },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
  });
  return readStaffUser(context, scope, id);
}
