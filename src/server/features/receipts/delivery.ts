import type { Executor } from '../../db/connect';
import { tipShareOf } from '../payouts/adjustments';
import type { TipRow } from '../tip-lifecycle/lifecycle';
import { selectEmployeeName, selectReplyWithAuthor, selectShareholderNames } from './queries';

export interface Delivery {
  amountCents: number;
  /** First names of the people the money reached. */
  recipients: string[];
  paidOutAt: string;
}

/** "Maria Schneider" -> "Maria": guests see first names only. */
export function firstName(fullName: string | null): string | null {
  const first = fullName?.trim().split(/\s+/)[0];
  return first ? first : null;
}

/**
 * Proof of delivery: once a tip is 'Ausgezahlt', what reached whom and when. The amount is the
 * tip less what went back to the guest (the contribution is not the recipients' money); the time
 * is when the last payout carrying it was made (a team tip completes with its last share).
 */
export async function loadDelivery(executor: Executor, tip: TipRow): Promise<Delivery | null> {
  if (tip.status !== 'completed' || !tip.processedAt) return null;
  const amountCents = tip.amountCents - tipShareOf(tip.refundedCents, tip.amountCents);
  if (amountCents <= 0) return null;
  const names = tip.employeeId
    ? await selectEmployeeName(executor, tip.employeeId)
    : await selectShareholderNames(executor, tip.id);
  const recipients = names.map((row) => firstName(row.fullName)).filter((n) => n !== null);
  if (recipients.length === 0) return null;
  return { amountCents, recipients, paidOutAt: tip.processedAt.toISOString() };
}

export interface Reply {
  message: string;
  repliedAt: string;
  from: string;
}

/** The employee's reply with the author's first name (empty once the author's data is gone). */
export async function loadReply(executor: Executor, tipId: string): Promise<Reply | null> {
  const row = await selectReplyWithAuthor(executor, tipId);
  return row
    ? {
        message: row.reply.message,
        repliedAt: row.reply.repliedAt.toISOString(),
        from: firstName(row.fullName) ?? '',
      }
    : null;
}
