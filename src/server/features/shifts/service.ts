import {
  SHIFT_ERRORS,
  type ShiftAssignment,
  type ShiftBoard,
  type ShiftCopyResult,
  type ShiftCopyWeek,
  type ShiftCreate,
} from '../../../shared/api/shifts';
import { auditPersonName } from '../../../shared/domain/audit-events';
import {
  addDays,
  dayInZone,
  daysBetween,
  minuteToTime,
  SHIFT_DAYS_AHEAD,
  type ShiftTargetKind,
  shiftMinutes,
  zonedInstant,
} from '../../../shared/domain/shifts';
import type { Database, Executor, Tx } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import { assignmentProblem, copyWeekAllowed } from './policy';
import { type AssignmentRow, presentAssignment } from './presenter';
import type { AuditedBusinessScope } from '../businesses/scope';
import {
  deleteAssignment,
  deleteAssignmentsBetween,
  findAssignment,
  findPersonAccount,
  findPersonName,
  hasOverlappingAssignment,
  insertAssignment,
  insertAssignments,
  listActiveStaff,
  listActiveTeams,
  listAssignments,
  listObjectPoints,
  listWeekToCopy,
  lockActivePoint,
  lockActiveTeam,
  pointName,
  teamName,
} from './queries';

export interface ShiftContext {
  database: Database;
  clock: Clock;
}

export type ShiftScope = AuditedBusinessScope;

/** The plan of today and the next 14 days: objects and teams, people, assignments. */
export async function shiftBoard(context: ShiftContext, scope: ShiftScope): Promise<ShiftBoard> {
  const db = context.database.db;
  const today = dayInZone(context.clock.now());
  const last = addDays(today, SHIFT_DAYS_AHEAD);
  const [points, teamRows, people, rows] = await Promise.all([
    listObjectPoints(db, scope.businessId),
    listActiveTeams(db, scope.businessId),
    listActiveStaff(db, scope.businessId),
    listAssignments(db, scope.businessId, today, last),
  ]);
  return {
    today,
    days: Array.from({ length: SHIFT_DAYS_AHEAD + 1 }, (_, n) => addDays(today, n)),
    targets: [
      ...points.map((point) => ({
        kind: 'point' as const,
        id: point.id,
        label: point.label ?? point.uid,
        teamName: point.teamName ?? null,
      })),
      ...teamRows.map((team) => ({
        kind: 'team' as const,
        id: team.id,
        label: team.name,
        teamName: null,
      })),
    ],
    people: people.map((person) => ({
      id: person.id,
      name: person.fullName?.trim() || person.email,
    })),
    assignments: rows.map((row) => presentAssignment(row as AssignmentRow)),
  };
}

/** Locks the point or team (so two plans of it do not interleave) and says what it is. */
async function lockTarget(tx: Tx, kind: ShiftTargetKind, id: string) {
  if (kind === 'point') {
    const point = await lockActivePoint(tx, id);
    return point
      ? { businessId: point.businessId, pointType: point.type, name: point.label ?? point.uid }
      : null;
  }
  const team = await lockActiveTeam(tx, id);
  return team ? { businessId: team.businessId, name: team.name } : null;
}

/** The names the audit row of a removed assignment gives its place and person. */
async function assignmentNames(
  tx: Executor,
  row: { entrypointId: string | null; teamId: string | null; profileId: string },
) {
  const place = row.entrypointId
    ? await pointName(tx, row.entrypointId)
    : await teamName(tx, row.teamId ?? '');
  const person = await findPersonName(tx, row.profileId);
  return { targetName: place ?? '', personName: person ? auditPersonName(person) : '' };
}

/** HH:MM of an assignment's minutes; both null for the whole day. */
function assignmentTimes(startMinute: number, endMinute: number) {
  return startMinute === 0 && endMinute === 1440
    ? { startTime: null, endTime: null }
    : { startTime: minuteToTime(startMinute), endTime: minuteToTime(endMinute) };
}

async function personFacts(tx: Executor, profileId: string) {
  const person = await findPersonAccount(tx, profileId);
  return person
    ? {
        businessId: person.businessId,
        disabled: person.disabledAt !== null,
        name: auditPersonName(person),
      }
    : null;
}

function throwProblem(problem: keyof typeof SHIFT_ERRORS | null) {
  if (problem) throw new AppError(SHIFT_ERRORS[problem]);
}

/**
 * Assigns a person to an object point or a team for a day (or a time range of it), with its
 * audit row in the same transaction. Refuses anything outside the business, days outside the
 * plan and a second assignment of the same person there that overlaps the first.
 */
