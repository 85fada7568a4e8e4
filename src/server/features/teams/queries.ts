import { and, asc, count, desc, eq, gte, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { PAID_TIP_STATUSES } from '../../../shared/domain/tips';
import type { Executor } from '../../db/connect';
import {
  adminAuditLog,
  businesses,
  paymentEntrypoints,
  profiles,
  teamMembers,
  teams,
  tipAllocations,
  tips,
  workPoints,
} from '../../db/schema';

export type TeamRow = typeof teams.$inferSelect;
export type TeamSplitRule = TeamRow['splitRule'];

/** The business's active teams, by name. */
export function listActiveTeams(db: Executor, businessId: string) {
  return db
    .select({ id: teams.id, name: teams.name, splitRule: teams.splitRule })
    .from(teams)
    .where(and(eq(teams.businessId, businessId), eq(teams.active, true)))
    .orderBy(asc(teams.name), asc(teams.id));
}

/** The current members of these teams, by name (else e-mail address). */
export function listCurrentMembers(db: Executor, teamIds: string[]) {
  return db
    .select({
      teamId: teamMembers.teamId,
      profileId: teamMembers.profileId,
      weight: teamMembers.weight,
      fullName: profiles.fullName,
      email: profiles.email,
    })
    .from(teamMembers)
    .innerJoin(profiles, eq(profiles.id, teamMembers.profileId))
    .where(and(inArray(teamMembers.teamId, teamIds), isNull(teamMembers.leftAt)))
    .orderBy(asc(sql`lower(coalesce(${profiles.fullName}, ${profiles.email}))`));
}

export type TeamMemberRow = Awaited<ReturnType<typeof listCurrentMembers>>[number];

/** How many active payment points of the business tip each of these teams. */
export async function countActivePointsByTeam(
  db: Executor,
  businessId: string,
  teamIds: string[],
): Promise<Map<string, number>> {
  const rows = await db
    .select({ teamId: paymentEntrypoints.targetId, n: count() })
    .from(paymentEntrypoints)
    .where(
      and(
        eq(paymentEntrypoints.businessId, businessId),
        eq(paymentEntrypoints.targetType, 'team'),
        eq(paymentEntrypoints.active, true),
        inArray(paymentEntrypoints.targetId, teamIds),
      ),
    )
    .groupBy(paymentEntrypoints.targetId);
  return new Map(rows.map((row) => [row.teamId, Number(row.n)]));
}

/** The active team of the business, locked for the transaction, or undefined. */
export async function lockActiveTeam(
  tx: Executor,
  businessId: string,
  id: string,
): Promise<TeamRow | undefined> {
  const [row] = await tx
    .select()
    .from(teams)
    .where(and(eq(teams.id, id), eq(teams.businessId, businessId), eq(teams.active, true)))
    .for('update');
  return row;
}

export async function insertTeam(
  tx: Executor,
  team: { businessId: string; name: string; splitRule: TeamSplitRule; now: Date },
): Promise<string> {
  const [row] = await tx
    .insert(teams)
    .values({
      businessId: team.businessId,
      name: team.name,
      splitRule: team.splitRule,
      createdAt: team.now,
      updatedAt: team.now,
    })
    .returning({ id: teams.id });
  return row!.id;
}

export async function updateTeamRow(
  tx: Executor,
  id: string,
  changes: { name?: string; splitRule?: TeamSplitRule; active?: boolean; updatedAt: Date },
): Promise<void> {
  await tx.update(teams).set(changes).where(eq(teams.id, id));
}

/** The people of the business among these ids that may be team members (no platform admin). */
export function listStaffOfBusiness(tx: Executor, businessId: string, ids: string[]) {
  return tx
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(
      and(
        inArray(profiles.id, ids),
        eq(profiles.businessId, businessId),
        // A platform admin is not staff of the business they sit in (decision 0481).
        ne(profiles.role, 'admin'),
      ),
    );
}

/** Ends the current memberships of the team, except those of `keep`. */
export async function endMemberships(
  tx: Executor,
  teamId: string,
  keep: string[],
  now: Date,
): Promise<void> {
  await tx
    .update(teamMembers)
    .set({ leftAt: now })
    .where(
      and(
        eq(teamMembers.teamId, teamId),
        isNull(teamMembers.leftAt),
        ...(keep.length > 0 ? [notInArray(teamMembers.profileId, keep)] : []),
      ),
    );
}

/** Makes the person a current member with this weight; a returning member joins anew. */
export async function upsertMember(
  tx: Executor,
  teamId: string,
  member: { profileId: string; weight: number },
  now: Date,
): Promise<void> {
  await tx
    .insert(teamMembers)
    .values({ teamId, profileId: member.profileId, weight: member.weight, joinedAt: now })
    .onConflictDoUpdate({
      target: [teamMembers.teamId, teamMembers.profileId],
      set: {
        weight: member.weight,
        joinedAt: sql`CASE WHEN ${teamMembers.leftAt} IS NULL THEN ${teamMembers.joinedAt} ELSE ${now.toISOString()}::timestamptz END`,
        leftAt: null,
      },
    });
}

/** How many active payment points tip this team. */
export async function countActivePointsOf(tx: Executor, teamId: string): Promise<number> {
  const [points] = await tx
    .select({ n: count() })
    .from(paymentEntrypoints)
    .where(
      and(
        eq(paymentEntrypoints.targetType, 'team'),
        eq(paymentEntrypoints.targetId, teamId),
        eq(paymentEntrypoints.active, true),
      ),
    );
  return Number(points?.n ?? 0);
}

/** The active teams the person is a current member of, by name. */
export function listTeamsOfMember(db: Executor, profileId: string) {
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, and(eq(teams.id, teamMembers.teamId), eq(teams.active, true)))
    .where(and(eq(teamMembers.profileId, profileId), isNull(teamMembers.leftAt)))
    .orderBy(asc(teams.name), asc(teams.id));
}

