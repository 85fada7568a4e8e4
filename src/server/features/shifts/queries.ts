import { and, asc, between, eq, gt, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { ShiftTargetKind } from '../../../shared/domain/shifts';
import type { Executor, Tx } from '../../db/connect';
import {
  paymentEntrypoints,
  profiles,
  shiftAssignments,
  teamMembers,
  teams,
  type tips,
  tipAllocations,
  users,
  workPoints,
} from '../../db/schema';

export type TipRow = typeof tips.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;
export type ShiftAssignmentRow = typeof shiftAssignments.$inferSelect;
export type TipAllocationInsert = typeof tipAllocations.$inferInsert;
export type ShiftAssignmentInsert = typeof shiftAssignments.$inferInsert;

const dayText = sql<string>`to_char(${shiftAssignments.day}, 'YYYY-MM-DD')`;
const personOrder = sql`lower(coalesce(${profiles.fullName}, ${profiles.email}))`;

const targetColumn = (kind: ShiftTargetKind) =>
  kind === 'point' ? shiftAssignments.entrypointId : shiftAssignments.teamId;

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

/** The business's active object points, with the team they tip (if any), by label. */
export function listObjectPoints(db: Executor, businessId: string) {
  return db
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
        eq(paymentEntrypoints.businessId, businessId),
        eq(paymentEntrypoints.type, 'object'),
        eq(paymentEntrypoints.active, true),
      ),
    )
    .orderBy(asc(paymentEntrypoints.label), asc(paymentEntrypoints.id));
}

export function listActiveTeams(db: Executor, businessId: string) {
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.businessId, businessId), eq(teams.active, true)))
    .orderBy(asc(teams.name), asc(teams.id));
}

/** The business's staff whose account is not deactivated (no platform admin), by name. */
export function listActiveStaff(db: Executor, businessId: string) {
  return db
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(
      and(
        eq(profiles.businessId, businessId),
        ne(profiles.role, 'admin'),
        isNull(users.disabledAt),
      ),
    )
    .orderBy(asc(personOrder));
}

/** The business's assignments of these days, by day, start and person. */
export function listAssignments(db: Executor, businessId: string, from: string, to: string) {
  return assignmentQuery(db)
    .where(
      and(eq(shiftAssignments.businessId, businessId), between(shiftAssignments.day, from, to)),
    )
    .orderBy(asc(shiftAssignments.day), asc(shiftAssignments.startMinute), asc(personOrder));
}

export async function findAssignment(db: Executor, id: string) {
  const [row] = await assignmentQuery(db).where(eq(shiftAssignments.id, id));
  return row;
}

/** The active point, locked, or undefined. */
export async function lockActivePoint(tx: Tx, id: string) {
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
  return point;
}

/** The active team, locked, or undefined. */
export async function lockActiveTeam(tx: Tx, id: string) {
  const [team] = await tx
    .select({ businessId: teams.businessId, name: teams.name })
    .from(teams)
    .where(and(eq(teams.id, id), eq(teams.active, true)))
    .for('update');
  return team;
}

/** A point's name: its label, else its uid. */
export async function pointName(tx: Executor, id: string): Promise<string | undefined> {
  const [place] = await tx
    .select({ name: sql<string>`coalesce(${paymentEntrypoints.label}, ${paymentEntrypoints.uid})` })
    .from(paymentEntrypoints)
    .where(eq(paymentEntrypoints.id, id));
  return place?.name;
}

export async function teamName(tx: Executor, id: string): Promise<string | undefined> {
  const [place] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, id));
  return place?.name;
}

export async function findPersonName(tx: Executor, profileId: string) {
  const [person] = await tx
    .select({ fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return person;
}

export async function findPersonAccount(tx: Executor, profileId: string) {
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
  return person;
}

/** Whether the person has an assignment at this point or team that overlaps the range. */
export async function hasOverlappingAssignment(
  tx: Executor,
  target: { kind: ShiftTargetKind; id: string },
  profileId: string,
  range: { startsAt: Date; endsAt: Date },
): Promise<boolean> {
  const [clash] = await tx
    .select({ id: shiftAssignments.id })
    .from(shiftAssignments)
    .where(
      and(
        eq(targetColumn(target.kind), target.id),
        eq(shiftAssignments.profileId, profileId),
        lt(shiftAssignments.startsAt, range.endsAt),
        gt(shiftAssignments.endsAt, range.startsAt),
      ),
    )
    .limit(1);
  return clash !== undefined;
}

export async function insertAssignment(tx: Executor, values: ShiftAssignmentInsert) {
  const [row] = await tx
    .insert(shiftAssignments)
    .values(values)
    .returning({ id: shiftAssignments.id });
  return row!.id;
}

export async function insertAssignments(tx: Executor, values: ShiftAssignmentInsert[]) {
  await tx.insert(shiftAssignments).values(values);
}

/** Deletes the business's assignment; answers the deleted row, or undefined. */
export async function deleteAssignment(
  tx: Executor,
  businessId: string,
  id: string,
): Promise<ShiftAssignmentRow | undefined> {
  const [removed] = await tx
    .delete(shiftAssignments)
    .where(and(eq(shiftAssignments.id, id), eq(shiftAssignments.businessId, businessId)))
    .returning();
  return removed;
}

/** The assignments of seven days from `fromDay` at a point or team, of people still active. */
export function listWeekToCopy(
  tx: Executor,
  target: { kind: ShiftTargetKind; id: string },
  businessId: string,
  fromDay: string,
  toDay: string,
) {
  return tx
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
        eq(targetColumn(target.kind), target.id),
        between(shiftAssignments.day, fromDay, toDay),
        isNull(users.disabledAt),
        eq(profiles.businessId, businessId),
      ),
    );
}

