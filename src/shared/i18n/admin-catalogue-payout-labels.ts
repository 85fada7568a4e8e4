import { PAYOUT_SCHEDULE_LABELS, PAYOUT_TRIGGER_LABELS } from '../domain/payouts';
import type { AdminCataloguePart } from './admin-catalogue';
import type { Translation } from './translation';

/**
 * The names of payout schedules and triggers, a part of their own that the payouts and reports
 * pages add to theirs, so the dashboard's first load does without them (* decision 0410).
 */
const de = {
  labels: { payoutSchedules: PAYOUT_SCHEDULE_LABELS, payoutTriggers: PAYOUT_TRIGGER_LABELS },
} as const;

export const adminPayoutLabelsPart: AdminCataloguePart<Translation<typeof de>> = { de };
