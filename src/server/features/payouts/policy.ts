import { PAYOUT_SCHEDULE_INTERVAL_MS, type PayoutSchedule } from '../../../shared/domain/payouts';
import { hasRequiredRole, STAFF_MANAGER_ROLES } from '../../../shared/domain/roles';
import type { Actor } from '../auth/actor';

/** Owners and admins run and read payout batches of the business in scope (decision 0140). */
export function mayManagePayouts(actor: Pick<Actor, 'role'>): boolean {
  return hasRequiredRole(actor.role, STAFF_MANAGER_ROLES);
}

/**
 * A scheduled batch is due when the last scheduled one started a whole period ago (a day or a
 * week), minus a little slack so a job that ticks every few minutes does not drift later each day.
 */
export const SCHEDULE_SLACK_MS = 15 * 60_000;

export function isScheduledBatchDue(
  schedule: PayoutSchedule,
  lastScheduledAt: Date | null,
  now: Date,
): boolean {
  if (!lastScheduledAt) return true;
  return (
    now.getTime() - lastScheduledAt.getTime() >=
    PAYOUT_SCHEDULE_INTERVAL_MS[schedule] - SCHEDULE_SLACK_MS
  );
}

/**
 * The earliest moment the next scheduled batch may start: a whole period after
 * the last scheduled one, minus the slack; null when none ran yet (the next job tick runs it).
 */
export function nextScheduledBatchAt(
  schedule: PayoutSchedule,
  lastScheduledAt: Date | null,
): Date | null {
  if (!lastScheduledAt) return null;
  return new Date(
    lastScheduledAt.getTime() + PAYOUT_SCHEDULE_INTERVAL_MS[schedule] - SCHEDULE_SLACK_MS,
  );
}

/** How long an instance may be calling the provider for one payout before another takes over. */
export const PAYOUT_LEASE_MS = 5 * 60_000;