/** Deletes a point's or team's assignments between two days, within [first, last]; how many. */
export async function deleteAssignmentsBetween(
  tx: Executor,
  target: { kind: ShiftTargetKind; id: string },
  days: { from: string; to: string; first: string; last: string },
): Promise<number> {
  const removed = await tx
    .delete(shiftAssignments)
    .where(
      and(
        eq(targetColumn(target.kind), target.id),
        between(shiftAssignments.day, days.from, days.to),
        sql`${shiftAssignments.day} >= ${days.first}::date`,
        sql`${shiftAssignments.day} <= ${days.last}::date`,
      ),
    )
    .returning({ id: shiftAssignments.id });
  return removed.length;
}

/**
 * Who is assigned to a point or a team at a moment (decision 0122): assignments whose range
 * holds the moment, of people whose account is not deactivated, in the order of the shift start.
 */
export function listAssignedAt(
  executor: Executor,
  target: { entrypointId: string } | { teamId: string },
  at: Date,
) {
  return executor
    .select({ profileId: shiftAssignments.profileId, fullName: profiles.fullName })
    .from(shiftAssignments)
    .innerJoin(profiles, eq(profiles.id, shiftAssignments.profileId))
    .innerJoin(users, eq(users.id, shiftAssignments.profileId))
    .where(
      and(
        'entrypointId' in target
          ? eq(shiftAssignments.entrypointId, target.entrypointId)
          : eq(shiftAssignments.teamId, target.teamId),
        lte(shiftAssignments.startsAt, at),
        gt(shiftAssignments.endsAt, at),
        isNull(users.disabledAt),
        eq(profiles.businessId, shiftAssignments.businessId),
      ),
    )
    .orderBy(asc(shiftAssignments.startsAt), asc(shiftAssignments.profileId));
}

/** The team's current members whose account is not deactivated, with their weights. */
export function listActiveMembers(executor: Executor, teamId: string) {
  return (
    executor
      .select({ profileId: teamMembers.profileId, weight: teamMembers.weight })
      .from(teamMembers)
      // Deactivated people keep their history but receive no new shares.
      .innerJoin(users, eq(users.id, teamMembers.profileId))
      .where(
        and(eq(teamMembers.teamId, teamId), isNull(teamMembers.leftAt), isNull(users.disabledAt)),
      )
      .orderBy(teamMembers.joinedAt, teamMembers.profileId)
  );
}

/** The member weights of these people in the team (current members only). */
export async function memberWeightsOf(
  tx: Executor,
  teamId: string,
  people: string[],
): Promise<Map<string, number>> {
  const rows = await tx
    .select({ profileId: teamMembers.profileId, weight: teamMembers.weight })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.teamId, teamId),
        isNull(teamMembers.leftAt),
        inArray(teamMembers.profileId, people),
      ),
    );
  return new Map(rows.map((row) => [row.profileId, row.weight]));
}

export async function findTeam(tx: Executor, id: string): Promise<TeamRow | undefined> {
  const [team] = await tx.select().from(teams).where(eq(teams.id, id));
  return team;
}

export async function findPointKind(tx: Executor, id: string) {
  const [point] = await tx
    .select({ type: paymentEntrypoints.type, label: paymentEntrypoints.label })
    .from(paymentEntrypoints)
    .where(eq(paymentEntrypoints.id, id));
  return point;
}

/** Writes a tip's shares; a share already written stays as it is. */
export async function insertAllocations(tx: Tx, rows: TipAllocationInsert[]): Promise<void> {
  await tx.insert(tipAllocations).values(rows).onConflictDoNothing();
}

/**
 * Who worked in these Berlin days (decision 0660): per person their minutes on the rota — the
 * team's shifts, or every shift of the business — and their points (thousandths, null when the
 * business set none). A shift counts to the day it started, also past midnight. People whose
 * account is deactivated or who left the business are left out. Ordered by the first shift's
 * start, then id, which decides the ties of the largest remainder.
 */
export async function listHoursWorked(
  executor: Executor,
  options: { businessId: string; teamId?: string; firstDay: string; lastDay: string },
) {
  const minutes = sql<number>`sum(extract(epoch from (${shiftAssignments.endsAt} - ${shiftAssignments.startsAt})) / 60)::int`;
  const rows = await executor
    .select({
      profileId: shiftAssignments.profileId,
      fullName: profiles.fullName,
      email: profiles.email,
      minutes,
      pointsMilli: workPoints.pointsMilli,
      roleLabel: workPoints.roleLabel,
    })
    .from(shiftAssignments)
    .innerJoin(profiles, eq(profiles.id, shiftAssignments.profileId))
    .innerJoin(users, eq(users.id, shiftAssignments.profileId))
    .leftJoin(
      workPoints,
      and(
        eq(workPoints.profileId, shiftAssignments.profileId),
        eq(workPoints.businessId, shiftAssignments.businessId),
      ),
    )
    .where(
      and(
        eq(shiftAssignments.businessId, options.businessId),
        ...(options.teamId ? [eq(shiftAssignments.teamId, options.teamId)] : []),
        between(shiftAssignments.day, options.firstDay, options.lastDay),
        isNull(users.disabledAt),
        eq(profiles.businessId, shiftAssignments.businessId),
      ),
    )
    .groupBy(
      shiftAssignments.profileId,
      profiles.fullName,
      profiles.email,
      workPoints.pointsMilli,
      workPoints.roleLabel,
    )
    .orderBy(sql`min(${shiftAssignments.startsAt})`, asc(shiftAssignments.profileId));
  return rows.map((row) => ({ ...row, minutes: Number(row.minutes) }));
}

export type HoursWorkedRow = Awaited<ReturnType<typeof listHoursWorked>>[number];
