import { formatCents, splitCents } from './money';

/**
 * Splits by hours worked (decision 0660): each person's weight is their minutes on the rota
 * times their points in thousandths (1000 = 1,0 Punkte), all integers; the money is divided to
 * the cent by the largest remainder, ties to the person listed first.
 */
export const POINTS_MILLI_DEFAULT = 1000;
export const POINTS_MILLI_MIN = 1;
export const POINTS_MILLI_MAX = 10_000;

export interface HoursWorker {
  profileId: string;
  /** Minutes on the rota in the period (whole minutes). */
  minutes: number;
  /** Points in thousandths. */
  pointsMilli: number;
}

export interface HoursShare extends HoursWorker {
  amountCents: number;
}

/** The weight of a person: minutes × points (thousandths). */
export function hoursWeight(worker: Pick<HoursWorker, 'minutes' | 'pointsMilli'>): number {
  return worker.minutes * worker.pointsMilli;
}

/**
 * The shares of `totalCents` among the workers, in their order. People with no minutes get
 * nothing; with nobody who worked, there are no shares (the money stays in the pool).
 */
export function splitByHours(totalCents: number, workers: readonly HoursWorker[]): HoursShare[] {
  const counted = workers.filter((worker) => worker.minutes > 0 && worker.pointsMilli > 0);
  if (counted.length === 0) return [];
  const amounts = splitCents(totalCents, counted.map(hoursWeight));
  return counted.map((worker, index) => ({ ...worker, amountCents: amounts[index]! }));
}

const decimal = (value: number, digits: number) =>
  new Intl.NumberFormat('de-DE', { maximumFractionDigits: digits }).format(value);

/** "6", "6,5", "7,75" Stunden (minutes as hours, at most two decimals). */
export function formatHours(minutes: number): string {
  return decimal(minutes / 60, 2);
}

/** "1", "0,5", "1,25" (points from thousandths). */
export function formatPoints(pointsMilli: number): string {
  return decimal(pointsMilli / 1000, 3);
}

/** Parses "0,5" / "1.25" / 2 into thousandths; null when not a number with ≤ 3 decimals in range. */
export function parsePointsMilli(value: string | number): number | null {
  const text = String(value).trim().replace(',', '.');
  if (!/^\d{1,2}(\.\d{1,3})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  const milli = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  return milli >= POINTS_MILLI_MIN && milli <= POINTS_MILLI_MAX ? milli : null;
}

/**
 * The explanation a person reads for a share by hours, kept with the allocation:
 * "6 von 8 Stunden → 7,50 € von 10,00 €", and with points
 * "6 Stunden × 0,5 Punkte = 3 von 11 Punktstunden → 2,73 € von 10,00 €".
 */
export function hoursReason(
  share: { minutes: number; pointsMilli: number; amountCents: number },
  all: { workers: readonly Pick<HoursWorker, 'minutes' | 'pointsMilli'>[]; totalCents: number },
  currency = 'eur',
): string {
  const money = `${formatCents(share.amountCents, currency)} von ${formatCents(all.totalCents, currency)}`;
  const samePoints = all.workers.every((worker) => worker.pointsMilli === POINTS_MILLI_DEFAULT);
  if (samePoints) {
    const totalMinutes = all.workers.reduce((sum, worker) => sum + worker.minutes, 0);
    return `${formatHours(share.minutes)} von ${formatHours(totalMinutes)} Stunden → ${money}`;
  }
  const totalWeight = all.workers.reduce((sum, worker) => sum + hoursWeight(worker), 0);
  const points = formatPoints(share.pointsMilli);
  return (
    `${formatHours(share.minutes)} Stunden × ${points} ${share.pointsMilli === 1000 ? 'Punkt' : 'Punkte'}` +
    ` = ${decimal(hoursWeight(share) / 60_000, 2)} von ${decimal(totalWeight / 60_000, 2)} Punktstunden → ${money}`
  );
}

/** The days of a period: one Berlin day, or the Monday-to-Sunday week that holds it. */
export function periodDays(
  period: 'day' | 'week',
  day: string,
): { firstDay: string; lastDay: string } {
  if (period === 'day') return { firstDay: day, lastDay: day };
  const date = new Date(`${day}T00:00:00Z`);
  const offset = (date.getUTCDay() + 6) % 7;
  const monday = new Date(date.getTime() - offset * 86_400_000);
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return {
    firstDay: monday.toISOString().slice(0, 10),
    lastDay: sunday.toISOString().slice(0, 10),
  };
}

/** "16.03.2026" or "16.03.–22.03.2026". */
export function formatPeriod(days: { firstDay: string; lastDay: string }): string {
  const german = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.`;
  return days.firstDay === days.lastDay
    ? `${german(days.firstDay)}${days.firstDay.slice(0, 4)}`
    : `${german(days.firstDay)}–${german(days.lastDay)}${days.lastDay.slice(0, 4)}`;
}

/** The reason of a share from 'Pool verteilen' by hours. */
export function poolHoursReason(
  days: { firstDay: string; lastDay: string },
  share: { minutes: number; pointsMilli: number; amountCents: number },
  all: { workers: readonly Pick<HoursWorker, 'minutes' | 'pointsMilli'>[]; totalCents: number },
  currency = 'eur',
): string {
  return `${POOL_HOURS_REASON} (${formatPeriod(days)}): ${hoursReason(share, all, currency)}`;
}

export const POOL_HOURS_REASON = 'Pool nach Arbeitsstunden verteilt';

/** 'Service 1 (Anna, Ben) / Küche 0,5 (Carl)': the members' points grouped by role. */
export function pointsByRole(
  members: { name: string; role: string; pointsMilli: number }[],
): string {
  const groups = new Map<string, { role: string; pointsMilli: number; names: string[] }>();
  for (const member of members) {
    const key = `${member.role}\u0000${member.pointsMilli}`;
    const group = groups.get(key) ?? {
      role: member.role,
      pointsMilli: member.pointsMilli,
      names: [],
    };
    group.names.push(member.name);
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => b.pointsMilli - a.pointsMilli || a.role.localeCompare(b.role, 'de'))
    .map(
      (group) =>
        `${group.role || 'ohne Rolle'} ${formatPoints(group.pointsMilli)} (${group.names.join(', ')})`,
    )
    .join(' / ');
}
