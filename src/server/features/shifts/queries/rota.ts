import { and, between, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/connect';
import { rotaImportMappings, shiftAssignments } from '../../../db/schema';

/** The business's last import mapping (decision 0670), or undefined. */
export async function findRotaMapping(db: Executor, businessId: string) {
  const [row] = await db
    .select({ mapping: rotaImportMappings.mapping })
    .from(rotaImportMappings)
    .where(eq(rotaImportMappings.businessId, businessId));
  return row?.mapping;
}

export async function saveRotaMapping(
  db: Executor,
  businessId: string,
  mapping: Record<string, unknown>,
  at: Date,
) {
  await db
    .insert(rotaImportMappings)
    .values({ businessId, mapping, updatedAt: at })
    .onConflictDoUpdate({ target: rotaImportMappings.businessId, set: { mapping, updatedAt: at } });
}

/** These people's assignments in the business on these days (overnight ones of the day before too). */
export function listPeopleAssignments(
  db: Executor,
  businessId: string,
  people: string[],
  from: string,
  to: string,
) {
  if (people.length === 0) return Promise.resolve([]);
  return db
    .select({
      entrypointId: shiftAssignments.entrypointId,
      teamId: shiftAssignments.teamId,
      profileId: shiftAssignments.profileId,
      startMinute: shiftAssignments.startMinute,
      endMinute: shiftAssignments.endMinute,
      startsAt: shiftAssignments.startsAt,
      endsAt: shiftAssignments.endsAt,
    })
    .from(shiftAssignments)
    .where(
      and(
        eq(shiftAssignments.businessId, businessId),
        inArray(shiftAssignments.profileId, people),
        between(shiftAssignments.day, from, to),
      ),
    );
}
