import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { businesses, paymentSessions, tips } from '../../db/schema';

/** The tip behind a payment session with its business's name (the demo checkout shows both). */
export async function selectSessionTip(
  executor: Executor,
  paymentSessionId: string,
): Promise<{ amountCents: number; platformFeeCents: number; businessName: string } | null> {
  const [row] = await executor
    .select({
      amountCents: tips.amountCents,
      platformFeeCents: tips.platformFeeCents,
      businessName: businesses.name,
    })
    .from(paymentSessions)
    .innerJoin(tips, eq(tips.id, paymentSessions.tipId))
    .innerJoin(businesses, eq(businesses.id, tips.businessId))
    .where(eq(paymentSessions.id, paymentSessionId));
  return row ?? null;
}
