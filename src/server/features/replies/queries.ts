import { and, eq, gt } from 'drizzle-orm';
import type { Tx } from '../../db/connect';
import { profiles, tipAllocations, tipReplies, tipReplyAddresses, tips } from '../../db/schema';

export type TipRow = typeof tips.$inferSelect;
export type TipReplyRow = typeof tipReplies.$inferSelect;

export async function lockTip(tx: Tx, tipId: string): Promise<TipRow | null> {
  const [tip] = await tx.select().from(tips).where(eq(tips.id, tipId)).for('update');
  return tip ?? null;
}

/** The employee's share of a team tip with money in it, if any. */
export async function selectShareOf(
  tx: Tx,
  tipId: string,
  profileId: string,
): Promise<{ id: string } | undefined> {
  const [share] = await tx
    .select({ id: tipAllocations.id })
    .from(tipAllocations)
    .where(
      and(
        eq(tipAllocations.tipId, tipId),
        eq(tipAllocations.profileId, profileId),
        gt(tipAllocations.amountCents, 0),
      ),
    )
    .limit(1);
  return share;
}

/** Writes the reply unless the tip has one; the row written, or null. */
export async function insertReply(
  tx: Tx,
  values: typeof tipReplies.$inferInsert,
): Promise<TipReplyRow | null> {
  const [written] = await tx.insert(tipReplies).values(values).onConflictDoNothing().returning();
  return written ?? null;
}

/** Takes the kept reply address of a tip out (deletes it) and answers it. */
export async function takeReplyAddress(tx: Tx, tipId: string) {
  const [kept] = await tx
    .delete(tipReplyAddresses)
    .where(eq(tipReplyAddresses.tipId, tipId))
    .returning();
  return kept ?? null;
}

export async function selectFullName(
  tx: Tx,
  profileId: string,
): Promise<{ fullName: string | null } | null> {
  const [author] = await tx
    .select({ fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return author ?? null;
}
