import type { EmployeeTip } from '../../../shared/api/employee';
import { FEEDBACK_EMOJIS, type FeedbackEmoji } from '../../../shared/domain/tips';
import type { ReceivedTipRow } from './queries';

const isEmoji = (value: string | null): value is FeedbackEmoji =>
  value !== null && (FEEDBACK_EMOJIS as readonly string[]).includes(value);

/** A received tip as the employee sees it: their amount, no guest identity, a short reference. */
export function presentEmployeeTip(row: ReceivedTipRow): EmployeeTip {
  return {
    id: row.id,
    amountCents: row.share_cents,
    tipAmountCents: row.tip_amount_cents,
    currency: row.currency,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    processedAt: row.processed_at?.toISOString() ?? null,
    transferReference: row.transfer_id ? row.transfer_id.slice(-8) : null,
    paymentMethod: row.payment_method,
    tipSource: row.tip_source === 'team' ? 'team' : 'direct',
    teamName: row.team_name,
    allocationReason: row.allocation_reason,
    platformFeeCovered: row.platform_fee_covered,
    guestMessage: row.guest_message?.trim() || null,
    feedbackEmoji: isEmoji(row.feedback_emoji) ? row.feedback_emoji : null,
    feedbackMessage: row.feedback_message?.trim() || null,
    reply:
      row.reply_message && row.replied_at
        ? { message: row.reply_message, repliedAt: row.replied_at.toISOString() }
        : null,
  };
}
