import { and, asc, between, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
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
import { paymentEntrypoints, profiles, shiftAssignments, teams, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import { assignmentProblem, copyWeekAllowed } from './policy';
import { type AssignmentRow, presentAssignment } from './presenter';
import type { AuditedBusinessScope } from '../businesses/scope';

export interface ShiftContext {
  database: Database;
  clock: Clock;
}

export type ShiftScope = AuditedBusinessScope;

const dayText = sql<string>`to_char(${shiftAssignments.day}, 'YYYY-MM-DD')`;

function assignmentQuery(executor: Executor) {
  return executor
    .select({
      id: shiftAssignments.id,
      entrypointId: shiftAssignments.entrypointId,
      teamId: shiftAssignments.teamId,
      profileId: shiftAssignments.profileId,
      fullName: profiles.fullName,
      email: profiles.email,
      day: dayText,
      startMinute: shiftAssignments.startMinute,
      endMinute: shiftAssignments.endMinute,
    })
    .from(shiftAssignments)
    .innerJoin(profiles, eq(profiles.id, shiftAssignments.profileId));
}

const targetColumn = (kind: ShiftTargetKind) =>
  kind === 'point' ? shiftAssignments.entrypointId : shiftAssignments.teamId;

/** The plan of today and the next 14 days: objects and teams, people, assignments. */
export async function shiftBoard(context: ShiftContext, scope: ShiftScope): Promise<ShiftBoard> {
  const db = context.database.db;
  const today = dayInZone(context.clock.now());
  const last = addDays(today, SHIFT_DAYS_AHEAD);
  const [points, teamRows, people, rows] = await Promise.all([
    db
      .select({
        id: paymentEntrypoints.id,
        label: paymentEntrypoints.label,
        uid: paymentEntrypoints.uid,
        teamName: teams.name,
      })
      .from(paymentEntrypoints)
      .leftJoin(
        teams,
        and(eq(paymentEntrypoints.targetType, 'team'), eq(teams.id, paymentEntrypoints.targetId)),
      )
      .where(
        and(
          eq(paymentEntrypoints.businessId, scope.businessId),
          eq(paymentEntrypoints.type, 'object'),
          eq(paymentEntrypoints.active, true),
        ),
      )
      .orderBy(asc(paymentEntrypoints.label), asc(paymentEntrypoints.id)),
    db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(and(eq(teams.businessId, scope.businessId), eq(teams.active, true)))
      .orderBy(asc(teams.name), asc(teams.id)),
    db
      .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(
        and(
          eq(profiles.businessId, scope.businessId),
          ne(profiles.role, 'admin'),
          isNull(users.disabledAt),
        ),
      )
      .orderBy(asc(sql`lower(coalesce(${profiles.fullName}, ${profiles.email}))`)),
    assignmentQuery(db)
      .where(
        and(
          eq(shiftAssignments.businessId, scope.businessId),
          between(shiftAssignments.day, today, last),
        ),
      )
      .orderBy(
        asc(shiftAssignments.day),
        asc(shiftAssignments.startMinute),
        asc(sql`lower(coalesce(${profiles.fullName}, ${profiles.email}))`),
      ),
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
    const [point] = await tx
      .select({
        businessId: paymentEntrypoints.businessId,
        type: paymentEntrypoints.type,
        label: paymentEntrypoints.label,
        uid: paymentEntrypoints.uid,
      })
      .from(paymentEntrypoints)
      .where(and(eq(paymentEntrypoints.id, id), eq(paymentEntrypoints.active, true)))
      .for('update');
    return point
      ? { businessId: point.businessId, pointType: point.type, name: point.label ?? point.uid }
      : null;
  }
  const [team] = await tx
    .select({ businessId: teams.businessId, name: teams.name })
    .from(teams)
    .where(and(eq(teams.id, id), eq(teams.active, true)))
    .for('update');
  return team ? { businessId: team.businessId, name: team.name } : null;
}

/** The names the audit row of a removed assignment gives its place and person. */
async function assignmentNames(
  tx: Executor,
  row: { entrypointId: string | null; teamId: string | null; profileId: string },
) {
  const [place] = row.entrypointId
    ? await tx
        .select({
          name: sql<string>`coalesce(${paymentEntrypoints.label}, ${paymentEntrypoints.uid})`,
        })
        .from(paymentEntrypoints)
        .where(eq(paymentEntrypoints.id, row.entrypointId))
    : await tx
        .select({ name: teams.name })
        .from(teams)
        .where(eq(teams.id, row.teamId ?? ''));
  const [person] = await tx
    .select({ fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, row.profileId));
  return { targetName: place?.name ?? '', personName: person ? auditPersonName(person) : '' };
}

/** HH:MM of an assignment's minutes; both null for the whole day. */
function assignmentTimes(startMinute: number, endMinute: number) {
  return startMinute === 0 && endMinute === 1440
    ? { startTime: null, endTime: null }
    : { startTime: minuteToTime(startMinute), endTime: minuteToTime(endMinute) };
}

async function personFacts(tx: Executor, profileId: string) {
  const [person] = await tx
    .select({
      businessId: profiles.businessId,
      disabledAt: users.disabledAt,
      fullName: profiles.fullName,
      email: profiles.email,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, profileId));
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
    const [clash] = await tx
      .select({ id: shiftAssignments.id })
      .from(shiftAssignments)
      .where(
        and(
          eq(targetColumn(input.targetKind), input.targetId),
          eq(shiftAssignments.profileId, input.profileId),
          lt(shiftAssignments.startsAt, endsAt),
          gt(shiftAssignments.endsAt, startsAt),
        ),
      )
      .limit(1);
    if (clash) throw new AppError(SHIFT_ERRORS.shift_overlap);
    const [row] = await tx
      .insert(shiftAssignments)
      .values({
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
      })
      .returning({ id: shiftAssignments.id });
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'shift_assign',
      targetType: 'shift',
      targetId: row!.id,
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
    return row!.id;
  });
  const [row] = await assignmentQuery(context.database.db).where(eq(shiftAssignments.id, id));
  return presentAssignment(row as AssignmentRow);
}

export async function removeShift(context: ShiftContext, scope: ShiftScope, id: string) {
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(shiftAssignments)
      .where(and(eq(shiftAssignments.id, id), eq(shiftAssignments.businessId, scope.businessId)))
      .returning();
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
    const column = targetColumn(input.targetKind);
    const source = await tx
      .select({
        profileId: shiftAssignments.profileId,
        day: dayText,
        startMinute: shiftAssignments.startMinute,
        endMinute: shiftAssignments.endMinute,
      })
      .from(shiftAssignments)
      .innerJoin(users, eq(users.id, shiftAssignments.profileId))
      .innerJoin(profiles, eq(profiles.id, shiftAssignments.profileId))
      .where(
        and(
          eq(column, input.targetId),
          between(shiftAssignments.day, input.fromDay, addDays(input.fromDay, 6)),
          isNull(users.disabledAt),
          eq(profiles.businessId, scope.businessId),
        ),
      );
    const removed = await tx
      .delete(shiftAssignments)
      .where(
        and(
          eq(column, input.targetId),
          between(shiftAssignments.day, toFirst, toLast),
          sql`${shiftAssignments.day} >= ${today}::date`,
          sql`${shiftAssignments.day} <= ${lastPlannable}::date`,
        ),
      )
      .returning({ id: shiftAssignments.id });
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
      const [clash] = await tx
        .select({ id: shiftAssignments.id })
        .from(shiftAssignments)
        .where(
          and(
            eq(column, input.targetId),
            eq(shiftAssignments.profileId, copy.profileId),
            lt(shiftAssignments.startsAt, copy.endsAt),
            gt(shiftAssignments.endsAt, copy.startsAt),
          ),
        )
        .limit(1);
      if (clash) throw new AppError(SHIFT_ERRORS.shift_copy_overlap);
    }
    if (copies.length > 0) {
      await tx.insert(shiftAssignments).values(
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
        removed: removed.length,
      },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
    return { copied: copies.length, removed: removed.length };
  });
}
