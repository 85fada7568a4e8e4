import type { FeedbackResponse } from '../../../shared/api/tips';
import { TIP_ERRORS } from '../../../shared/api/tips';
import type { GuestContact } from '../../../shared/api/guest-contact';
import type { FeedbackEmoji } from '../../../shared/domain/tips';
import type { Tx } from '../../db/connect';
import { AppError } from '../../http/errors';
import { recordAnalyticsEvent } from '../analytics/service';
import {
  countReceipt,
  deliverContactMails,
  provenPaidTip,
  queueContactMails,
} from '../receipts/contact';
import type { ReceiptContext } from '../receipts/context';
import { publishTipChangesInTransaction } from '../tip-lifecycle/events';
import { tipChangeFor, type TipRow } from '../tip-lifecycle/lifecycle';
import { isPaid } from '../tip-lifecycle/policy';
import { secretMatches } from '../tip-lifecycle/secrets';
import { lockTip, selectTip, setTipFeedback } from './queries/tips';

/**
 * The feedback dialog's one 'Senden' (decision 0455): attaches the guest's reaction to exactly
 * the tip they paid (the secret handed to the paying browser must match, the tip must be paid,
 * feedback is taken once) and, in the same transaction, uses the address the guest gave for what
 * they asked: a receipt, the reply by e-mail. Either everything the dialog promised is written, or
 * nothing is. Without a reaction only the address is used.
 */
export async function submitFeedback(
  ctx: ReceiptContext,
  input: {
    tipId: string;
    token: string;
    emoji: FeedbackEmoji | null;
    message: string | null;
    contact: GuestContact | null;
  },
): Promise<FeedbackResponse> {
  const at = ctx.clock.now();
  if (input.contact?.receipt) {
    // Proven before it counts, so nobody can use up another guest's receipts.
    const row = (await selectTip(ctx.database.db, input.tipId)) ?? undefined;
    await countReceipt(ctx, provenPaidTip(row, input.token).id);
  }
  const queued = await ctx.database.db.transaction(async (tx) => {
    const locked = await lockTip(tx, input.tipId);
    if (!locked) throw new AppError(TIP_ERRORS.tip_not_found);
    if (!secretMatches(input.token, locked.feedbackSecretHash)) {
      throw new AppError(TIP_ERRORS.tip_token_invalid);
    }
    if (!isPaid(locked.status)) throw new AppError(TIP_ERRORS.feedback_not_allowed);
    const tip = input.emoji
      ? await attachFeedback(ctx, tx, locked, { emoji: input.emoji, message: input.message, at })
      : locked;
    return input.contact
      ? queueContactMails(ctx, tx, provenPaidTip(tip, input.token), input.contact, input.token)
      : null;
  });
  return {
    tipId: input.tipId,
    emoji: input.emoji,
    message: input.emoji ? input.message : null,
    contact: queued ? await deliverContactMails(ctx, queued) : null,
  };
}

/** Writes the reaction, once per tip, records it for the analytics and publishes it live. */
async function attachFeedback(
  ctx: ReceiptContext,
  tx: Tx,
  tip: TipRow,
  feedback: { emoji: FeedbackEmoji; message: string | null; at: Date },
): Promise<TipRow> {
  if (tip.feedbackAt) throw new AppError(TIP_ERRORS.feedback_already_sent);
  const updated = await setTipFeedback(tx, tip.id, feedback);
  await recordAnalyticsEvent(tx, {
    name: 'feedback_submitted',
    businessId: tip.businessId,
    entrypointUid: tip.entrypointUid,
    tipId: tip.id,
    properties: { emoji: feedback.emoji, with_message: feedback.message !== null },
    at: feedback.at,
  });
  // Dashboards show guest messages live, so a new reaction is published like a status move.
  await publishTipChangesInTransaction(tx, ctx.database, [await tipChangeFor(tx, tip)]);
  return updated!;
}
