import type { Database } from '../../db/connect';
import { splitIntoMonths } from './month-split';
import { BUSINESS_TIME_ZONE } from '../../../shared/domain/constants';

/** Europe/Berlin days: [from 00:00, to + 1 day 00:00) as timestamptz bounds ($2, $3). */
const TZ = BUSINESS_TIME_ZONE;
const IN_RANGE = (column: string) =>
  `${column} >= ($2::date::timestamp AT TIME ZONE '${TZ}') AND ${column} < (($3::date + 1)::timestamp AT TIME ZONE '${TZ}')`;
const PAID = `t.status IN ('pending', 'completed')`;

export interface FigureRow {
  id: string;
  name: string | null;
  amount_cents: number;
  n: number;
}

/**
 * The maintained totals (decisions 0260, 0280, 0300) of one business ($1), one kind, and the
 * Europe/Berlin days $2 to $3 (whole days, as a report's range is): the whole calendar months
 * from $4 to before $5 from tip_month_totals, the days before and after them from
 * tip_day_totals (`splitIntoMonths`). A tip taken back on another connection than it was added
 * leaves -1 in another slot, so slots are summed before a figure is judged: a person, team,
 * point or day whose tips were all refunded or moved away sums to 0 and is left out (HAVING), as
 * those tips are.
 */
const PERIOD = (kind: 'all' | 'person' | 'team' | 'point') => {
  const figures = 's.key, s.ref, s.amount_cents, s.tip_count, s.fee_cents, s.refunded_cents';
  const of = `s.business_id = $1 AND s.kind = '${kind}'`;
  return `(SELECT ${figures} FROM tip_day_totals s
             WHERE ${of} AND s.day >= $2::date AND s.day < $4::date
           UNION ALL
           SELECT ${figures} FROM tip_month_totals s
             WHERE ${of} AND s.month >= $4::date AND s.month < $5::date
           UNION ALL
           SELECT ${figures} FROM tip_day_totals s
             WHERE ${of} AND s.day >= $5::date AND s.day <= $3::date) s`;
};
const DAYS_OF_ALL = `tip_day_totals s
  WHERE s.business_id = $1 AND s.kind = 'all' AND s.day >= $2::date AND s.day <= $3::date`;
const COUNTED = 'HAVING sum(s.tip_count) > 0';

/** What a report reads; every query is one business ($1) and one range ($2, $3). */
export async function reportRows(database: Database, businessId: string, from: string, to: string) {
  const { monthsFrom, monthsUntil } = splitIntoMonths(from, to);
  const split = [businessId, from, to, monthsFrom, monthsUntil];
  const q = <T>(text: string, params = split) => database.query<T>(text, params);
  const range = [businessId, from, to];
  const [totals, byEmployee, byTeam, byPoint, perDay, visits, pool] = await Promise.all([
    q<{ amount_cents: number; n: number; fee_cents: number; refunded_cents: number }>(
      `SELECT coalesce(sum(s.amount_cents), 0)::int AS amount_cents,
              coalesce(sum(s.tip_count), 0)::int AS n,
              coalesce(sum(s.fee_cents), 0)::int AS fee_cents,
              coalesce(sum(s.refunded_cents), 0)::int AS refunded_cents
       FROM ${PERIOD('all')}`,
    ),
    // Direct tips and team shares, per person.
    q<FigureRow>(
      `SELECT p.id, p.full_name AS name, x.amount_cents, x.n
       FROM (SELECT s.key, sum(s.amount_cents)::int AS amount_cents, sum(s.tip_count)::int AS n
             FROM ${PERIOD('person')} GROUP BY s.key ${COUNTED}) x
       JOIN profiles p ON p.id = x.key::uuid
       ORDER BY x.amount_cents DESC, name`,
    ),
    q<FigureRow>(
      `SELECT tm.id, tm.name, x.amount_cents, x.n
       FROM (SELECT s.key, sum(s.amount_cents)::int AS amount_cents, sum(s.tip_count)::int AS n
             FROM ${PERIOD('team')} GROUP BY s.key ${COUNTED}) x
       JOIN teams tm ON tm.id = x.key::uuid
       ORDER BY x.amount_cents DESC, tm.name`,
    ),
    q<FigureRow>(
      `SELECT x.key AS id, max(e.label) AS name, sum(x.amount_cents)::int AS amount_cents,
              sum(x.n)::int AS n
       FROM (SELECT s.key, s.ref, sum(s.amount_cents) AS amount_cents, sum(s.tip_count) AS n
             FROM ${PERIOD('point')} GROUP BY s.key, s.ref ${COUNTED}) x
       LEFT JOIN payment_entrypoints e ON e.id = nullif(x.ref, '')::uuid
       GROUP BY x.key ORDER BY amount_cents DESC, id`,
    ),
    q<{ day: string; amount_cents: number; n: number }>(
      `SELECT to_char(s.day, 'YYYY-MM-DD') AS day, sum(s.amount_cents)::int AS amount_cents,
              sum(s.tip_count)::int AS n
       FROM ${DAYS_OF_ALL}
       GROUP BY s.day ${COUNTED} ORDER BY s.day`,
      range,
    ),
    // Visits of the period (one browser at one code per half hour, decision 0333), those with an
    // id (decision 0461), and those whose id a paid tip carries (index tips_visit_idx).
    q<{ visits: number; traced: number; with_tip: number }>(
      `SELECT count(*)::int AS visits, count(ev.visit_id)::int AS traced,
              count(*) FILTER (WHERE EXISTS (
                SELECT 1 FROM tips t
                WHERE t.visit_id = ev.visit_id AND t.business_id = $1 AND ${PAID}))::int AS with_tip
       FROM analytics_events ev
       WHERE ev.business_id = $1 AND ev.name = 'tip_page_loaded' AND ${IN_RANGE('ev.created_at')}`,
      range,
    ),
    // Paid tips that reached no person: the owner's pool (index tips_unreceived_idx).
    q<{ amount_cents: number; n: number }>(
      `SELECT coalesce(sum(t.amount_cents), 0)::int AS amount_cents, count(*)::int AS n
       FROM tips t
       WHERE t.business_id = $1 AND t.employee_id IS NULL AND ${PAID}
         AND ${IN_RANGE('t.created_at')}
         AND NOT EXISTS (SELECT 1 FROM tip_allocations a WHERE a.tip_id = t.id)`,
      range,
    ),
  ]);
  return {
    totals: totals[0]!,
    byEmployee,
    byTeam,
    byPoint,
    perDay,
    visits: visits[0] ?? { visits: 0, traced: 0, with_tip: 0 },
    pool: pool[0] ?? { amount_cents: 0, n: 0 },
  };
}