/** The paid tips of these teams since a moment, newest first, at most `limit`. */
export function listPaidTeamTips(db: Executor, teamIds: string[], since: Date, limit: number) {
  return db
    .select({
      id: tips.id,
      teamId: tips.teamId,
      createdAt: tips.createdAt,
      amountCents: tips.amountCents,
      currency: tips.currency,
      guestMessage: tips.guestMessage,
      feedbackEmoji: tips.feedbackEmoji,
      feedbackMessage: tips.feedbackMessage,
    })
    .from(tips)
    .where(
      and(
        inArray(tips.teamId, teamIds),
        inArray(tips.status, [...PAID_TIP_STATUSES]),
        gte(tips.createdAt, since),
      ),
    )
    .orderBy(desc(tips.createdAt), asc(tips.id))
    .limit(limit);
}

export type TeamTipRow = Awaited<ReturnType<typeof listPaidTeamTips>>[number];

/** Every share of these tips with its person's name, largest first. */
export function listSharesOf(db: Executor, tipIds: string[]) {
  return db
    .select({
      tipId: tipAllocations.tipId,
      profileId: tipAllocations.profileId,
      amountCents: tipAllocations.amountCents,
      reason: tipAllocations.reason,
      fullName: profiles.fullName,
      email: profiles.email,
    })
    .from(tipAllocations)
    .innerJoin(profiles, eq(profiles.id, tipAllocations.profileId))
    .where(inArray(tipAllocations.tipId, tipIds))
    .orderBy(desc(tipAllocations.amountCents), asc(profiles.fullName));
}

export type TeamTipShareRow = Awaited<ReturnType<typeof listSharesOf>>[number];

/** The business's staff (no platform admin) with their points for splits by hours, by name. */
export function listWorkPointRows(db: Executor, businessId: string) {
  return db
    .select({
      profileId: profiles.id,
      fullName: profiles.fullName,
      email: profiles.email,
      pointsMilli: workPoints.pointsMilli,
      role: workPoints.roleLabel,
    })
    .from(profiles)
    .leftJoin(workPoints, eq(workPoints.profileId, profiles.id))
    .where(and(eq(profiles.businessId, businessId), ne(profiles.role, 'admin')))
    .orderBy(asc(sql`lower(coalesce(${profiles.fullName}, ${profiles.email}))`), asc(profiles.id));
}

/** Sets these people's points (thousandths) and role labels (decision 0660). */
export async function upsertWorkPoints(
  tx: Executor,
  businessId: string,
  items: readonly { profileId: string; points: number; role: string }[],
  now: Date,
): Promise<void> {
  for (const item of items) {
    await tx
      .insert(workPoints)
      .values({
        profileId: item.profileId,
        businessId,
        pointsMilli: item.points,
        roleLabel: item.role,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: workPoints.profileId,
        set: { pointsMilli: item.points, roleLabel: item.role, updatedAt: now },
      });
  }
}

/** An active team of the business with its rule and creation time (for the rule notice). */
export async function teamForNotice(db: Executor, businessId: string, id: string) {
  const [row] = await db
    .select({
      id: teams.id,
      name: teams.name,
      splitRule: teams.splitRule,
      createdAt: teams.createdAt,
      businessName: businesses.name,
    })
    .from(teams)
    .innerJoin(businesses, eq(businesses.id, teams.businessId))
    .where(and(eq(teams.id, id), eq(teams.businessId, businessId), eq(teams.active, true)));
  return row;
}

/**
 * When the team's split rule was last set: the latest audit row of the team that names a
 * split rule (team_create carries it, team_update only when it changed).
 */
export async function splitRuleSetAt(db: Executor, teamId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: adminAuditLog.createdAt })
    .from(adminAuditLog)
    .where(
      and(
        eq(adminAuditLog.targetType, 'team'),
        eq(adminAuditLog.targetId, teamId),
        inArray(adminAuditLog.action, ['team_create', 'team_update']),
        sql`${adminAuditLog.payload} -> 'splitRule' is not null`,
      ),
    )
    .orderBy(desc(adminAuditLog.createdAt))
    .limit(1);
  return row?.at ?? null;
}
