import type { BusinessStatus } from '../../../shared/domain/business-status';
import type { Actor } from '../auth/actor';

/**
 * The operator console's rules (decision 0320), as pure decisions:
 * - only the platform admin (role admin) lists, creates, suspends, reactivates and closes
 *   businesses; owners and employees are refused, even for their own business;
 * - active -> suspended -> active again; active or suspended -> closed, which is final;
 * - a suspended or closed business's staff (owners and employees) cannot sign in and their
 *   sessions and live streams end; the platform admin never is, whatever business they belong to;
 * - closing waits until no money of the business waits for a payout and no guest is paying.
 */

export function mayOperateBusinesses(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === 'admin';
}

export type LifecycleAction = 'suspend' | 'reactivate' | 'close';
export type LifecycleRefusal = 'not_active' | 'not_suspended' | 'already_closed' | 'closed_final';
export type LifecycleDecision = { allowed: true } | { allowed: false; reason: LifecycleRefusal };

const ALLOW: LifecycleDecision = { allowed: true };
const refuse = (reason: LifecycleRefusal): LifecycleDecision => ({ allowed: false, reason });

/** May a business in `status` take this step? */
export function decideLifecycle(
  status: BusinessStatus,
  action: LifecycleAction,
): LifecycleDecision {
  switch (action) {
    case 'suspend':
      if (status === 'closed') return refuse('already_closed');
      return status === 'active' ? ALLOW : refuse('not_active');
    case 'reactivate':
      if (status === 'closed') return refuse('closed_final');
      return status === 'suspended' ? ALLOW : refuse('not_suspended');
    case 'close':
      return status === 'closed' ? refuse('already_closed') : ALLOW;
  }
}

export type ClosingObstacle = 'money_waiting' | 'payments_running';

/**
 * What keeps a business from closing (decision 0323): paid tips not yet paid out (they belong to
 * the staff; a closed business pays nothing out any more), then guests paying at this moment
 * (their checkout would complete into a closed business).
 */
export function closingObstacle(facts: {
  waitingCents: number;
  runningCheckouts: number;
}): ClosingObstacle | null {
  if (facts.waitingCents > 0) return 'money_waiting';
  if (facts.runningCheckouts > 0) return 'payments_running';
  return null;
}

const DAY_MS = 24 * 60 * 60_000;

/** Whether the retention period of a closed business has passed and its data is still there. */
export function isErasureDue(
  business: { closedAt: Date | null; erasedAt: Date | null },
  now: Date,
  retentionDays: number,
): boolean {
  if (!business.closedAt || business.erasedAt) return false;
  return now.getTime() - business.closedAt.getTime() >= retentionDays * DAY_MS;
}
