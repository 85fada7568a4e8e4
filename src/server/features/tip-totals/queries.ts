import type { Database } from '../../db/connect';
import { BUSINESS_TIME_ZONE } from '../../../shared/domain/constants';

/**
 * The maintained day and month totals of paid tips (`tip_day_totals`, `tip_month_totals`,
 * migrations and decisions 0260 and 0300). They are written by triggers on `tips` and
 * `tip_allocations` in the transaction of every change, so no write path calls anything here;
 * readers (employee statistics, history and message counts, the business report, the admin
 * dashboard) sum them instead of the tips of a period.
 */

/** The days the totals are kept in: the time zone of the (German) businesses we serve. */
export const BUSINESS_DAY_ZONE = BUSINESS_TIME_ZONE;

/**
 * Recomputes every day total from the tips and allocations, and the month totals from those. Only for loads that bypass the
 * triggers (the benchmark seeder inserts with `session_replication_role = replica`).
 */
export async function rebuildTipDayTotals(database: Database): Promise<void> {
  await database.query('SELECT tip_day_totals_rebuild()');
}
