import { STAFF_ERRORS } from '../../../shared/api/staff';
import type { Role } from '../../../shared/domain/roles';
import type { Executor } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { StaffScope } from './context';
import type { StaffTarget } from './policy';
import { findNotice, findPerson, type InvitationNotice, type StaffPerson } from './queries';

/** Whom an action on /admin/users is about: a person of the business, or an invitation notice. */
export type Target =
  { kind: 'person'; person: StaffPerson } | { kind: 'notice'; notice: InvitationNotice };

/** The person of the business with this id, or its invitation notice (locked), else 404. */
export async function loadTarget(
  executor: Executor,
  scope: Pick<StaffScope, 'businessId'>,
  id: string,
): Promise<Target> {
  const person = await findPerson(executor, scope.businessId, id, true);
  if (person) return { kind: 'person', person };
  const notice = await findNotice(executor, { businessId: scope.businessId, id }, true);
  if (notice) return { kind: 'notice', notice };
  throw new AppError(STAFF_ERRORS.staff_user_not_found);
}

/**
 * The address a re-send would mail, read first: its budgets are counted before the transaction
 * begins, so a refused re-send opens none. Nobody of this business: 404, as in loadTarget.
 */
export async function addressOf(
  executor: Executor,
  scope: Pick<StaffScope, 'businessId'>,
  id: string,
): Promise<string> {
  const person = await findPerson(executor, scope.businessId, id);
  if (person) return person.email;
  const notice = await findNotice(executor, { businessId: scope.businessId, id });
  if (notice) return notice.email;
  throw new AppError(STAFF_ERRORS.staff_user_not_found);
}

/** A notice as the policy sees it: the invited role in the business that invited. */
export function noticeTarget(notice: Pick<InvitationNotice, 'id' | 'role' | 'businessId'>) {
  return { id: notice.id, role: notice.role, businessId: notice.businessId } satisfies StaffTarget;
}

/** The target as the policy sees it. */
export function policyTarget(found: Target): StaffTarget {
  return found.kind === 'person' ? toTarget(found.person) : noticeTarget(found.notice);
}

/**
 * Who the audit row names: the person, or for a notice the address alone — as for an invited
 * person who has no name yet, so the log never tells the two apart (decision 0343).
 */
export function personOrNotice(found: Target): { fullName: string | null; email: string } {
  return found.kind === 'person'
    ? { fullName: found.person.fullName, email: found.person.email }
    : { fullName: null, email: found.notice.email };
}

function toTarget(row: { id: string; role: Role; businessId: string | null }): StaffTarget {
  return { id: row.id, role: row.role, businessId: row.businessId };
}