/** A paid tip of the export, with what every line of it needs. */
export interface CsvTipRow {
  id: string;
  created_at: Date | string;
  recipient: string | null;
  team: string | null;
  tip_source: string;
  point: string | null;
  amount_cents: number;
  platform_fee_cents: number;
  refunded_cents: number;
  status: string;
  transfer_id: string | null;
  processed_at: Date | string | null;
}

/** Who received a share of a tip (team split, shift, the owner's pool) and its payout. */
export interface CsvShareRow {
  tip_id: string;
  recipient: string | null;
  amount_cents: number;
  reason: string | null;
  transfer_id: string | null;
  processed_at: Date | string | null;
}

export interface CsvTipPage {
  tips: CsvTipRow[];
  /** The shares of these tips, grouped by tip. */
  shares: Map<string, CsvShareRow[]>;
}

/**
 * The tips of a range in pages of `pageSize`, oldest first, by keyset (created_at, id), each with
 * its shares: each page is two small queries, so exporting a year never holds more than a page in
 * memory, and a tip's shares are never split across pages.
 */
export async function* tipPages(
  database: Database,
  businessId: string,
  from: string,
  to: string,
  pageSize = 2000,
): AsyncGenerator<CsvTipPage> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const params: unknown[] = [businessId, from, to, pageSize];
    let keyset = '';
    if (after) {
      params.push(after.at, after.id);
      keyset = `AND (t.created_at, t.id) > ($5::timestamptz, $6::uuid)`;
    }
    const tips = await database.query<CsvTipRow>(
      `SELECT t.id, t.created_at, p.full_name AS recipient, tm.name AS team, t.tip_source,
              coalesce(e.label, t.entrypoint_uid) AS point, t.amount_cents, t.platform_fee_cents,
              t.refunded_cents, t.status, t.stripe_transfer_id AS transfer_id, t.processed_at
       FROM tips t
       LEFT JOIN profiles p ON p.id = t.employee_id
       LEFT JOIN teams tm ON tm.id = t.team_id
       LEFT JOIN payment_entrypoints e ON e.id = t.entrypoint_id
       WHERE t.business_id = $1 AND ${PAID} AND ${IN_RANGE('t.created_at')} ${keyset}
       ORDER BY t.created_at, t.id LIMIT $4`,
      params,
    );
    if (tips.length === 0) return;
    const shared = tips.filter((tip) => tip.recipient === null).map((tip) => tip.id);
    const shareRows =
      shared.length === 0
        ? []
        : await database.query<CsvShareRow>(
            `SELECT a.tip_id, p.full_name AS recipient, a.amount_cents, a.reason,
                    CASE WHEN po.status = 'paid' THEN po.provider_transfer_id END AS transfer_id,
                    CASE WHEN po.status = 'paid' THEN po.processed_at END AS processed_at
             FROM tip_allocations a
             JOIN profiles p ON p.id = a.profile_id
             LEFT JOIN payouts po ON po.id = a.payout_id
             WHERE a.tip_id = ANY($1::uuid[]) AND a.amount_cents > 0
             ORDER BY a.tip_id, a.amount_cents DESC, p.full_name, a.id`,
            [shared],
          );
    const shares = new Map<string, CsvShareRow[]>();
    for (const share of shareRows) {
      const list = shares.get(share.tip_id) ?? [];
      list.push(share);
      shares.set(share.tip_id, list);
    }
    yield { tips, shares };
    if (tips.length < pageSize) return;
    const last = tips[tips.length - 1]!;
    after = { at: new Date(last.created_at).toISOString(), id: last.id };
  }
}
