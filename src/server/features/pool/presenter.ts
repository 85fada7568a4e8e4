import { auditPersonName } from '../../../shared/domain/audit-events';
import type { PoolAssignedTip, PoolTip } from '../../../shared/api/pool';
import { FEEDBACK_EMOJIS, type FeedbackEmoji } from '../../../shared/domain/tips';
import type { PoolAssignedRow, PoolTipRow } from './queries';

const isEmoji = (value: string | null): value is FeedbackEmoji =>
  value !== null && (FEEDBACK_EMOJIS as readonly string[]).includes(value);

/** A pooled tip as the owner sees it: amount, place, time and the guest's words; no guest data. */
export function presentPoolTip(row: PoolTipRow): PoolTip {
  return {
    id: row.id,
    amountCents: row.amount_cents,
    currency: row.currency,
    createdAt: row.created_at.toISOString(),
    placeLabel: row.place_label,
    guestMessage: row.guest_message?.trim() || null,
    feedbackEmoji: isEmoji(row.feedback_emoji) ? row.feedback_emoji : null,
    feedbackMessage: row.feedback_message?.trim() || null,
  };
}

/** An assignment the owner can still take back: the tip, its place and who got it. */
export function presentPoolAssigned(row: PoolAssignedRow): PoolAssignedTip {
  return {
    id: row.id,
    amountCents: row.amount_cents,
    currency: row.currency,
    placeLabel: row.place_label,
    profileId: row.profile_id,
    personName: auditPersonName({ fullName: row.full_name, email: row.email }),
    assignedAt: row.assigned_at.toISOString(),
  };
}
