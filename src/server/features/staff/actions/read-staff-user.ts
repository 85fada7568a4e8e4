import { STAFF_ERRORS } from '../../../../shared/api/staff';
import { AppError } from '../../../http/errors';
import type { StaffContext, StaffOne, StaffScope } from '../context';
import { countActiveOwners, findStaffUserRows } from '../queries';

/** One person (or notice) of the business as the list shows them, after an action on them. */
export async function readStaffUser(
  context: Pick<StaffContext, 'database'>,
  scope: Pick<StaffScope, 'businessId'>,
  id: string,
): Promise<StaffOne> {
  const db = context.database.db;
  const [rows, activeOwners] = await Promise.all([
    findStaffUserRows(db, scope.businessId, { id }),
    countActiveOwners(db, scope.businessId, { lock: false }),
  ]);
  const row = rows[0];
  if (!row) throw new AppError(STAFF_ERRORS.staff_user_not_found);
  return { row, activeOwners };
}
