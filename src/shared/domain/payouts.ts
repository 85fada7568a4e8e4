/** Payout batches (issue 12): how often a business is paid out and what started a batch. */
export const PAYOUT_SCHEDULES = ['daily', 'weekly'] as const;
export type PayoutSchedule = (typeof PAYOUT_SCHEDULES)[number];

export const PAYOUT_SCHEDULE_LABELS: Record<PayoutSchedule, string> = {
  daily: 'Täglich',
  weekly: 'Wöchentlich',
};

/** How long a scheduled batch waits after the last one, per schedule. */
export const PAYOUT_SCHEDULE_INTERVAL_MS: Record<PayoutSchedule, number> = {
  daily: 24 * 60 * 60_000,
  weekly: 7 * 24 * 60 * 60_000,
};

export const PAYOUT_TRIGGERS = ['schedule', 'manual'] as const;
export type PayoutTrigger = (typeof PAYOUT_TRIGGERS)[number];

export const PAYOUT_TRIGGER_LABELS: Record<PayoutTrigger, string> = {
  schedule: 'Automatisch',
  manual: 'Manuell',
};

/** An employee with money waiting but no ready payout account, as a batch reports them. */
export interface SkippedPayee {
  employeeId: string;
  name: string;
  amountCents: number;
}
