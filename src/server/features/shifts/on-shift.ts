import { firstNameOf } from '../../../shared/domain/shifts';
import type { Executor } from '../../db/connect';
import { listActiveMembers, listAssignedAt, type TeamRow } from './queries';

export interface OnShift {
  profileId: string;
  fullName: string | null;
}

/**
 * Who is assigned to a point or a team at a moment (decision 0122): assignments whose range
 * holds the moment, of people whose account is not deactivated, in the order of the shift start;
 * each person once.
 */
export async function onShiftAt(
  executor: Executor,
  target: { entrypointId: string } | { teamId: string },
  at: Date,
): Promise<OnShift[]> {
  const rows = await listAssignedAt(executor, target, at);
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
  team: Pick<TeamRow, 'id' | 'splitRule'>,
): Promise<{ profileId: string; weight: number }[]> {
  const rows = await listActiveMembers(executor, team.id);
  return rows.map((row) => ({
    profileId: row.profileId,
    weight: team.splitRule === 'weighted' ? row.weight : 1,
  }));
}
