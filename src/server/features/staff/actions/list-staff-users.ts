import type { StaffContext, StaffListing, StaffScope } from '../context';
import { countActiveOwners, findStaffUserRows } from '../queries';

/**
 * The business's staff with teams, status and last sign-in (`search` matches name or e-mail),
 * and its count of active owners.
 */
export async function listStaffUsers(
  context: Pick<StaffContext, 'database'>,
  scope: Pick<StaffScope, 'businessId'>,
  search?: string,
): Promise<StaffListing> {
  const db = context.database.db;
  const [rows, activeOwners] = await Promise.all([
    findStaffUserRows(db, scope.businessId, { search }),
    countActiveOwners(db, scope.businessId, { lock: false }),
  ]);
  return { rows, activeOwners };
}
