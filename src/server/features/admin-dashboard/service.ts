import type { AdminDashboard } from '../../../shared/api/admin-dashboard';
import { DEFAULT_CURRENCY } from '../../../shared/domain/constants';
import type { Executor } from '../../db/connect';
import { dashboardRows } from './queries';

/** The dashboard's three figures for one business, counted from the real rows (spec §2). */
export async function dashboardFigures(
  db: Executor,
  businessId: string,
  now: Date,
): Promise<AdminDashboard> {
  const rows = await dashboardRows(db, businessId, now);
  return {
    business: rows.business,
    activeEmployees: rows.activeEmployees,
    activeQrCodes: rows.workingCodes,
    tipsThisMonth: {
      amountCents: rows.month.cents,
      count: rows.month.n,
      currency: DEFAULT_CURRENCY,
      since: rows.monthStart.toISOString(),
    },
  };
}
