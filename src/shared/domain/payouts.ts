/** Payout batches: how often a business is paid out and what started a batch. */
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

export const PAYOUT_TRIGGERS = ['schedule', 'manual', 'instant'] as const;
export type PayoutTrigger = (typeof PAYOUT_TRIGGERS)[number];

export const PAYOUT_TRIGGER_LABELS: Record<PayoutTrigger, string> = {
  schedule: 'Automatisch',
  manual: 'Manuell',
  instant: 'Sofortauszahlung',
};

/**
 * The instant payout fee the employee sees before confirming (decision 0150): 1 % of the
 * balance, at least 0,50 €, rounded up to the cent. One place, so it can follow the provider's
 * price list.
 */
export const INSTANT_PAYOUT_FEE = { basisPoints: 100, minimumCents: 50 } as const;

export function instantPayoutFee(balanceCents: number): number {
  if (balanceCents <= 0) return 0;
  const percent = Math.ceil((balanceCents * INSTANT_PAYOUT_FEE.basisPoints) / 10_000);
  return Math.max(INSTANT_PAYOUT_FEE.minimumCents, percent);
}

/** An employee with money waiting but no ready payout account, as a batch reports them. */
export interface SkippedPayee {
  employeeId: string;
  name: string;
  amountCents: number;
}

const WEEKDAY = new Intl.DateTimeFormat('de-DE', { weekday: 'long', timeZone: 'Europe/Berlin' });
const WHEN = new Intl.DateTimeFormat('de-DE', {
  weekday: 'long',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Berlin',
});

/** The weekday in German, e.g. 'Dienstag'. */
export function payoutWeekday(at: Date): string {
  return WEEKDAY.format(at);
}

/**
 * When the automatic payout runs, as true as the payout job: the job looks
 * every few minutes and starts a batch once a whole day or week has passed since the last
 * automatic one, and only when money is waiting. So a weekly payout keeps the weekday of its
 * last run; before the first run it starts at the job's next look.
 */
export function payoutScheduleText(schedule: PayoutSchedule, nextScheduledAt: Date | null): string {
  if (!nextScheduledAt) {
    return schedule === 'weekly'
      ? 'Wöchentlich: Die erste automatische Auszahlung läuft innerhalb weniger Minuten, sobald offene Trinkgelder da sind; danach alle 7 Tage am selben Wochentag.'
      : 'Täglich: Die erste automatische Auszahlung läuft innerhalb weniger Minuten, sobald offene Trinkgelder da sind; danach etwa alle 24 Stunden.';
  }
  const when = `${WHEN.format(nextScheduledAt)} Uhr`;
  return schedule === 'weekly'
    ? `Wöchentlich am ${payoutWeekday(nextScheduledAt)}: Die nächste automatische Auszahlung läuft ab ${when}, sobald offene Trinkgelder da sind; danach alle 7 Tage.`
    : `Täglich: Die nächste automatische Auszahlung läuft ab ${when}, sobald offene Trinkgelder da sind; danach etwa alle 24 Stunden.`;
}
