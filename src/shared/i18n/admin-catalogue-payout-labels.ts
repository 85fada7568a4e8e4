import { PAYOUT_SCHEDULE_LABELS, PAYOUT_TRIGGER_LABELS } from '../domain/payouts';

/**
 * The names of payout schedules and triggers, in the `labels` group of the payouts and reports
 * pages' parts, so the dashboard's first load does without them (issue 35 item 2, decision 0410).
 */
export const payoutLabelsDe = {
  payoutSchedules: PAYOUT_SCHEDULE_LABELS,
  payoutTriggers: PAYOUT_TRIGGER_LABELS,
} as const;
