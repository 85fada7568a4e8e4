import { secretMatches } from './secrets';
import { MAX_PAYMENT_ATTEMPTS, paymentRetryDelayMs } from '../../../shared/domain/payments';
import { PAID_TIP_STATUSES, type TipStatus } from '../../../shared/domain/tips';

/**
 * The tip lifecycle as a table: which status may follow which. Every status move in SQL is
 * guarded by `status IN (statusesBefore(to))`, so a duplicate, late or out-of-order event can
 * never count a tip twice or move it backwards.
 *
 * A tip that was cancelled or expired on our side may still turn out paid: the guest's money
 * arrived (the provider says so), and that fact wins. A failed payment stays failed.
 */
const NEXT: Record<TipStatus, readonly TipStatus[]> = {
  initiated: ['pending', 'failed', 'cancelled', 'expired'],
  pending: ['completed', 'refunded'],
  completed: ['refunded'],
  failed: [],
  cancelled: ['pending'],
  expired: ['pending'],
  refunded: [],
};

export function canMoveTip(from: TipStatus, to: TipStatus): boolean {
  return NEXT[from].includes(to);
}

export function statusesBefore(to: TipStatus): TipStatus[] {
  return (Object.keys(NEXT) as TipStatus[]).filter((from) => canMoveTip(from, to));
}

export function isPaid(status: TipStatus): boolean {
  return (PAID_TIP_STATUSES as readonly TipStatus[]).includes(status);
}

/**
 * Whether the way back from a checkout still has a payment to tell about when its code no longer
 * takes tips (the business suspended or closed, the person deactivated; decision 0440): a paid
 * tip, or one whose outcome the provider has yet to tell. A payment that ended unpaid has nothing
 * to tell: the code's refusal is the answer.
 */
export function hasPaymentToTell(status: TipStatus): boolean {
  return status === 'initiated' || isPaid(status);
}

/** Statuses a guest may retry from: the payment ended without money moving. */
export const RETRYABLE_STATUSES: readonly TipStatus[] = ['failed', 'cancelled', 'expired'];

export type RetryDecision =
  | { allowed: true; attempt: number }
  | { allowed: false; reason: 'retry_not_allowed' | 'max_retries' }
  | { allowed: false; reason: 'retry_too_soon'; retryAfterMs: number };

/**
 * May the guest start the next attempt of a payment flow now? At most 3 retries after the first
 * attempt, each no sooner than the backoff (1 s, doubling, at most 5 s) after the last one ended.
 */
export function decideRetry(previous: {
  status: TipStatus;
  attempt: number;
  endedAt: Date | null;
  now: Date;
}): RetryDecision {
  if (!RETRYABLE_STATUSES.includes(previous.status)) {
    return { allowed: false, reason: 'retry_not_allowed' };
  }
  const attempt = previous.attempt + 1;
  if (attempt > MAX_PAYMENT_ATTEMPTS) return { allowed: false, reason: 'max_retries' };
  if (previous.endedAt) {
    const readyAt = previous.endedAt.getTime() + paymentRetryDelayMs(previous.attempt);
    const wait = readyAt - previous.now.getTime();
    if (wait > 0) return { allowed: false, reason: 'retry_too_soon', retryAfterMs: wait };
  }
  return { allowed: true, attempt };
}

/**
 * Who may read a tip's messages (guest message, reaction): only the browser that paid it, proved
 * by the tip's secret. The tip id alone travels in URLs and is no proof (finding 7).
 */
export function mayReadTipMessages(token: string | undefined, storedHash: string | null): boolean {
  return token !== undefined && secretMatches(token, storedHash);
}
