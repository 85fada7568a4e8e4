import { RECEIPT_ERRORS, type ReceiptResponse } from '../../../shared/api/receipts';
import type { GuestLocale } from '../../../shared/i18n/guest-locale';
import { AppError } from '../../http/errors';
import { countReceipt, deliverContactMails, provenPaidTip, queueContactMails } from './contact';
import type { ReceiptContext } from './context';
import { selectTip } from './queries';

/**
 * Sends the guest a receipt of the tip they paid (proved by the tip's secret). The address goes
 * to the mail and nowhere else: the outbox row names no recipient (decision 0144). Only with
 * `replyByEmail` is it kept, sealed, until the employee's reply is mailed or 30 days pass. The
 * feedback dialog sends its receipt with the feedback (decision 0455); this asks again after a
 * receipt that could not be delivered.
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
  const row = await selectTip(ctx.database.db, input.tipId);
  const tip = provenPaidTip(row, input.token);
  await countReceipt(ctx, tip.id);
  const queued = await ctx.database.db.transaction((tx) =>
    queueContactMails(
      ctx,
      tx,
      tip,
      {
        email: input.email,
        language: input.language,
        receipt: true,
        replyByEmail: input.replyByEmail,
      },
      input.token,
    ),
  );
  const delivered = await deliverContactMails(ctx, queued);
  if (!delivered.receiptSent) throw new AppError(RECEIPT_ERRORS.receipt_not_sent);
  return { sent: true, replyByEmail: queued.replyByEmail };
}
