import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/connect';
import { profiles, tipAllocations, tipReplies, tipReplyAddresses, tips } from '../../db/schema';

export type TipRow = typeof tips.$inferSelect;

export async function selectTip(db: Executor, tipId: string): Promise<TipRow | undefined> {
  const [row] = await db.select().from(tips).where(eq(tips.id, tipId));
  return row;
}

/** The full name of the employee of a direct tip, as a list of one (or none). */
export async function selectEmployeeName(
  executor: Executor,
  employeeId: string,
): Promise<Array<{ fullName: string | null }>> {
  return executor
    .select({ fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, employeeId));
}

/** The full names of the people a team tip has a share for, largest share first. */
export async function selectShareholderNames(
  executor: Executor,
  tipId: string,
): Promise<Array<{ fullName: string | null }>> {
  return executor
    .select({ fullName: profiles.fullName })
    .from(tipAllocations)
    .innerJoin(profiles, eq(profiles.id, tipAllocations.profileId))
    .where(and(eq(tipAllocations.tipId, tipId), gt(tipAllocations.amountCents, 0)))
    .orderBy(desc(tipAllocations.amountCents), asc(profiles.fullName));
}

/** The reply to a tip with its author's full name (null once the author is gone). */
export async function selectReplyWithAuthor(executor: Executor, tipId: string) {
  const [row] = await executor
    .select({ reply: tipReplies, fullName: profiles.fullName })
    .from(tipReplies)
    .leftJoin(profiles, eq(profiles.id, tipReplies.employeeId))
    .where(eq(tipReplies.tipId, tipId));
  return row ?? null;
}

/** Keeps the sealed reply address of a tip (one per tip: a newer one replaces it). */
export async function upsertReplyAddress(
  tx: Tx,
  tipId: string,
  sealed: Omit<typeof tipReplyAddresses.$inferInsert, 'tipId'>,
): Promise<void> {
  await tx
    .insert(tipReplyAddresses)
    .values({ tipId, ...sealed })
    .onConflictDoUpdate({ target: tipReplyAddresses.tipId, set: sealed });
}
