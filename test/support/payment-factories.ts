import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../src/server/db/connect';
import { teamMembers } from '../../src/server/db/schema';
import type { FactoryTeam } from './factories';

/**
 * Factory additions for the payment tests: what a tip's receiver can be beyond the payment
 * points `createBusiness` makes.
 */

/**
 * Gives a team's members their weights for a weighted split, in the order of `team.memberIds`
 * (the factory creates every member with weight 1).
 */
export async function setTeamWeights(
  db: Executor,
  team: FactoryTeam,
  weights: number[],
): Promise<void> {
  if (weights.length !== team.memberIds.length) {
    throw new Error(`setTeamWeights: ${team.memberIds.length} members, ${weights.length} weights`);
  }
  for (const [index, profileId] of team.memberIds.entries()) {
    await db
      .update(teamMembers)
      .set({ weight: weights[index]! })
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.profileId, profileId)));
  }
}
