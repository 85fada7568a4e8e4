import type { PaymentProviderName } from '../../../shared/domain/tips';
import type { Tx } from '../../db/connect';
import { publishTipChangesInTransaction, type TipChange } from '../tip-lifecycle/events';
import { endPaymentSession, markTipEnded, markTipPaid } from '../tip-lifecycle/lifecycle';
import { countTipMoves } from '../tip-lifecycle/metrics';
import type { PaymentContext } from './context';
import { refundDuplicatePayment } from './duplicate-refund';
import type { CheckoutState, RetrievedCheckout } from './provider';
import {
  type PaymentSessionRow,
  selectSessionByProviderSessionId,
  selectSessionOfProvider,
  setProviderSessionId,
} from './queries/sessions';
import { holdOnMismatch } from './settlement-check';

type FoundSession = PaymentSessionRow;

/** Work that must commit together with the settlement, e.g. marking the provider event processed. */
export type InSettlement = (tx: Tx) => Promise<void>;

async function findSession(
  ctx: PaymentContext,
  provider: PaymentProviderName,
  providerSessionId: string,
  paymentSessionId: string | null,
): Promise<FoundSession | null> {
  const { db } = ctx.database;
  const byProvider = await selectSessionByProviderSessionId(db, provider, providerSessionId);
  if (byProvider) return byProvider;
  // The provider made the checkout but we crashed before saving its id: its metadata still
  // names our session.
  if (!paymentSessionId) return null;
  return selectSessionOfProvider(db, provider, paymentSessionId);
}

/**
 * Applies what the provider says about a checkout to our tip and session, in one transaction,
 * then publishes the change. Safe to call any number of times, in any order.
 */
export async function applyCheckoutState(
  ctx: PaymentContext,
  input: {
    provider: PaymentProviderName;
    providerSessionId: string;
    paymentSessionId: string | null;
    state: CheckoutState;
  },
  /** Runs inside the settlement's transaction when there is one (not for an open checkout). */
  inSettlement?: InSettlement,
): Promise<TipChange[]> {
  const { state } = input;
  if (state.status === 'open') return [];
  const session = await findSession(
    ctx,
    input.provider,
    input.providerSessionId,
    input.paymentSessionId,
  );
  if (!session) {
    ctx.log.warn({ providerSessionId: input.providerSessionId }, 'checkout of no known session');
    return [];
  }
  const at = ctx.clock.now();
  const change = await ctx.database.db.transaction(async (tx) => {
    await inSettlement?.(tx);
    if (!session.providerSessionId) {
      await setProviderSessionId(tx, session.id, input.providerSessionId);
    }
    if (state.status === 'paid') {
      await endPaymentSession(tx, { sessionId: session.id, status: 'completed', at });
      const paid = await markTipPaid(tx, { tipId: session.tipId, paymentId: state.paymentId, at });
      // The money is real, but only a payment of the asked amount and currency is paid out.
      if (paid) await holdOnMismatch(tx, { tipId: session.tipId, session, state, at });
      if (paid) await publishTipChangesInTransaction(tx, ctx.database, [paid]);
      return paid;
    }
    const ending =
      state.status === 'failed'
        ? ({ status: 'failed', reason: state.reason } as const)
        : ({ status: 'expired', reason: 'session_expired' } as const);
    await endPaymentSession(tx, { sessionId: session.id, ...ending, at });
    const ended = await markTipEnded(tx, { tipId: session.tipId, ...ending, at });
    if (ended) await publishTipChangesInTransaction(tx, ctx.database, [ended]);
    return ended;
  });
  const changes = change ? [change] : [];
  // Counted here, after the commit and only when this call moved the tip (decision 0400).
  await countTipMoves(ctx, changes);
  // A second payment of one tip goes back to the guest (decision 0164).
  if (state.status === 'paid') {
    const refund = await refundDuplicatePayment(ctx, {
      tipId: session.tipId,
      provider: input.provider,
    });
    if (refund) changes.push(refund);
  }
  return changes;
}

/**
 * Applies a checkout as its provider says it is now. `known` is a state the provider itself
 * vouched for (a signed event carrying a final state, decision 0255); without it the checkout is
 * re-read from the provider: never trust an unsigned or unfinished payload.
 */
export async function settleCheckout(
  ctx: PaymentContext,
  provider: PaymentProviderName,
  providerSessionId: string,
  options: { known?: RetrievedCheckout | null; inSettlement?: InSettlement } = {},
): Promise<TipChange[]> {
  const retrieved =
    options.known ?? (await ctx.providers.byName(provider).retrieveCheckout(providerSessionId));
  return applyCheckoutState(
    ctx,
    {
      provider,
      providerSessionId,
      paymentSessionId: retrieved.paymentSessionId,
      state: retrieved.state,
    },
    options.inSettlement,
  );
}
