import { type ThankYouResponse, TIP_ERRORS } from '../../../shared/api/tips';
import { AppError } from '../../http/errors';
import type { PaymentContext } from '../payments/context';
import type { TipRow } from '../tip-lifecycle/lifecycle';
import { isPaid, mayReadTipMessages } from '../tip-lifecycle/policy';
import { loadDelivery, loadReply } from '../receipts/delivery';
import { presentThankYou } from './presenter';
import { selectTipRecipientFacts } from '../tip-lifecycle/queries';
import { selectTip, selectTipByPaymentIntent, selectTipByProviderSessionId } from './queries/tips';
import { reconcileTip } from './service';

async function findTip(
  ctx: PaymentContext,
  reference: { tipId?: string | undefined; sessionId?: string | undefined },
): Promise<TipRow | null> {
  const { db } = ctx.database;
  if (reference.tipId) {
    return selectTip(db, reference.tipId);
  }
  if (!reference.sessionId) return null;
  // session_id is the provider's checkout id (Stripe fills it into the return address) or,
  // as in the spec, the payment intent id.
  const bySession = await selectTipByProviderSessionId(db, reference.sessionId);
  if (bySession) return bySession;
  return selectTipByPaymentIntent(db, reference.sessionId);
}

/** The /thank-you read model: a paid tip by id or by its provider session or payment id. */
export async function getThankYou(
  ctx: PaymentContext,
  reference: { tipId?: string | undefined; sessionId?: string | undefined },
  token: string | undefined,
): Promise<ThankYouResponse> {
  const found = await findTip(ctx, reference);
  if (!found) throw new AppError(TIP_ERRORS.tip_not_found);
  const tip = await reconcileTip(ctx, found);
  // Only a tip that was really paid has anyone to thank.
  if (!isPaid(tip.status)) throw new AppError(TIP_ERRORS.tip_not_found);
  const { db } = ctx.database;
  const withMessages = mayReadTipMessages(token, tip.feedbackSecretHash);
  // Where the money went and the employee's reply are for the guest who paid (the secret) only.
  const [facts, delivery, reply] = await Promise.all([
    selectTipRecipientFacts(db, tip),
    withMessages ? loadDelivery(db, tip) : null,
    withMessages ? loadReply(db, tip.id) : null,
  ]);
  return presentThankYou(tip, facts, withMessages, { delivery, reply });
}
