import { and, asc, count, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import {
  TEAM_ERRORS,
  type Team,
  type teamCreateSchema,
  type teamMembersSchema,
  type TeamSaveValues,
  type teamUpdateSchema,
  TEAM_WEIGHT_MAX,
} from '../../../shared/api/teams';
import { auditPersonName } from '../../../shared/domain/audit-events';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/connect';
import { paymentEntrypoints, profiles, teamMembers, teams } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import type { AuditedBusinessScope } from '../businesses/scope';

export interface TeamContext {
  database: Database;
  clock: Clock;
}

export type TeamScope = AuditedBusinessScope;

/** The business's active teams with current members (by name) and their active point count. */
export async function listTeams(context: TeamContext, scope: TeamScope): Promise<Team[]> {
  const db = context.database.db;
  const rows = await db
    .select({ id: teams.id, name: teams.name, splitRule: teams.splitRule })
    .from(teams)
    .where(and(eq(teams.businessId, scope.businessId), eq(teams.active, true)))
    .orderBy(asc(teams.name), asc(teams.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const members = await db
    .select({
      teamId: teamMembers.teamId,
      profileId: teamMembers.profileId,
      weight: teamMembers.weight,
      fullName: profiles.fullName,
      email: profiles.email,
    })
    .from(teamMembers)
    .innerJoin(profiles, eq(profiles.id, teamMembers.profileId))
    .where(and(inArray(teamMembers.teamId, ids), isNull(teamMembers.leftAt)))
    .orderBy(asc(sql`lower(coalesce(${profiles.fullName}, ${profiles.email}))`));
  const points = await db
    .select({ teamId: paymentEntrypoints.targetId, n: count() })
    .from(paymentEntrypoints)
    .where(
      and(
        eq(paymentEntrypoints.businessId, scope.businessId),
        eq(paymentEntrypoints.targetType, 'team'),
        eq(paymentEntrypoints.active, true),
        inArray(paymentEntrypoints.targetId, ids),
      ),
    )
    .groupBy(paymentEntrypoints.targetId);
  return rows.map((row) => ({
    ...row,
    members: members
      .filter((member) => member.teamId === row.id)
      .map(({ profileId, fullName, email, weight }) => ({ profileId, fullName, email, weight })),
    pointCount: Number(points.find((p) => p.teamId === row.id)?.n ?? 0),
  }));
}

async function teamOf(context: TeamContext, scope: TeamScope, id: string): Promise<Team> {
  const team = (await listTeams(context, scope)).find((candidate) => candidate.id === id);
  if (!team) throw new AppError(TEAM_ERRORS.team_not_found);
  return team;
}

async function lockTeam(tx: Executor, scope: TeamScope, id: string) {
  const [row] = await tx
    .select()
    .from(teams)
    .where(and(eq(teams.id, id), eq(teams.businessId, scope.businessId), eq(teams.active, true)))
    .for('update');
  if (!row) throw new AppError(TEAM_ERRORS.team_not_found);
  return row;
}

export async function createTeam(
  context: TeamContext,
  scope: TeamScope,
  input: z.output<typeof teamCreateSchema>,
): Promise<Team> {
  const now = context.clock.now();
  const id = await context.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(teams)
      .values({
        businessId: scope.businessId,
        name: input.name,
        splitRule: input.splitRule,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: teams.id });
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'team_create',
      targetType: 'team',
      targetId: row!.id,
      payload: { name: input.name, splitRule: input.splitRule },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
    return row!.id;
  });
  return teamOf(context, scope, id);
}

export async function updateTeam(
  context: TeamContext,
  scope: TeamScope,
  id: string,
  input: z.output<typeof teamUpdateSchema>,
): Promise<Team> {
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    const current = await lockTeam(tx, scope, id);
    await tx
      .update(teams)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.splitRule !== undefined ? { splitRule: input.splitRule } : {}),
        updatedAt: now,
      })
      .where(eq(teams.id, id));
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'team_update',
      targetType: 'team',
      targetId: id,
      payload: {
        teamName: input.name ?? current.name,
        fields: (Object.keys(input) as (keyof typeof input)[]).sort(),
        ...(input.name !== undefined && input.name !== current.name
          ? { name: { from: current.name, to: input.name } }
          : {}),
        ...(input.splitRule !== undefined && input.splitRule !== current.splitRule
          ? { splitRule: { from: current.splitRule, to: input.splitRule } }
          : {}),
      },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
  });
  return teamOf(context, scope, id);
}

/**
 * Replaces the team's current members (inside the caller's transaction). Refuses, before writing
 * anything, a person who is not of this business. Returns the members' names for the audit log.
 */
