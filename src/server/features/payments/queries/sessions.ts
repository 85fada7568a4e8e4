import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PaymentProviderName } from '../../../../shared/domain/tips';
import type { Executor, Tx } from '../../../db/connect';
import { businesses, paymentSessions, tips } from '../../../db/schema';

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

export type PaymentSessionRow = typeof paymentSessions.$inferSelect;

/** The session a provider's checkout belongs to, by the provider's id of it. */
export async function selectSessionByProviderSessionId(
  db: Executor,
  provider: PaymentProviderName,
  providerSessionId: string,
): Promise<PaymentSessionRow | null> {
  const [row] = await db
    .select()
    .from(paymentSessions)
    .where(
      and(
        eq(paymentSessions.provider, provider),
        eq(paymentSessions.providerSessionId, providerSessionId),
      ),
    );
  return row ?? null;
}

export async function selectSessionOfProvider(
  db: Executor,
  provider: PaymentProviderName,
  paymentSessionId: string,
): Promise<PaymentSessionRow | null> {
  const [row] = await db
    .select()
    .from(paymentSessions)
    .where(and(eq(paymentSessions.id, paymentSessionId), eq(paymentSessions.provider, provider)));
  return row ?? null;
}

export async function setProviderSessionId(
  tx: Executor,
  sessionId: string,
  providerSessionId: string,
): Promise<void> {
  await tx
    .update(paymentSessions)
    .set({ providerSessionId })
    .where(eq(paymentSessions.id, sessionId));
}

/**
 * Locks open sessions past their time, oldest first, skipping those another transaction holds
 * (`FOR UPDATE SKIP LOCKED`: each is claimed by exactly one caller).
 */
export async function lockOverdueSessions(
  tx: Tx,
  input: { now: Date; limit: number; guestSessionId?: string | undefined },
) {
  return tx
    .select({
      id: paymentSessions.id,
      tipId: paymentSessions.tipId,
      provider: paymentSessions.provider,
      providerSessionId: paymentSessions.providerSessionId,
    })
    .from(paymentSessions)
    .where(
      and(
        eq(paymentSessions.status, 'open'),
        lte(paymentSessions.expiresAt, input.now),
        ...(input.guestSessionId ? [eq(paymentSessions.guestSessionId, input.guestSessionId)] : []),
      ),
    )
    .orderBy(asc(paymentSessions.expiresAt))
    .limit(input.limit)
    .for('update', { skipLocked: true });
}

/**
 * Locks stale sessions, oldest first, skipping locked ones: open ones created before `openBefore`
 * and not asked about since `askedBefore`, and ones we expired since `expiredSince` and not asked
 * about after that.
 */
export async function lockStaleSessions(
  tx: Tx,
  input: { openBefore: Date; askedBefore: Date; expiredSince: Date; limit: number },
) {
  const { openBefore, askedBefore, expiredSince } = input;
  return tx
    .select({
      id: paymentSessions.id,
      provider: paymentSessions.provider,
      providerSessionId: paymentSessions.providerSessionId,
      status: paymentSessions.status,
    })
    .from(paymentSessions)
    .where(
      or(
        and(
          eq(paymentSessions.status, 'open'),
          lte(paymentSessions.createdAt, openBefore),
          or(isNull(paymentSessions.reconciledAt), lte(paymentSessions.reconciledAt, askedBefore)),
        ),
        and(
          eq(paymentSessions.status, 'expired'),
          eq(paymentSessions.failureReason, 'session_expired'),
          gte(paymentSessions.endedAt, expiredSince),
          or(
            isNull(paymentSessions.reconciledAt),
            lt(paymentSessions.reconciledAt, paymentSessions.endedAt),
          ),
        ),
      ),
    )
    .orderBy(asc(paymentSessions.createdAt))
    .limit(input.limit)
    .for('update', { skipLocked: true });
}

/** Sets the reconciliation lease of these sessions. */
export async function setReconciledAt(tx: Executor, ids: string[], at: Date): Promise<void> {
  await tx
    .update(paymentSessions)
    .set({ reconciledAt: at })
    .where(inArray(paymentSessions.id, ids));
}

/** Gives up the reconciliation lease of these sessions. */
export async function clearReconciledAt(db: Executor, ids: string[]): Promise<void> {
  await db
    .update(paymentSessions)
    .set({ reconciledAt: sql`NULL` })
    .where(inArray(paymentSessions.id, ids));
}

/** Gives up the reconciliation lease of one session. */
export async function clearReconciledAtOf(db: Executor, id: string): Promise<void> {
  await db
    .update(paymentSessions)
    .set({ reconciledAt: sql`NULL` })
    .where(eq(paymentSessions.id, id));
}