export async function assignShift(
  context: ShiftContext,
  scope: ShiftScope,
  input: ShiftCreate,
): Promise<ShiftAssignment> {
  const now = context.clock.now();
  const today = dayInZone(now);
  const id = await context.database.db.transaction(async (tx) => {
    const target = await lockTarget(tx, input.targetKind, input.targetId);
    const person = await personFacts(tx, input.profileId);
    throwProblem(
      assignmentProblem({
        target,
        person,
        businessId: scope.businessId,
        dayOffset: daysBetween(today, input.day),
      }),
    );
    const minutes = shiftMinutes(input.startTime ?? null, input.endTime ?? null);
    const startsAt = zonedInstant(input.day, minutes.start);
    const endsAt = zonedInstant(input.day, minutes.end);
    const clash = await hasOverlappingAssignment(
      tx,
      { kind: input.targetKind, id: input.targetId },
      input.profileId,
      { startsAt, endsAt },
    );
    if (clash) throw new AppError(SHIFT_ERRORS.shift_overlap);
    const assignmentId = await insertAssignment(tx, {
      businessId: scope.businessId,
      entrypointId: input.targetKind === 'point' ? input.targetId : null,
      teamId: input.targetKind === 'team' ? input.targetId : null,
      profileId: input.profileId,
      day: input.day,
      startMinute: minutes.start,
      endMinute: minutes.end,
      startsAt,
      endsAt,
      createdBy: scope.actor.userId,
      createdAt: now,
    });
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'shift_assign',
      targetType: 'shift',
      targetId: assignmentId,
      payload: {
        targetKind: input.targetKind,
        targetId: input.targetId,
        targetName: target!.name,
        profileId: input.profileId,
        personName: person!.name,
        day: input.day,
        startTime: input.startTime ?? null,
        endTime: input.endTime ?? null,
      },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
    return assignmentId;
  });
  const row = await findAssignment(context.database.db, id);
  return presentAssignment(row as AssignmentRow);
}

export async function removeShift(context: ShiftContext, scope: ShiftScope, id: string) {
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    const removed = await deleteAssignment(tx, scope.businessId, id);
    if (!removed) throw new AppError(SHIFT_ERRORS.shift_not_found);
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'shift_unassign',
      targetType: 'shift',
      targetId: id,
      payload: {
        targetKind: removed.entrypointId ? 'point' : 'team',
        targetId: (removed.entrypointId ?? removed.teamId)!,
        profileId: removed.profileId,
        ...(await assignmentNames(tx, removed)),
        day: removed.day,
        ...assignmentTimes(removed.startMinute, removed.endMinute),
      },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
  });
}

/**
 * Copies the seven days from `fromDay` of one point or team onto the seven days after: the
 * plan there is replaced (only days in the planning window; people deactivated meanwhile are
 * left out). One audit row.
 */
export async function copyShiftWeek(
  context: ShiftContext,
  scope: ShiftScope,
  input: ShiftCopyWeek,
): Promise<ShiftCopyResult> {
  const now = context.clock.now();
  const today = dayInZone(now);
  const offset = daysBetween(today, input.fromDay);
  if (!copyWeekAllowed(offset)) throw new AppError(SHIFT_ERRORS.shift_day_out_of_range);
  const toFirst = addDays(input.fromDay, 7);
  const toLast = addDays(input.fromDay, 13);
  const lastPlannable = addDays(today, SHIFT_DAYS_AHEAD);
  return context.database.db.transaction(async (tx) => {
    const target = await lockTarget(tx, input.targetKind, input.targetId);
    throwProblem(
      assignmentProblem({
        target,
        person: { businessId: scope.businessId, disabled: false },
        businessId: scope.businessId,
        dayOffset: 0,
      }),
    );
    const place = { kind: input.targetKind, id: input.targetId };
    const source = await listWeekToCopy(
      tx,
      place,
      scope.businessId,
      input.fromDay,
      addDays(input.fromDay, 6),
    );
    const removed = await deleteAssignmentsBetween(tx, place, {
      from: toFirst,
      to: toLast,
      first: today,
      last: lastPlannable,
    });
    const copies = source
      .map((row) => ({ ...row, day: addDays(row.day, 7) }))
      .filter((row) => row.day >= today && row.day <= lastPlannable)
      .map((row) => ({
        ...row,
        // An overnight shift (end minute past 1440) ends on the day after its copied start.
        startsAt: zonedInstant(row.day, row.startMinute),
        endsAt: zonedInstant(row.day, row.endMinute),
      }));
    // What stays around the replaced week (last Sunday's night shift, the Monday after) must not
    // overlap a copy of the same person there.
    for (const copy of copies) {
      const clash = await hasOverlappingAssignment(tx, place, copy.profileId, copy);
      if (clash) throw new AppError(SHIFT_ERRORS.shift_copy_overlap);
    }
    if (copies.length > 0) {
      await insertAssignments(
        tx,
        copies.map((row) => ({
          businessId: scope.businessId,
          entrypointId: input.targetKind === 'point' ? input.targetId : null,
          teamId: input.targetKind === 'team' ? input.targetId : null,
          profileId: row.profileId,
          day: row.day,
          startMinute: row.startMinute,
          endMinute: row.endMinute,
          startsAt: row.startsAt,
          endsAt: row.endsAt,
          createdBy: scope.actor.userId,
          createdAt: now,
        })),
      );
    }
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'shift_copy_week',
      targetType: 'shift',
      targetId: input.targetId,
      payload: {
        targetKind: input.targetKind,
        targetName: target!.name,
        fromDay: input.fromDay,
        toDay: toFirst,
        copied: copies.length,
        removed,
      },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
    return { copied: copies.length, removed };
  });
}
