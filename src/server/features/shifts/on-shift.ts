import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import { firstNameOf } from '../../../shared/domain/shifts';
import type { Executor } from '../../db/connect';
import { profiles, shiftAssignments, teamMembers, type teams, users } from '../../db/schema';

export interface OnShift {
  profileId: string;
  fullName: string | null;
}

/**
 * Who is assigned to a point or a team at a moment (decision 0122): assignments whose range
 * holds the moment, of people whose account is not deactivated, in the order of the shift start.
 */
export async function onShiftAt(
  executor: Executor,
  target: { entrypointId: string } | { teamId: string },
  at: Date,
): Promise<OnShift[]> {
  const rows = await executor
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
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.profileId) && seen.add(row.profileId));
}

/** The first names a guest may read for the people on shift at an object point right now. */
export async function firstNamesOnShift(
  executor: Executor,
  entrypointId: string,
  at: Date,
): Promise<string[]> {
  const people = await onShiftAt(executor, { entrypointId }, at);
  return people.map((person) => firstNameOf(person.fullName)).filter((n): n is string => !!n);
}

/** The active members of a team with the weight the team's split rule gives each. */
export async function activeTeamMembers(
  executor: Executor,
  team: Pick<typeof teams.$inferSelect, 'id' | 'splitRule'>,
): Promise<{ profileId: string; weight: number }[]> {
  const rows = await executor
    .select({ profileId: teamMembers.profileId, weight: teamMembers.weight })
    .from(teamMembers)
    // Deactivated people keep their history but receive no new shares.
    .innerJoin(users, eq(users.id, teamMembers.profileId))
    .where(
      and(eq(teamMembers.teamId, team.id), isNull(teamMembers.leftAt), isNull(users.disabledAt)),
    )
    .orderBy(teamMembers.joinedAt, teamMembers.profileId);
  return rows.map((row) => ({
    profileId: row.profileId,
    weight: team.splitRule === 'weighted' ? row.weight : 1,
  }));
}
