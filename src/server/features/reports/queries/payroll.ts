import type { Database } from '../../../db/connect';
import { POOL_ASSIGNED_REASON } from '../../../../shared/api/pool';
import { BUSINESS_TIME_ZONE } from '../../../../shared/domain/constants';

/** Europe/Berlin days [$2 00:00, $3 + 1 day 00:00), as the report counts them. */
const TZ = BUSINESS_TIME_ZONE;
const IN_RANGE = (column: string) =>
  `${column} >= ($2::date::timestamp AT TIME ZONE '${TZ}') AND ${column} < (($3::date + 1)::timestamp AT TIME ZONE '${TZ}')`;
/** The report's paid tips (tip_day_totals counts these, decision 0260). */
const PAID = `t.status IN ('pending', 'completed')`;

export interface PayrollFigure {
  profile_id: string;
  n: number;
  amount_cents: number;
}

/**
 * A month's figures per person for the payroll statement: direct tips, shares of team and shift
 * tips, shares from the pool (assigned by hand, or distributed by hours: decision 0660), and
 * payouts paid in the month.
 */
export async function payrollRows(
  database: Database,
  businessId: string,
  from: string,
  to: string,
) {
  const params = [businessId, from, to];
  const direct = await database.query<PayrollFigure>(
    `SELECT t.employee_id AS profile_id, count(*)::int AS n, sum(t.amount_cents)::int AS amount_cents
       FROM tips t
      WHERE t.business_id = $1 AND t.employee_id IS NOT NULL AND ${PAID} AND ${IN_RANGE('t.created_at')}
      GROUP BY t.employee_id`,
    params,
  );
  const shares = await database.query<PayrollFigure & { pool: boolean }>(
    `SELECT a.profile_id, (a.pool_distribution_id IS NOT NULL OR a.split_rule = 'pool_hours' OR a.reason LIKE $4 || '%') AS pool, count(*)::int AS n,
            sum(a.amount_cents)::int AS amount_cents
       FROM tip_allocations a
       JOIN tips t ON t.id = a.tip_id
      WHERE t.business_id = $1 AND a.amount_cents > 0 AND ${PAID} AND ${IN_RANGE('t.created_at')}
      GROUP BY 1, 2`,
    [...params, POOL_ASSIGNED_REASON],
  );
  const payouts = await database.query<PayrollFigure>(
    `SELECT p.employee_id AS profile_id, count(*)::int AS n, sum(p.amount_cents)::int AS amount_cents
       FROM payouts p
      WHERE p.business_id = $1 AND p.status = 'paid' AND ${IN_RANGE('p.processed_at')}
      GROUP BY p.employee_id`,
    params,
  );
  const people = await database.query<{ id: string; full_name: string | null; email: string }>(
    `SELECT p.id, p.full_name, p.email FROM profiles p WHERE p.id = ANY($1::uuid[])`,
    [[...new Set([...direct, ...shares, ...payouts].map((row) => row.profile_id))]],
  );
  // The rules the month's team shares were split by (kept on each share since migration 0660;
  // older shares: the team's rule), else the active teams' rules today.
  const applied = await database.query<{ name: string; split_rule: string }>(
    `SELECT DISTINCT tm.name, coalesce(a.split_rule, tm.split_rule) AS split_rule
       FROM tip_allocations a
       JOIN tips t ON t.id = a.tip_id
       JOIN teams tm ON tm.id = t.team_id
      WHERE t.business_id = $1 AND ${PAID} AND ${IN_RANGE('t.created_at')}
      ORDER BY 1, 2`,
    params,
  );
  const teams =
    applied.length > 0
      ? applied
      : await database.query<{ name: string; split_rule: string }>(
          `SELECT name, split_rule FROM teams WHERE business_id = $1 AND active ORDER BY name`,
          [businessId],
        );
  return {
    direct,
    teamShares: shares.filter((row) => !row.pool),
    poolShares: shares.filter((row) => row.pool),
    payouts,
    people,
    teams,
  };
}

export async function businessName(database: Database, businessId: string): Promise<string> {
  const [row] = await database.query<{ name: string }>(
    `SELECT name FROM businesses WHERE id = $1`,
    [businessId],
  );
  return row?.name ?? '';
}
