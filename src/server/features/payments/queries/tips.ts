import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/connect';
import { tips } from '../../../db/schema';

export type TipRow = typeof tips.$inferSelect;

/** Holds a tip for review unless it is held already; says whether this call held it. */
export async function holdTipForReview(
  tx: Executor,
  input: { tipId: string; reason: string; at: Date },
): Promise<boolean> {
  const held = await tx
    .update(tips)
    .set({ reviewReason: input.reason, reviewAt: input.at, updatedAt: input.at })
    .where(and(eq(tips.id, input.tipId), isNull(tips.reviewReason)))
    .returning({ id: tips.id });
  return held.length > 0;
}

/** The tip when it is a paid duplicate of another (pending or completed, with a payment). */
export async function selectPaidDuplicateTip(db: Executor, tipId: string): Promise<TipRow | null> {
  const [tip] = await db
    .select()
    .from(tips)
    .where(
      and(
        eq(tips.id, tipId),
        inArray(tips.status, ['pending', 'completed']),
        isNotNull(tips.paymentIntentId),
        isNotNull(tips.duplicateOf),
      ),
    );
  return tip ?? null;
}

/** The tips a provider payment paid. */
export async function selectTipIdsOfPayment(
  tx: Executor,
  paymentIntentId: string,
): Promise<Array<{ id: string }>> {
  return tx.select({ id: tips.id }).from(tips).where(eq(tips.paymentIntentId, paymentIntentId));
}
