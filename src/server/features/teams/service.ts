import {
  TEAM_ERRORS,
  type teamCreateSchema,
  type teamMembersSchema,
  type TeamSaveValues,
  type teamUpdateSchema,
  TEAM_WEIGHT_MAX,
} from '../../../shared/api/teams';
import { auditPersonName } from '../../../shared/domain/audit-events';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import type { AuditedBusinessScope } from '../businesses/scope';
import type { TeamWithMembers } from './presenter';
import {
  countActivePointsByTeam,
  countActivePointsOf,
  endMemberships,
  insertTeam,
  listActiveTeams,
  listCurrentMembers,
  listStaffOfBusiness,
  lockActiveTeam,
  updateTeamRow,
  upsertMember,
} from './queries';

export interface TeamContext {
  database: Database;
  clock: Clock;
}

export type TeamScope = AuditedBusinessScope;

/** The business's active teams with current members (by name) and their active point count. */
export async function listTeams(
  context: TeamContext,
  scope: TeamScope,
): Promise<TeamWithMembers[]> {
  const db = context.database.db;
  const rows = await listActiveTeams(db, scope.businessId);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const members = await listCurrentMembers(db, ids);
  const points = await countActivePointsByTeam(db, scope.businessId, ids);
  return rows.map((row) => ({
    ...row,
    members: members.filter((member) => member.teamId === row.id),
    pointCount: points.get(row.id) ?? 0,
  }));
}

async function teamOf(
  context: TeamContext,
  scope: TeamScope,
  id: string,
): Promise<TeamWithMembers> {
  const team = (await listTeams(context, scope)).find((candidate) => candidate.id === id);
  if (!team) throw new AppError(TEAM_ERRORS.team_not_found);
  return team;
}

async function lockTeam(tx: Executor, scope: TeamScope, id: string) {
  const row = await lockActiveTeam(tx, scope.businessId, id);
  if (!row) throw new AppError(TEAM_ERRORS.team_not_found);
  return row;
}

export async function createTeam(
  context: TeamContext,
  scope: TeamScope,
  input: z.output<typeof teamCreateSchema>,
): Promise<TeamWithMembers> {
  const now = context.clock.now();
  const id = await context.database.db.transaction(async (tx) => {
    const teamId = await insertTeam(tx, {
      businessId: scope.businessId,
      name: input.name,
      splitRule: input.splitRule,
      now,
    });
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'team_create',
      targetType: 'team',
      targetId: teamId,
      payload: { name: input.name, splitRule: input.splitRule },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
    return teamId;
  });
  return teamOf(context, scope, id);
}

export async function updateTeam(
  context: TeamContext,
  scope: TeamScope,
  id: string,
  input: z.output<typeof teamUpdateSchema>,
): Promise<TeamWithMembers> {
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    const current = await lockTeam(tx, scope, id);
    await updateTeamRow(tx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.splitRule !== undefined ? { splitRule: input.splitRule } : {}),
      updatedAt: now,
    });
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
  const found = wanted.length > 0 ? await listStaffOfBusiness(tx, scope.businessId, wanted) : [];
  if (found.length !== new Set(wanted).size) {
    throw new AppError(TEAM_ERRORS.team_member_not_found);
  }
  const names = new Map(found.map((person) => [person.id, auditPersonName(person)]));
  await endMemberships(tx, id, wanted, now);
  for (const member of members) await upsertMember(tx, id, member, now);
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
): Promise<TeamWithMembers> {
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
): Promise<TeamWithMembers> {
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
    await updateTeamRow(tx, id, { name: input.name, splitRule: input.splitRule, updatedAt: now });
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
    if ((await countActivePointsOf(tx, id)) > 0) throw new AppError(TEAM_ERRORS.team_has_points);
    await updateTeamRow(tx, id, { active: false, updatedAt: now });
    await endMemberships(tx, id, [], now);
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
