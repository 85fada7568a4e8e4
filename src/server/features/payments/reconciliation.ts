import type { PaymentProviderName, PaymentSessionStatus } from '../../../shared/domain/tips';
import type { PaymentContext } from './context';
import {
  clearReconciledAt,
  clearReconciledAtOf,
  lockStaleSessions,
  setReconciledAt,
} from './queries/sessions';
import { applyCheckoutState, settleCheckout } from './settlement';

/** A checkout left open this long without a webhook is asked about. */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** The same open session is asked about again at most this often. */
export const RECONCILE_INTERVAL_MS = 60_000;
/**
 * A session we expired ourselves is asked about once more within this time: the provider may
 * have taken the payment while our call to close its checkout failed.
 */
export const RECONCILE_EXPIRED_WITHIN_MS = 60 * 60_000;

interface Claimed {
  id: string;
  provider: PaymentProviderName;
  providerSessionId: string;
  status: PaymentSessionStatus;
}

export interface ReconciliationResult {
  /** Sessions asked about at their provider. */
  checked: number;
  /** Tips whose state changed because of the answer (paid, failed or expired). */
  settled: number;
  /** Sessions the provider could not be asked about; they are asked again on a later run. */
  failed: number;
}

/**
 * Claims stale sessions in a short transaction: `FOR UPDATE SKIP LOCKED` gives each to one
 * instance, and `reconciled_at` is the lease that keeps the others (and the next runs) away
 * while the provider is asked outside any transaction.
 */
async function claimStaleSessions(ctx: PaymentContext, now: Date, limit: number) {
  const openBefore = new Date(now.getTime() - RECONCILE_AFTER_MS);
  const askedBefore = new Date(now.getTime() - RECONCILE_INTERVAL_MS);
  const expiredSince = new Date(now.getTime() - RECONCILE_EXPIRED_WITHIN_MS);
  return ctx.database.db.transaction(async (tx) => {
    const rows = await lockStaleSessions(tx, { openBefore, askedBefore, expiredSince, limit });
    if (rows.length === 0) return [];
    await setReconciledAt(
      tx,
      rows.map((row) => row.id),
      now,
    );
    return rows.filter((row): row is Claimed => row.providerSessionId !== null);
  });
}

/**
 * A session we expired may still be open at the provider (our close call failed): close it now;
 * the provider answers with how it ended, and a payment taken meanwhile counts.
 */
async function closeAndSettle(ctx: PaymentContext, session: Claimed) {
  const state = await ctx.providers
    .byName(session.provider)
    .expireCheckout(session.providerSessionId);
  return applyCheckoutState(ctx, {
    provider: session.provider,
    providerSessionId: session.providerSessionId,
    paymentSessionId: session.id,
    state,
  });
}

/**
 * For webhooks that never come: asks each provider what became of stale checkouts and applies
 * the answer exactly as a webhook would (settlement is idempotent and monotonic, so a webhook
 * arriving at the same time counts the tip once all the same).
 */
export async function runPaymentReconciliation(
  ctx: PaymentContext,
  limit = 50,
  /** Shutdown: asked before each provider call; the sessions not asked are given back. */
  shouldStop: () => boolean = () => false,
): Promise<ReconciliationResult> {
  const now = ctx.clock.now();
  const claimed = await claimStaleSessions(ctx, now, limit);
  const result: ReconciliationResult = { checked: 0, settled: 0, failed: 0 };
  for (const [index, session] of claimed.entries()) {
    if (shouldStop()) {
      // Give up the leases not used, so another instance asks about them on its next tick.
      const rest = claimed.slice(index).map((left) => left.id);
      await clearReconciledAt(ctx.database.db, rest).catch(() => undefined);
      break;
    }
    try {
      const changes =
        session.status === 'open'
          ? await settleCheckout(ctx, session.provider, session.providerSessionId)
          : await closeAndSettle(ctx, session);
      result.checked += 1;
      result.settled += changes.length;
    } catch (error) {
      result.failed += 1;
      ctx.log.warn(
        { err: error, paymentSessionId: session.id },
        'provider could not be asked about a stale checkout; asking again later',
      );
      // Give up the lease so the next run asks again instead of waiting out the interval.
      await clearReconciledAtOf(ctx.database.db, session.id).catch(() => undefined);
    }
  }
  if (result.settled > 0) ctx.log.info({ ...result }, 'stale checkouts reconciled');
  return result;
}
