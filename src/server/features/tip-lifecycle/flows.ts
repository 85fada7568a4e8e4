import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { PAID_TIP_STATUSES } from '../../../shared/domain/tips';
import type { Executor, Tx } from '../../db/connect';
import { payLaterLinks, tips } from '../../db/schema';

/**
 * A tip's flow (migration 0330): every attempt a guest makes at one tip — the first
 * attempt, its retries, the tab's next start after an unpaid attempt, and a tip started through a
 * pay-later link made for it. A flow is paid at most once: the first tip of it whose money arrives
 * pays it, closes its pay-later links, and any later paid tip of it is a duplicate that goes back.
 */

type PaidTip = Pick<typeof tips.$inferSelect, 'id' | 'flowId' | 'payLaterLinkId'>;

/** The tip that paid a flow (the first attempt's id names it), or null while nothing has. */
export async function paidTipOfFlow(executor: Executor, flowId: string): Promise<string | null> {
  const [paid] = await executor
    .select({ id: tips.id })
    .from(tips)
    .where(
      and(
        or(eq(tips.id, flowId), eq(tips.flowId, flowId)),
        inArray(tips.status, [...PAID_TIP_STATUSES]),
        isNull(tips.duplicateOf),
      ),
    )
    .orderBy(asc(tips.paidAt), asc(tips.id))
    .limit(1);
  return paid?.id ?? null;
}

/**
 * Records that `tip`'s money arrived within its flow, in the transaction that marked it paid.
 * Answers the tip that had paid the flow before (then `tip` is a duplicate), or null when `tip`
 * pays it: then every pay-later link of the flow, and the link `tip` came through, is closed.
 *
 * Two settlements of one flow are put in a line by locking the flow's first attempt, so exactly
 * one of them pays it whatever order their events arrive in.
 */
export async function claimFlowPayment(tx: Tx, tip: PaidTip, at: Date): Promise<string | null> {
  const flowId = tip.flowId ?? tip.id;
  await tx.execute(sql`SELECT 1 FROM ${tips} WHERE ${tips.id} = ${flowId} FOR UPDATE`);
  const [earlier] = await tx
    .select({ id: tips.id })
    .from(tips)
    .where(
      and(
        or(eq(tips.id, flowId), eq(tips.flowId, flowId)),
        ne(tips.id, tip.id),
        inArray(tips.status, [...PAID_TIP_STATUSES]),
        isNull(tips.duplicateOf),
      ),
    )
    .orderBy(asc(tips.paidAt), asc(tips.id))
    .limit(1);
  // A link from before flows existed knows only the tip that paid it.
  const linkPaidBy = earlier || !tip.payLaterLinkId ? null : await linkPayer(tx, tip);
  const paidBefore = earlier?.id ?? linkPaidBy;
  if (paidBefore) return paidBefore;

  const linkOfTip = tip.payLaterLinkId ? eq(payLaterLinks.id, tip.payLaterLinkId) : undefined;
  await tx
    .update(payLaterLinks)
    .set({ paidTipId: tip.id, usedAt: at })
    .where(
      and(
        linkOfTip
          ? or(eq(payLaterLinks.flowId, flowId), linkOfTip)
          : eq(payLaterLinks.flowId, flowId),
        isNull(payLaterLinks.paidTipId),
      ),
    );
  return null;
}

async function linkPayer(tx: Tx, tip: PaidTip): Promise<string | null> {
  const [link] = await tx
    .select({ paidTipId: payLaterLinks.paidTipId })
    .from(payLaterLinks)
    .where(eq(payLaterLinks.id, tip.payLaterLinkId!))
    .for('update');
  return link?.paidTipId && link.paidTipId !== tip.id ? link.paidTipId : null;
}
