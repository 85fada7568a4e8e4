import type { PaymentEvent, PaymentEventHandler } from '../payments/payment-events';
import { recordDisputeWon, recordTakenBack } from './adjustments';
import { createStripeConnect } from './connect';
import { selectTipIdsOfPayment as tipIdsOfPayment } from './queries/tips';
import { refreshAccountStatus } from './service';

/**
 * Payouts' part of the provider's events (decision 0551): money taken back or won back in a
 * dispute adjusts what the tips' people are paid out (decisions 0141, 0150); a changed payout
 * account is asked for its state now, trusting nothing else.
 */
export const payoutsOnPaymentEvents: PaymentEventHandler = async (ctx, event: PaymentEvent) => {
  const at = ctx.clock.now();
  switch (event.type) {
    case 'taken_back': {
      const { paymentIntentId, kind, totalTakenBackCents, providerRef, providerReason } = event;
      await ctx.database.db.transaction(async (tx) => {
        for (const tipId of await tipIdsOfPayment(tx, paymentIntentId)) {
          await recordTakenBack(tx, {
            tipId,
            at,
            kind,
            totalTakenBackCents,
            providerRef,
            providerReason,
          });
        }
      });
      return;
    }
    case 'dispute_won':
      await ctx.database.db.transaction(async (tx) => {
        for (const tipId of await tipIdsOfPayment(tx, event.paymentIntentId)) {
          await recordDisputeWon(tx, { tipId, disputeId: event.disputeId, at });
        }
      });
      return;
    case 'account_updated':
      if (!ctx.providers.stripe) return;
      await refreshAccountStatus(
        ctx,
        createStripeConnect(ctx.providers.stripe.client),
        event.accountId,
      );
      return;
    case 'subscription':
      // A business's Pro subscription: no tip's money moves (plans reads it).
      return;
  }
};
