import { and, eq, gt, isNull } from 'drizzle-orm';
import type { PaymentFailureReason } from '../../../../shared/domain/payments';
import type { Executor } from '../../../db/connect';
import { demoCheckoutSessions } from '../../../db/schema';

export type DemoCheckoutRow = typeof demoCheckoutSessions.$inferSelect;
export type NewDemoCheckout = typeof demoCheckoutSessions.$inferInsert;

export async function selectDemoCheckout(
  db: Executor,
  id: string,
): Promise<DemoCheckoutRow | null> {
  const [row] = await db.select().from(demoCheckoutSessions).where(eq(demoCheckoutSessions.id, id));
  return row ?? null;
}

/** Expires the checkout when it is still open. */
export async function expireOpenDemoCheckout(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .update(demoCheckoutSessions)
    .set({ status: 'expired', updatedAt: at })
    .where(and(eq(demoCheckoutSessions.id, id), eq(demoCheckoutSessions.status, 'open')));
}

/**
 * Inserts the checkout unless its payment session has one already; answers the id of the one
 * stored (read back only then).
 */
export async function insertDemoCheckout(
  executor: Executor,
  values: NewDemoCheckout,
): Promise<string> {
  const [inserted] = await executor
    .insert(demoCheckoutSessions)
    .values(values)
    .onConflictDoNothing({ target: demoCheckoutSessions.paymentSessionId })
    .returning({ id: demoCheckoutSessions.id });
  const [row] = inserted
    ? [inserted]
    : await executor
        .select({ id: demoCheckoutSessions.id })
        .from(demoCheckoutSessions)
        .where(eq(demoCheckoutSessions.paymentSessionId, values.paymentSessionId));
  return row!.id;
}

/** Sets the refund of a paid payment that has none yet. */
export async function refundPaidDemoPayment(
  db: Executor,
  input: { paymentId: string; refundId: string; at: Date },
): Promise<void> {
  await db
    .update(demoCheckoutSessions)
    .set({ refundId: input.refundId, refundedAt: input.at, updatedAt: input.at })
    .where(
      and(
        eq(demoCheckoutSessions.paymentId, input.paymentId),
        eq(demoCheckoutSessions.status, 'paid'),
        isNull(demoCheckoutSessions.refundId),
      ),
    );
}

export async function selectDemoRefundId(
  db: Executor,
  paymentId: string,
): Promise<{ refundId: string | null } | null> {
  const [row] = await db
    .select({ refundId: demoCheckoutSessions.refundId })
    .from(demoCheckoutSessions)
    .where(eq(demoCheckoutSessions.paymentId, paymentId));
  return row ?? null;
}

/** Pays or fails a checkout still open and not past its time; null when it was not. */
export async function decideOpenDemoCheckout(
  db: Executor,
  id: string,
  outcome: { paid: true; paymentId: string } | { paid: false; reason: PaymentFailureReason },
  now: Date,
): Promise<DemoCheckoutRow | null> {
  const [row] = await db
    .update(demoCheckoutSessions)
    .set(
      outcome.paid
        ? { status: 'paid', paymentId: outcome.paymentId, updatedAt: now }
        : { status: 'failed', failureReason: outcome.reason, updatedAt: now },
    )
    .where(
      and(
        eq(demoCheckoutSessions.id, id),
        eq(demoCheckoutSessions.status, 'open'),
        gt(demoCheckoutSessions.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}
