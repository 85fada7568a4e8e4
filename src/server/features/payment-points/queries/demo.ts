import { and, asc, eq, isNull, like, sql } from 'drizzle-orm';
import {
  DEMO_ENTRYPOINT_PREFIX,
  PRODUCT_ENTRYPOINT_ORIGIN,
} from '../../../../shared/domain/constants';
import type { Tx } from '../../../db/connect';
import { paymentEntrypoints, profiles, teamMembers, teams, users } from '../../../db/schema';
import type { PointInsert } from './points';

/** The business's active employees with a name, by name. */
export function listNamedEmployees(tx: Tx, businessId: string) {
  return tx
    .select({ id: profiles.id, fullName: profiles.fullName, jobTitle: profiles.jobTitle })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(
      and(
        eq(profiles.businessId, businessId),
        eq(profiles.role, 'employee'),
        isNull(users.disabledAt),
        sql`coalesce(trim(${profiles.fullName}), '') <> ''`,
      ),
    )
    .orderBy(asc(profiles.fullName), asc(profiles.id));
}

/** The business's active teams, by name. */
export function listActiveTeams(tx: Tx, businessId: string) {
  return tx
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.businessId, businessId), eq(teams.active, true)))
    .orderBy(asc(teams.name), asc(teams.id));
}

/** A new team with these people as members. */
export async function insertTeamWithMembers(
  tx: Tx,
  team: { businessId: string; name: string; memberIds: string[]; now: Date },
): Promise<{ id: string; name: string }> {
  const [row] = await tx
    .insert(teams)
    .values({
      businessId: team.businessId,
      name: team.name,
      createdAt: team.now,
      updatedAt: team.now,
    })
    .returning({ id: teams.id, name: teams.name });
  await tx
    .insert(teamMembers)
    .values(
      team.memberIds.map((profileId) => ({ teamId: row!.id, profileId, joinedAt: team.now })),
    );
  return row!;
}

/** Deletes the business's demo points (this product's origin, uid "aio-…"); answers how many. */
export async function deleteDemoPoints(tx: Tx, businessId: string): Promise<number> {
  const removed = await tx
    .delete(paymentEntrypoints)
    .where(
      and(
        eq(paymentEntrypoints.businessId, businessId),
        eq(paymentEntrypoints.origin, PRODUCT_ENTRYPOINT_ORIGIN),
        like(paymentEntrypoints.uid, `${DEMO_ENTRYPOINT_PREFIX}%`),
      ),
    )
    .returning({ id: paymentEntrypoints.id });
  return removed.length;
}

export async function insertPoint(tx: Tx, values: PointInsert): Promise<string> {
  const [inserted] = await tx
    .insert(paymentEntrypoints)
    .values(values)
    .returning({ id: paymentEntrypoints.id });
  return inserted!.id;
}
