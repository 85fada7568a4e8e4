import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { PaymentSessionStatus } from '../../../shared/domain/tips';
import type { Executor, Tx } from '../../db/connect';
import { payLaterLinks, paymentSessions, tipAllocations, tips } from '../../db/schema';
import { recordAnalyticsEvent } from '../analytics/service';
import { allocatePaidTip } from '../shifts/routing';
import type { TipChange } from './events';
import { statusesBefore } from './policy';

export type TipRow = typeof tips.$inferSelect;

/**
 * Every tip status move is one guarded UPDATE: it changes the row only when the current status
 * may move to the new one (policy.ts), and returns null otherwise. Callers publish the returned
 * change after their transaction commits.
 */

function changeOf(tip: TipRow, employeeIds: string[]): TipChange {
  return {
    tipId: tip.id,
    status: tip.status,
    employeeIds,
    teamId: tip.teamId,
    businessId: tip.businessId,
  };
}

/** Who should see a tip: the direct employee, or everyone with an allocation of it. */
export async function tipAudience(executor: Executor, tip: TipRow): Promise<string[]> {
  if (tip.employeeId) return [tip.employeeId];
  const rows = await executor
    .select({ profileId: tipAllocations.profileId })
    .from(tipAllocations)
    .where(eq(tipAllocations.tipId, tip.id));
  return rows.map((row) => row.profileId);
}

/** The guest's money arrived: initiated (or given up on our side) -> pending, exactly once. */
export async function markTipPaid(
  tx: Tx,
  input: { tipId: string; paymentId: string | null; at: Date },
): Promise<TipChange | null> {
  const [tip] = await tx
    .update(tips)
    .set({
      status: 'pending',
      paidAt: input.at,
      failureReason: null,
      updatedAt: input.at,
      ...(input.paymentId ? { paymentIntentId: input.paymentId } : {}),
    })
    .where(and(eq(tips.id, input.tipId), inArray(tips.status, statusesBefore('pending'))))
    .returning();
  if (!tip) return null;
  if (tip.payLaterLinkId) await claimPayLaterLink(tx, tip, input.at);
  // Team, shift and object routing (decision 0122); a person's tip needs no allocation.
  await allocatePaidTip(tx, tip, input.at);
  await recordAnalyticsEvent(tx, {
    name: 'payment_success',
    businessId: tip.businessId,
    entrypointUid: tip.entrypointUid,
    tipId: tip.id,
    properties: {
      amount_cents: tip.amountCents,
      fee_covered: tip.platformFeeCovered,
      method: tip.paymentMethod,
    },
    at: input.at,
  });
  return changeOf(tip, await tipAudience(tx, tip));
}

/**
 * Marks a pay-later link as paid by this tip, once. Starting a payment refuses a used link and
 * a second running checkout, so a link paid twice can only come from a checkout that the provider
 * completed after we had given it up; that payment is reported as `pay_later_paid_twice` and,
 * right after this transaction, refunded (payments/duplicate-refund.ts).
 */
async function claimPayLaterLink(tx: Tx, tip: TipRow, at: Date): Promise<void> {
  const claimed = await tx
    .update(payLaterLinks)
    .set({ paidTipId: tip.id, usedAt: at })
    .where(and(eq(payLaterLinks.id, tip.payLaterLinkId!), isNull(payLaterLinks.paidTipId)))
    .returning({ id: payLaterLinks.id });
  if (claimed.length > 0) return;
  await recordAnalyticsEvent(tx, {
    name: 'pay_later_paid_twice',
    businessId: tip.businessId,
    entrypointUid: tip.entrypointUid,
    tipId: tip.id,
    properties: { amount_cents: tip.amountCents },
    at,
  });
}

/** A payment that did not go through: initiated -> failed | cancelled | expired. */
export async function markTipEnded(
  tx: Tx,
  input: { tipId: string; status: 'failed' | 'cancelled' | 'expired'; reason: string; at: Date },
): Promise<TipChange | null> {
  const [tip] = await tx
    .update(tips)
    .set({ status: input.status, failureReason: input.reason, updatedAt: input.at })
    .where(and(eq(tips.id, input.tipId), inArray(tips.status, statusesBefore(input.status))))
    .returning();
  return tip ? changeOf(tip, await tipAudience(tx, tip)) : null;
}

/**
 * Paid out to the employee (payout batches): pending -> completed with the transfer. A team tip
 * has one transfer per member (on their payouts), so it passes null.
 */
export async function markTipCompleted(
  tx: Tx,
  input: { tipId: string; transferId: string | null; at: Date },
): Promise<TipChange | null> {
  const [tip] = await tx
    .update(tips)
    .set({
      status: 'completed',
      stripeTransferId: input.transferId,
      processedAt: input.at,
      updatedAt: input.at,
    })
    .where(and(eq(tips.id, input.tipId), inArray(tips.status, statusesBefore('completed'))))
    .returning();
  return tip ? changeOf(tip, await tipAudience(tx, tip)) : null;
}

/** The money went back to the guest: pending | completed -> refunded. */
export async function markTipRefunded(
  tx: Tx,
  input: { tipId: string; at: Date },
): Promise<TipChange | null> {
  const [tip] = await tx
    .update(tips)
    .set({ status: 'refunded', updatedAt: input.at })
    .where(and(eq(tips.id, input.tipId), inArray(tips.status, statusesBefore('refunded'))))
    .returning();
  return tip ? changeOf(tip, await tipAudience(tx, tip)) : null;
}

/**
 * Ends a payment session. Leaving 'open' happens once; 'completed' (paid) wins over any other
 * ending because the money is real.
 */
export async function endPaymentSession(
  tx: Tx,
  input: {
    sessionId: string;
    status: Exclude<PaymentSessionStatus, 'open'>;
    reason?: string;
    at: Date;
  },
): Promise<boolean> {
  if (input.status === 'completed') {
    const rows = await tx
      .update(paymentSessions)
      .set({ status: 'completed', completedAt: input.at, endedAt: input.at, failureReason: null })
      .where(and(eq(paymentSessions.id, input.sessionId), ne(paymentSessions.status, 'completed')))
      .returning({ id: paymentSessions.id });
    return rows.length > 0;
  }
  const rows = await tx
    .update(paymentSessions)
    .set({ status: input.status, endedAt: input.at, failureReason: input.reason ?? null })
    .where(and(eq(paymentSessions.id, input.sessionId), eq(paymentSessions.status, 'open')))
    .returning({ id: paymentSessions.id });
  return rows.length > 0;
}
