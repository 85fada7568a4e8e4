import { eq } from 'drizzle-orm';
import { RECEIPT_ERRORS, type ReceiptResponse } from '../../../shared/api/receipts';
import { TIP_ERRORS } from '../../../shared/api/tips';
import { RECEIPTS_PER_TIP_PER_DAY, REPLY_ADDRESS_DAYS } from '../../../shared/domain/receipts';
import type { GuestLocale } from '../../../shared/i18n/guest-locale';
import { tipReplyAddresses, tips } from '../../db/schema';
import { AppError } from '../../http/errors';
import { presentTipRecipient } from '../tips/presenter';
import { selectTipRecipientFacts } from '../tips/queries';
import { isPaid } from '../tips/policy';
import { secretMatches } from '../tips/secrets';
import { privateThankYouLink, type ReceiptContext } from './context';
import { firstName, loadReply } from './delivery';
import { receiptMail } from './mail';
import { sealAddress } from './seal';

const DAY_MS = 24 * 60 * 60_000;
const PER_TIP_RULE = {
  name: 'guest-receipt:tip',
  limit: RECEIPTS_PER_TIP_PER_DAY,
  windowMs: DAY_MS,
};

/**
 * Sends the guest a receipt of the tip they paid (proved by the tip's secret). The address goes
 * to the mail and nowhere else: the outbox row names no recipient (decision 0144). Only with
 * `replyByEmail` is it kept, sealed, until the employee's reply is mailed or 30 days pass.
 */
export async function sendReceipt(
  ctx: ReceiptContext,
  input: {
    tipId: string;
    token: string;
    email: string;
    language: GuestLocale;
    replyByEmail: boolean;
  },
): Promise<ReceiptResponse> {
  const { db } = ctx.database;
  const [tip] = await db.select().from(tips).where(eq(tips.id, input.tipId));
  if (!tip) throw new AppError(TIP_ERRORS.tip_not_found);
  if (!secretMatches(input.token, tip.feedbackSecretHash)) {
    throw new AppError(TIP_ERRORS.tip_token_invalid);
  }
  if (!isPaid(tip.status) || !tip.paidAt) throw new AppError(RECEIPT_ERRORS.receipt_not_paid);
  // Counted only for the proven payer, so nobody else can use up a guest's receipts.
  const decision = await ctx.rateLimiter.consume(PER_TIP_RULE, tip.id);
  if (!decision.allowed) {
    throw new AppError(RECEIPT_ERRORS.receipt_limit, { retryAfter: decision.retryAfter });
  }

  const { recipient, businessName } = presentTipRecipient(
    await selectTipRecipientFacts(db, tip),
    tip,
  );
  const reply = await loadReply(db, tip.id);
  const recipientName =
    recipient.type === 'person'
      ? (firstName(recipient.displayName) ?? recipient.displayName)
      : recipient.displayName;
  const now = ctx.clock.now();
  const keep = input.replyByEmail && reply === null;
  const mail = receiptMail(input.email, {
    language: input.language,
    amountCents: tip.amountCents,
    platformFeeCents: tip.platformFeeCents,
    currency: tip.currency,
    recipientName,
    businessName,
    paidAt: tip.paidAt,
    reference: tip.id.slice(0, 8),
    link: privateThankYouLink(ctx.config.publicOrigin, tip.id, input.token),
    replyKept: keep,
    reply: reply ? { from: reply.from || recipientName, message: reply.message } : null,
  });

  const mailId = await db.transaction(async (tx) => {
    if (keep) {
      const sealed = {
        addressSealed: sealAddress(ctx.config.sessionSecret, tip.id, input.email),
        language: input.language,
        createdAt: now,
        expiresAt: new Date(now.getTime() + REPLY_ADDRESS_DAYS * DAY_MS),
      };
      await tx
        .insert(tipReplyAddresses)
        .values({ tipId: tip.id, ...sealed })
        .onConflictDoUpdate({ target: tipReplyAddresses.tipId, set: sealed });
    }
    return ctx.mailer.enqueue(tx, { ...mail, privateRecipient: true, secrets: [input.token] });
  });
  try {
    await ctx.mailer.deliver(mailId);
  } catch (error) {
    ctx.log.warn({ err: error, mailId }, 'guest receipt not sent');
    throw new AppError(RECEIPT_ERRORS.receipt_not_sent);
  }
  return { sent: true, replyByEmail: keep };
}
