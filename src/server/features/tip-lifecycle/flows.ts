import type { Executor, Tx } from '../../db/connect';
import {
  closePayLaterLinksOfFlow,
  lockFlow,
  lockPayLaterLinkPayer,
  selectOtherPaidTipOfFlow,
  selectPaidTipOfFlow,
  type TipRow,
} from './queries';

/**
 * A tip's flow (migration 0330): every attempt a guest makes at one tip — the first
 * attempt, its retries, the tab's next start after an unpaid attempt, and a tip started through a
 * pay-later link made for it. A flow is paid at most once: the first tip of it whose money arrives
 * pays it, closes its pay-later links, and any later paid tip of it is a duplicate that goes back.
 */

type PaidTip = Pick<TipRow, 'id' | 'flowId' | 'payLaterLinkId'>;

/** The tip that paid a flow (the first attempt's id names it), or null while nothing has. */
export async function paidTipOfFlow(executor: Executor, flowId: string): Promise<string | null> {
  return selectPaidTipOfFlow(executor, flowId);
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
  await lockFlow(tx, flowId);
  const earlier = await selectOtherPaidTipOfFlow(tx, flowId, tip.id);
  // A link from before flows existed knows only the tip that paid it.
  const linkPaidBy = earlier || !tip.payLaterLinkId ? null : await linkPayer(tx, tip);
  const paidBefore = earlier?.id ?? linkPaidBy;
  if (paidBefore) return paidBefore;

  await closePayLaterLinksOfFlow(tx, {
    flowId,
    linkId: tip.payLaterLinkId,
    tipId: tip.id,
    at,
  });
  return null;
}

async function linkPayer(tx: Tx, tip: PaidTip): Promise<string | null> {
  const paidTipId = await lockPayLaterLinkPayer(tx, tip.payLaterLinkId!);
  return paidTipId && paidTipId !== tip.id ? paidTipId : null;
}
