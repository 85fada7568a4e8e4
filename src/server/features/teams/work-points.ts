import {
  WORK_POINTS_ERRORS,
  type WorkPoints,
  type WorkPointsSaveValues,
} from '../../../shared/api/teams';
import { auditPersonName } from '../../../shared/domain/audit-events';
import { POINTS_MILLI_DEFAULT } from '../../../shared/domain/hours-split';
import type { Executor } from '../../db/connect';
import { AppError } from '../../http/errors';
import { writeAudit } from '../audit/write';
import { listStaffOfBusiness, listWorkPointRows, upsertWorkPoints } from './queries';
import type { TeamContext, TeamScope } from './service';

/** The business's staff (no platform admin) with their points for splits by hours, by name. */
async function readWorkPoints(db: Executor, businessId: string): Promise<WorkPoints> {
  const rows = await listWorkPointRows(db, businessId);
  return {
    items: rows.map((row) => ({
      profileId: row.profileId,
      name: auditPersonName(row),
      pointsMilli: row.pointsMilli ?? POINTS_MILLI_DEFAULT,
      role: row.role ?? '',
    })),
  };
}

export function listWorkPoints(context: TeamContext, scope: TeamScope): Promise<WorkPoints> {
  return readWorkPoints(context.database.db, scope.businessId);
}

/**
 * Sets the points of the listed people ('Punkte je Rolle', decision 0660); people not listed
 * keep theirs. They apply to tips and pool distributions from now on; shares already made keep
 * the points they were made with.
 */
export async function saveWorkPoints(
  context: TeamContext,
  scope: TeamScope,
  input: WorkPointsSaveValues,
): Promise<WorkPoints> {
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    const ids = input.items.map((item) => item.profileId);
    const found = ids.length === 0 ? [] : await listStaffOfBusiness(tx, scope.businessId, ids);
    if (found.length !== ids.length)
      throw new AppError(WORK_POINTS_ERRORS.work_points_person_not_found);
    const names = new Map(found.map((person) => [person.id, auditPersonName(person)]));
    await upsertWorkPoints(tx, scope.businessId, input.items, now);
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'work_points_update',
      targetType: 'business',
      targetId: scope.businessId,
      payload: {
        items: input.items.map((item) => ({
          profileId: item.profileId,
          personName: names.get(item.profileId) ?? '',
          pointsMilli: item.points,
          role: item.role,
        })),
      },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
  });
  return readWorkPoints(context.database.db, scope.businessId);
}
