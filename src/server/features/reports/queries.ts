import type { Database } from '../../db/connect';

/** Europe/Berlin days: [from 00:00, to + 1 day 00:00) as timestamptz bounds ($2, $3). */
const TZ = 'Europe/Berlin';
const IN_RANGE = (column: string) =>
  `${column} >= ($2::date::timestamp AT TIME ZONE '${TZ}') AND ${column} < (($3::date + 1)::timestamp AT TIME ZONE '${TZ}')`;
const PAID = `t.status IN ('pending', 'completed')`;

export interface FigureRow {
  id: string;
  name: string | null;
  amount_cents: number;
  n: number;
}

/** What a report reads; every query is one business ($1) and one range ($2, $3). */
export async function reportRows(database: Database, businessId: string, from: string, to: string) {
  const params = [businessId, from, to];
  const q = <T>(text: string) => database.query<T>(text, params);
  const [totals, byEmployee, byTeam, byPoint, perDay, loads] = await Promise.all([
    q<{ amount_cents: number; n: number; fee_cents: number; refunded_cents: number }>(
      `SELECT coalesce(sum(t.amount_cents), 0)::int AS amount_cents, count(*)::int AS n,
              coalesce(sum(t.platform_fee_cents), 0)::int AS fee_cents,
              coalesce(sum(t.refunded_cents), 0)::int AS refunded_cents
       FROM tips t WHERE t.business_id = $1 AND ${PAID} AND ${IN_RANGE('t.created_at')}`,
    ),
    // Direct tips and team shares, per person.
    q<FigureRow>(
      `SELECT r.profile_id AS id, p.full_name AS name, sum(r.cents)::int AS amount_cents,
              count(*)::int AS n
       FROM (
         SELECT t.employee_id AS profile_id, t.amount_cents AS cents FROM tips t
         WHERE t.business_id = $1 AND t.employee_id IS NOT NULL AND ${PAID}
           AND ${IN_RANGE('t.created_at')}
         UNION ALL
         SELECT a.profile_id, a.amount_cents FROM tip_allocations a JOIN tips t ON t.id = a.tip_id
         WHERE t.business_id = $1 AND a.amount_cents > 0 AND ${PAID} AND ${IN_RANGE('t.created_at')}
       ) r JOIN profiles p ON p.id = r.profile_id
       GROUP BY r.profile_id, p.full_name ORDER BY amount_cents DESC, name`,
    ),
    q<FigureRow>(
      `SELECT tm.id, tm.name, sum(t.amount_cents)::int AS amount_cents, count(*)::int AS n
       FROM tips t JOIN teams tm ON tm.id = t.team_id
       WHERE t.business_id = $1 AND ${PAID} AND ${IN_RANGE('t.created_at')}
       GROUP BY tm.id, tm.name ORDER BY amount_cents DESC, tm.name`,
    ),
    q<FigureRow>(
      `SELECT coalesce(t.entrypoint_uid, '') AS id, max(e.label) AS name,
              sum(t.amount_cents)::int AS amount_cents, count(*)::int AS n
       FROM tips t LEFT JOIN payment_entrypoints e ON e.id = t.entrypoint_id
       WHERE t.business_id = $1 AND ${PAID} AND ${IN_RANGE('t.created_at')}
       GROUP BY coalesce(t.entrypoint_uid, '') ORDER BY amount_cents DESC, id`,
    ),
    q<{ day: string; amount_cents: number; n: number }>(
      `SELECT to_char(t.created_at AT TIME ZONE '${TZ}', 'YYYY-MM-DD') AS day,
              sum(t.amount_cents)::int AS amount_cents, count(*)::int AS n
       FROM tips t WHERE t.business_id = $1 AND ${PAID} AND ${IN_RANGE('t.created_at')}
       GROUP BY day ORDER BY day`,
    ),
    q<{ n: number }>(
      `SELECT count(*)::int AS n FROM analytics_events ev
       WHERE ev.business_id = $1 AND ev.name = 'tip_page_loaded' AND ${IN_RANGE('ev.created_at')}`,
    ),
  ]);
  return {
    totals: totals[0]!,
    byEmployee,
    byTeam,
    byPoint,
    perDay,
    pageLoads: loads[0]?.n ?? 0,
  };
}

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

/**
 * The tips of a range in pages of `pageSize`, oldest first, by keyset (created_at, id): each page
 * is one small query, so exporting a year never holds more than a page in memory.
 */
export async function* tipPages(
  database: Database,
  businessId: string,
  from: string,
  to: string,
  pageSize = 2000,
): AsyncGenerator<CsvTipRow[]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const params: unknown[] = [businessId, from, to, pageSize];
    let keyset = '';
    if (after) {
      params.push(after.at, after.id);
      keyset = `AND (t.created_at, t.id) > ($5::timestamptz, $6::uuid)`;
    }
    const rows = await database.query<CsvTipRow>(
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
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: new Date(last.created_at).toISOString(), id: last.id };
  }
}
