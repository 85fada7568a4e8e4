import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/connect';
import { demoPayouts, demoTransfers } from '../../../db/schema';

/** Records a demo transfer unless its idempotency key has one; answers the one stored. */
export async function storeDemoTransfer(
  db: Executor,
  values: typeof demoTransfers.$inferInsert,
): Promise<{ id: string; amountCents: number } | null> {
  await db
    .insert(demoTransfers)
    .values(values)
    .onConflictDoNothing({ target: demoTransfers.idempotencyKey });
  const [row] = await db
    .select({ id: demoTransfers.id, amountCents: demoTransfers.amountCents })
    .from(demoTransfers)
    .where(eq(demoTransfers.idempotencyKey, values.idempotencyKey));
  return row ?? null;
}

/** Records a demo instant payout unless its idempotency key has one; answers the one stored. */
export async function storeDemoPayout(
  db: Executor,
  values: typeof demoPayouts.$inferInsert,
): Promise<{ id: string } | null> {
  await db
    .insert(demoPayouts)
    .values(values)
    .onConflictDoNothing({ target: demoPayouts.idempotencyKey });
  const [row] = await db
    .select({ id: demoPayouts.id })
    .from(demoPayouts)
    .where(eq(demoPayouts.idempotencyKey, values.idempotencyKey));
  return row ?? null;
}
