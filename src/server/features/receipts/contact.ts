import type { GuestContact, GuestContactResult } from '../../../shared/api/guest-contact';
import { RECEIPT_ERRORS } from '../../../shared/api/receipts';
import { TIP_ERRORS } from '../../../shared/api/tips';
import { RECEIPTS_PER_TIP_PER_DAY, REPLY_ADDRESS_DAYS } from '../../../shared/domain/receipts';
import type { Executor, Tx } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { TipRow } from '../tip-lifecycle/lifecycle';
import { isPaid } from '../tip-lifecycle/policy';
import { presentTipRecipient } from '../tip-lifecycle/recipient';
import { selectTipRecipientFacts } from '../tip-lifecycle/queries';
import { secretMatches } from '../tip-lifecycle/secrets';
import { privateThankYouLink, type ReceiptContext } from './context';
import { firstName, loadReply } from './delivery';
import { receiptMail, replyMail } from './mail';
import { upsertReplyAddress } from './queries';
import { sealAddress } from './seal';

const DAY_MS = 24 * 60 * 60_000;
const PER_TIP_RULE = {
  name: 'guest-receipt:tip',
  limit: RECEIPTS_PER_TIP_PER_DAY,
  windowMs: DAY_MS,
};

/** The tip a guest proves they paid with its secret: unknown 404, foreign 403, unpaid 409. */
export function provenPaidTip(tip: TipRow | undefined, token: string): TipRow {
  if (!tip) throw new AppError(TIP_ERRORS.tip_not_found);
  if (!secretMatches(token, tip.feedbackSecretHash)) {
    throw new AppError(TIP_ERRORS.tip_token_invalid);
  }
  if (!isPaid(tip.status) || !tip.paidAt) throw new AppError(RECEIPT_ERRORS.receipt_not_paid);
  return tip;
}

/**
 * Counts a receipt against its tip's daily allowance. Only for the proven payer, so nobody else
 * can use up a guest's receipts; the receipt form and the feedback dialog share the count.
 */
export async function countReceipt(ctx: ReceiptContext, tipId: string): Promise<void> {
  const decision = await ctx.rateLimiter.consume(PER_TIP_RULE, tipId);
  if (!decision.allowed) {
    throw new AppError(RECEIPT_ERRORS.receipt_limit, { retryAfter: decision.retryAfter });
  }
}

/** The mails a guest's address is used for, queued in the caller's transaction. */
export interface QueuedContact {
  receiptMailId: string | null;
  replyMailId: string | null;
  replyByEmail: boolean;
}

/**
 * Uses the guest's address for what they asked (decision 0455), inside the caller's
 * transaction on the locked, paid tip with its words already written: a receipt is queued;
 * "Antwort per E-Mail erhalten" keeps the address sealed until the reply is mailed (decision
 * 0144), or, when the reply was written already, queues it at once. A reply needs something to
 * answer, so without words from the guest the opt-in is refused, not kept for nothing. The
 * outbox rows name no recipient and keep no link secret (decision 0201).
 */
export async function queueContactMails(
  ctx: ReceiptContext,
  tx: Tx,
  tip: TipRow,
  contact: GuestContact,
  token: string,
): Promise<QueuedContact> {
  if (contact.replyByEmail && !tip.guestMessage && !tip.feedbackMessage) {
    throw new AppError(RECEIPT_ERRORS.reply_needs_message);
  }
  const reply = await loadReply(tx, tip.id);
  const { recipientName, businessName, tonality } = await recipientOf(tx, tip);
  const keep = contact.replyByEmail && reply === null;
  if (keep) {
    const now = ctx.clock.now();
    const sealed = {
      addressSealed: sealAddress(ctx.config.sessionSecret, tip.id, contact.email),
      language: contact.language,
      createdAt: now,
      expiresAt: new Date(now.getTime() + REPLY_ADDRESS_DAYS * DAY_MS),
    };
    await upsertReplyAddress(tx, tip.id, sealed);
  }
  const from = reply ? reply.from || recipientName : recipientName;
  const receiptMailId = contact.receipt
    ? await ctx.mailer.enqueue(tx, {
        ...receiptMail(contact.email, {
          language: contact.language,
          tonality,
          amountCents: tip.amountCents,
          platformFeeCents: tip.platformFeeCents,
          currency: tip.currency,
          recipientName,
          businessName,
          paidAt: tip.paidAt!,
          reference: tip.id.slice(0, 8),
          link: privateThankYouLink(ctx.config.publicOrigin, tip.id, token),
          replyKept: keep,
          reply: reply ? { from, message: reply.message } : null,
        }),
        privateRecipient: true,
        secrets: [token],
      })
    : null;
  // The reply exists already and no receipt carries it: the guest gets it now.
  const replyMailId =
    reply && contact.replyByEmail && !contact.receipt
      ? await ctx.mailer.enqueue(tx, {
          ...replyMail(contact.email, {
            language: contact.language,
            tonality,
            from,
            message: reply.message,
          }),
          privateRecipient: true,
        })
      : null;
  return { receiptMailId, replyMailId, replyByEmail: contact.replyByEmail };
}

/**
 * Delivers what `queueContactMails` queued, after the commit. A receipt that could not be
 * delivered is reported (the guest may ask again); a reply mail that failed is only logged, as
 * the employee's own reply would be.
 */
export async function deliverContactMails(
  ctx: ReceiptContext,
  queued: QueuedContact,
): Promise<GuestContactResult> {
  let receiptSent = false;
  if (queued.receiptMailId) {
    try {
      await ctx.mailer.deliver(queued.receiptMailId);
      receiptSent = true;
    } catch (error) {
      ctx.log.warn({ err: error, mailId: queued.receiptMailId }, 'guest receipt not sent');
    }
  }
  if (queued.replyMailId) {
    try {
      await ctx.mailer.deliver(queued.replyMailId);
    } catch (error) {
      ctx.log.warn(
        { err: error, mailId: queued.replyMailId },
        'reply e-mail to the guest not sent',
      );
    }
  }
  return { receiptSent, replyByEmail: queued.replyByEmail };
}

/** Guests read the person's first name; a team or object is named as on the tip page. */
async function recipientOf(
  executor: Executor,
  tip: TipRow,
): Promise<{ recipientName: string; businessName: string; tonality: string | null }> {
  const facts = await selectTipRecipientFacts(executor, tip);
  const { recipient, businessName } = presentTipRecipient(facts, tip);
  const recipientName =
    recipient.type === 'person'
      ? (firstName(recipient.displayName) ?? recipient.displayName)
      : recipient.displayName;
  return { recipientName, businessName, tonality: facts.branding?.tonality ?? null };
}
