import type { PaymentProviderName } from '../../../shared/domain/tips';
import type { Database, Tx } from '../../db/connect';
import { publishTipChangesInTransaction, type TipChange } from '../tip-lifecycle/events';
import { endPaymentSession, markTipEnded } from '../tip-lifecycle/lifecycle';
import { countTipMoves } from '../tip-lifecycle/metrics';
import type { PaymentContext } from './context';
import { lockOverdueSessions } from './queries/sessions';
import { applyCheckoutState } from './settlement';

export interface ExpiredCheckout {
  provider: PaymentProviderName;
  providerSessionId: string | null;
  paymentSessionId: string;
}

/**
 * Claims open payment sessions whose 5 minutes are over and expires them with their tips, in
 * the caller's transaction. `FOR UPDATE SKIP LOCKED` lets several instances run this at once:
 * each session is claimed by exactly one of them.
 */
export async function expireOverdueSessions(
  tx: Tx,
  input: {
    now: Date;
    limit: number;
    guestSessionId?: string;
    /** Where the changes are published, inside this transaction. */
    database: Pick<Database, 'channelName'>;
  },
): Promise<{ changes: TipChange[]; expired: ExpiredCheckout[] }> {
  const due = await lockOverdueSessions(tx, {
    now: input.now,
    limit: input.limit,
    guestSessionId: input.guestSessionId,
  });

  const changes: TipChange[] = [];
  const expired: ExpiredCheckout[] = [];
  for (const session of due) {
    const ended = await endPaymentSession(tx, {
      sessionId: session.id,
      status: 'expired',
      reason: 'session_expired',
      at: input.now,
    });
    if (!ended) continue;
    expired.push({
      provider: session.provider,
      providerSessionId: session.providerSessionId,
      paymentSessionId: session.id,
    });
    const change = await markTipEnded(tx, {
      tipId: session.tipId,
      status: 'expired',
      reason: 'session_expired',
      at: input.now,
    });
    if (change) changes.push(change);
  }
  await publishTipChangesInTransaction(tx, input.database, changes);
  return { changes, expired };
}

/**
 * After the expiry committed: tells each provider to close its checkout too, so the guest can no
 * longer pay it. If the guest paid in the last moment, the provider says so and the tip counts.
 */
export async function closeExpiredCheckouts(
  ctx: PaymentContext,
  expired: readonly ExpiredCheckout[],
): Promise<void> {
  for (const checkout of expired) {
    if (!checkout.providerSessionId) continue;
    try {
      const state = await ctx.providers
        .byName(checkout.provider)
        .expireCheckout(checkout.providerSessionId);
      if (state.status === 'paid') {
        await applyCheckoutState(ctx, {
          provider: checkout.provider,
          providerSessionId: checkout.providerSessionId,
          paymentSessionId: checkout.paymentSessionId,
          state,
        });
      }
    } catch (error) {
      ctx.log.warn({ err: error, checkout }, 'provider checkout could not be expired');
    }
  }
}

/** One run of the expiry job: claim, expire and publish, commit, close at the provider. */
export async function runPaymentSessionExpiry(ctx: PaymentContext, limit = 100): Promise<number> {
  const now = ctx.clock.now();
  const { expired, changes } = await ctx.database.db.transaction((tx) =>
    expireOverdueSessions(tx, { now, limit, database: ctx.database }),
  );
  await countTipMoves(ctx, changes);
  await closeExpiredCheckouts(ctx, expired);
  return expired.length;
}
