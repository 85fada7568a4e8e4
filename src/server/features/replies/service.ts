import { acceptedSessionSecrets } from '../../config';
import { RECEIPT_ERRORS, type TipReply } from '../../../shared/api/receipts';
import { AppError } from '../../http/errors';
import type { ReceiptContext } from '../receipts/context';
import { firstName } from '../receipts/delivery';
import { replyMail } from '../receipts/mail';
import { openAddress } from '../receipts/seal';
import { publishTipChangesInTransaction } from '../tip-lifecycle/events';
import { tipChangeFor } from '../tip-lifecycle/lifecycle';
import { selectTipRecipientFacts } from '../tip-lifecycle/queries';
import { isPaid } from '../tip-lifecycle/policy';
import { decideReply } from './policy';
import { insertReply, lockTip, selectFullName, selectShareOf, takeReplyAddress } from './queries';

/**
 * The employee's one reply to a tip with a message. The reply row's key is the tip, so a second
 * reply (also a colleague's on a team tip, or a double click) writes nothing. When the guest asked
 * for the reply by e-mail, the sealed address is taken out and deleted in the same transaction
 * and the mail goes out after the commit; the employee never learns whether it did.
 */
export async function replyToTip(
  ctx: ReceiptContext,
  input: { employeeId: string; tipId: string; message: string },
): Promise<{ tipId: string; reply: TipReply }> {
  const at = ctx.clock.now();
  const { mailId, reply } = await ctx.database.db.transaction(async (tx) => {
    const tip = await lockTip(tx, input.tipId);
    if (!tip) throw new AppError(RECEIPT_ERRORS.reply_tip_not_found);
    const share =
      tip.employeeId === input.employeeId
        ? { id: tip.id }
        : await selectShareOf(tx, tip.id, input.employeeId);
    const decision = decideReply({
      paid: isPaid(tip.status),
      isRecipient: share !== undefined,
      guestMessage: tip.guestMessage,
      feedbackMessage: tip.feedbackMessage,
    });
    if (!decision.allowed) throw new AppError(RECEIPT_ERRORS[decision.reason]);
    const written = await insertReply(tx, {
      tipId: tip.id,
      businessId: tip.businessId,
      employeeId: input.employeeId,
      message: input.message,
      repliedAt: at,
    });
    if (!written) throw new AppError(RECEIPT_ERRORS.reply_already_sent);

    let queued: string | null = null;
    const kept = await takeReplyAddress(tx, tip.id);
    const address =
      kept && kept.expiresAt > at
        ? openAddress(acceptedSessionSecrets(ctx.config), tip.id, kept.addressSealed)
        : null;
    if (kept && address) {
      const author = await selectFullName(tx, input.employeeId);
      const from = firstName(author?.fullName ?? null) ?? '';
      // The mail addresses the guest in the business's tonality, as its pages did.
      const { branding } = await selectTipRecipientFacts(tx, tip);
      queued = await ctx.mailer.enqueue(tx, {
        ...replyMail(address, {
          language: kept.language,
          tonality: branding?.tonality ?? null,
          from,
          message: input.message,
        }),
        privateRecipient: true,
      });
    }
    // Colleagues sharing a team tip see that it has been answered.
    await publishTipChangesInTransaction(tx, ctx.database, [await tipChangeFor(tx, tip)]);
    return {
      mailId: queued,
      reply: { message: written.message, repliedAt: written.repliedAt.toISOString() },
    };
  });
  if (mailId) {
    try {
      await ctx.mailer.deliver(mailId);
    } catch (error) {
      ctx.log.warn({ err: error, mailId }, 'reply e-mail to the guest not sent');
    }
  }
  return { tipId: input.tipId, reply };
}
