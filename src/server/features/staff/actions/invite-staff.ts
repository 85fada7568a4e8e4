import type { StaffInvite } from '../../../../shared/api/staff';
import { withinLimits } from '../../../http/rate-limit';
import { requirePro } from '../../plans/service';
import { assertAllowed, type StaffContext, type StaffOne, type StaffScope } from '../context';
import { invitationBudgets } from '../limits';
import { decideInvite } from '../policy';
import { inviteInTransaction } from './invite-in-transaction';
import { deliverInvitation } from './issue-invitation';
import { readStaffUser } from './read-staff-user';

/** Invites a person into the business (see `inviteInTransaction`), then mails the link. */
export async function inviteStaff(
  context: StaffContext,
  scope: StaffScope,
  input: StaffInvite,
): Promise<StaffOne> {
  assertAllowed(decideInvite(scope.actor, scope.businessId, input.role));
  // Employees are invited on every plan; a further owner is Pro's role management.
  if (input.role === 'business_owner') {
    await requirePro(context, scope.businessId, 'manager_role');
  }
  const now = context.clock.now();
  // An address with an account elsewhere gets a notice instead: it counts the same (decision
  // 0343: the answer never tells the two apart).
  const budgets = invitationBudgets(context.sessionSecret, {
    businessId: scope.businessId,
    email: input.email,
  });
  const { id, mailId } = await withinLimits(context.rateLimiter, budgets, () =>
    context.database.db.transaction((tx) =>
      inviteInTransaction(tx, context, {
        actor: scope.actor,
        request: scope.request,
        businessId: scope.businessId,
        email: input.email,
        role: input.role,
        now,
        existingAccount: 'notify',
      }),
    ),
  );
  await deliverInvitation(context, mailId);
  return readStaffUser(context, scope, id);
}
