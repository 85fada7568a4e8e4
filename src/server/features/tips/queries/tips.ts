import { and, desc, eq, gt } from 'drizzle-orm';
import type { FeedbackEmoji } from '../../../../shared/domain/tips';
import type { Executor, Tx } from '../../../db/connect';
import { payLaterLinks, paymentSessions, tips } from '../../../db/schema';

export type TipRow = typeof tips.$inferSelect;
export type PayLaterLinkRow = typeof payLaterLinks.$inferSelect;
export type PaymentSessionRow = typeof paymentSessions.$inferSelect;

export async function selectTip(db: Executor, tipId: string): Promise<TipRow | null> {
  const [tip] = await db.select().from(tips).where(eq(tips.id, tipId));
  return tip ?? null;
}

export async function lockTip(tx: Tx, tipId: string): Promise<TipRow | null> {
  const [tip] = await tx.select().from(tips).where(eq(tips.id, tipId)).for('update');
  return tip ?? null;
}

/** The tip of a payment session, by the provider's id of its checkout. */
export async function selectTipByProviderSessionId(
  db: Executor,
  providerSessionId: string,
): Promise<TipRow | null> {
  const [bySession] = await db
    .select({ tip: tips })
    .from(paymentSessions)
    .innerJoin(tips, eq(tips.id, paymentSessions.tipId))
    .where(eq(paymentSessions.providerSessionId, providerSessionId))
    .limit(1);
  return bySession?.tip ?? null;
}

export async function selectTipByPaymentIntent(
  db: Executor,
  paymentIntentId: string,
): Promise<TipRow | null> {
  const [byIntent] = await db
    .select()
    .from(tips)
    .where(eq(tips.paymentIntentId, paymentIntentId))
    .limit(1);
  return byIntent ?? null;
}

/** Writes the guest's reaction to a tip; the row after it. */
export async function setTipFeedback(
  tx: Tx,
  tipId: string,
  feedback: { emoji: FeedbackEmoji; message: string | null; at: Date },
): Promise<TipRow | undefined> {
  const [updated] = await tx
    .update(tips)
    .set({
      feedbackEmoji: feedback.emoji,
      feedbackMessage: feedback.message,
      feedbackAt: feedback.at,
      updatedAt: feedback.at,
    })
    .where(eq(tips.id, tipId))
    .returning();
  return updated;
}

export async function lockPayLaterLinkByTokenHash(
  tx: Tx,
  tokenHash: string,
): Promise<PayLaterLinkRow | null> {
  const [link] = await tx
    .select()
    .from(payLaterLinks)
    .where(eq(payLaterLinks.tokenHash, tokenHash))
    .for('update');
  return link ?? null;
}

export async function selectPayLaterLinkByTokenHash(
  executor: Executor,
  tokenHash: string,
): Promise<PayLaterLinkRow | null> {
  const [link] = await executor
    .select()
    .from(payLaterLinks)
    .where(eq(payLaterLinks.tokenHash, tokenHash));
  return link ?? null;
}

/** Whether a link has an attempt whose checkout is still open. */
export async function hasRunningAttemptOfLink(tx: Tx, linkId: string, now: Date): Promise<boolean> {
  const running = await tx
    .select({ id: tips.id })
    .from(tips)
    .innerJoin(paymentSessions, eq(paymentSessions.tipId, tips.id))
    .where(
      and(
        eq(tips.payLaterLinkId, linkId),
        eq(tips.status, 'initiated'),
        eq(paymentSessions.status, 'open'),
        gt(paymentSessions.expiresAt, now),
      ),
    )
    .limit(1);
  return running.length > 0;
}

/** The newest payment session of a tip: its attempt number and when it ended. */
export async function selectLastSessionOfTip(
  tx: Tx,
  tipId: string,
): Promise<{ attempt: number; endedAt: Date | null } | null> {
  const [session] = await tx
    .select({ attempt: paymentSessions.attempt, endedAt: paymentSessions.endedAt })
    .from(paymentSessions)
    .where(eq(paymentSessions.tipId, tipId))
    .orderBy(desc(paymentSessions.createdAt))
    .limit(1);
  return session ?? null;
}

/** Records the provider's checkout of a payment session. */
export async function setSessionCheckout(
  executor: Executor,
  sessionId: string,
  checkout: { providerSessionId: string; url: string },
): Promise<void> {
  await executor
    .update(paymentSessions)
    .set({ providerSessionId: checkout.providerSessionId, checkoutUrl: checkout.url })
    .where(eq(paymentSessions.id, sessionId));
}

export async function selectOpenSessionOfTip(
  db: Executor,
  tipId: string,
): Promise<PaymentSessionRow | null> {
  const [session] = await db
    .select()
    .from(paymentSessions)
    .where(and(eq(paymentSessions.tipId, tipId), eq(paymentSessions.status, 'open')))
    .limit(1);
  return session ?? null;
}

/** What a pay-later link for an attempt needs of it. */
export async function selectAttemptForLink(tx: Tx, tipId: string) {
  const [tip] = await tx
    .select({
      id: tips.id,
      flowId: tips.flowId,
      feedbackSecretHash: tips.feedbackSecretHash,
      entrypointId: tips.entrypointId,
      qrCodeId: tips.qrCodeId,
    })
    .from(tips)
    .where(eq(tips.id, tipId));
  return tip ?? null;
}

export async function insertPayLaterLink(
  tx: Tx,
  values: typeof payLaterLinks.$inferInsert,
): Promise<PayLaterLinkRow> {
  const [row] = await tx.insert(payLaterLinks).values(values).returning();
  return row!;
}