async function replaceMembers(
  tx: Executor,
  scope: TeamScope,
  id: string,
  members: readonly { profileId: string; weight: number }[],
  now: Date,
): Promise<Map<string, string>> {
  const wanted = members.map((member) => member.profileId);
  const found =
    wanted.length > 0
      ? await tx
          .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
          .from(profiles)
          .where(
            and(
              inArray(profiles.id, wanted),
              eq(profiles.businessId, scope.businessId),
              // A platform admin is not staff of the business they sit in (decision 0481).
              ne(profiles.role, 'admin'),
            ),
          )
      : [];
  if (found.length !== new Set(wanted).size) {
    throw new AppError(TEAM_ERRORS.team_member_not_found);
  }
  const names = new Map(found.map((person) => [person.id, auditPersonName(person)]));
  await tx
    .update(teamMembers)
    .set({ leftAt: now })
    .where(
      and(
        eq(teamMembers.teamId, id),
        isNull(teamMembers.leftAt),
        ...(wanted.length > 0 ? [notInArray(teamMembers.profileId, wanted)] : []),
      ),
    );
  for (const member of members) {
    await tx
      .insert(teamMembers)
      .values({ teamId: id, profileId: member.profileId, weight: member.weight, joinedAt: now })
      .onConflictDoUpdate({
        target: [teamMembers.teamId, teamMembers.profileId],
        set: {
          weight: member.weight,
          joinedAt: sql`CASE WHEN ${teamMembers.leftAt} IS NULL THEN ${teamMembers.joinedAt} ELSE ${now.toISOString()}::timestamptz END`,
          leftAt: null,
        },
      });
  }
  return names;
}

/**
 * Sets the team's members and their points. People who leave keep their past shares (left_at);
 * only tips paid from now on follow the new membership.
 */
export async function setTeamMembers(
  context: TeamContext,
  scope: TeamScope,
  id: string,
  input: z.output<typeof teamMembersSchema>,
): Promise<Team> {
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    const team = await lockTeam(tx, scope, id);
    const names = await replaceMembers(tx, scope, id, input.members, now);
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'team_update',
      targetType: 'team',
      targetId: id,
      payload: {
        teamName: team.name,
        members: input.members.map((m) => ({
          profileId: m.profileId,
          personName: names.get(m.profileId) ?? '',
          weight: m.weight,
        })),
      },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
  });
  return teamOf(context, scope, id);
}

/**
 * Saves name, split rule and members of a team in ONE transaction (decision
 * 0390): a refused member list leaves the whole team unchanged. With an equal split points do
 * not count; an out-of-range one is stored as 1.
 */
export async function saveTeam(
  context: TeamContext,
  scope: TeamScope,
  id: string,
  input: TeamSaveValues,
): Promise<Team> {
  const now = context.clock.now();
  const members = input.members.map((member) => ({
    profileId: member.profileId,
    weight:
      Number.isInteger(member.weight) && member.weight >= 1 && member.weight <= TEAM_WEIGHT_MAX
        ? member.weight
        : 1,
  }));
  await context.database.db.transaction(async (tx) => {
    const current = await lockTeam(tx, scope, id);
    const names = await replaceMembers(tx, scope, id, members, now);
    await tx
      .update(teams)
      .set({ name: input.name, splitRule: input.splitRule, updatedAt: now })
      .where(eq(teams.id, id));
    const fields = [
      ...(input.name !== current.name ? (['name'] as const) : []),
      ...(input.splitRule !== current.splitRule ? (['splitRule'] as const) : []),
    ];
    const audit = { actor: scope.actor, request: scope.request, businessId: scope.businessId };
    if (fields.length > 0) {
      await writeAudit(tx, {
        ...audit,
        action: 'team_update',
        targetType: 'team',
        targetId: id,
        payload: {
          teamName: input.name,
          fields,
          ...(input.name !== current.name ? { name: { from: current.name, to: input.name } } : {}),
          ...(input.splitRule !== current.splitRule
            ? { splitRule: { from: current.splitRule, to: input.splitRule } }
            : {}),
        },
        at: now,
      });
    }
    await writeAudit(tx, {
      ...audit,
      action: 'team_update',
      targetType: 'team',
      targetId: id,
      payload: {
        teamName: input.name,
        members: members.map((m) => ({
          profileId: m.profileId,
          personName: names.get(m.profileId) ?? '',
          weight: m.weight,
        })),
      },
      at: now,
    });
  });
  return teamOf(context, scope, id);
}

/**
 * Deletes a team: it disappears from the console and can get no new members or points; its past
 * tips and shares keep its name. Refused while active payment points still tip it.
 */
export async function deleteTeam(context: TeamContext, scope: TeamScope, id: string) {
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    const current = await lockTeam(tx, scope, id);
    const [points] = await tx
      .select({ n: count() })
      .from(paymentEntrypoints)
      .where(
        and(
          eq(paymentEntrypoints.targetType, 'team'),
          eq(paymentEntrypoints.targetId, id),
          eq(paymentEntrypoints.active, true),
        ),
      );
    if (Number(points?.n ?? 0) > 0) throw new AppError(TEAM_ERRORS.team_has_points);
    await tx.update(teams).set({ active: false, updatedAt: now }).where(eq(teams.id, id));
    await tx
      .update(teamMembers)
      .set({ leftAt: now })
      .where(and(eq(teamMembers.teamId, id), isNull(teamMembers.leftAt)));
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'team_delete',
      targetType: 'team',
      targetId: id,
      payload: { name: current.name },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
  });
}
