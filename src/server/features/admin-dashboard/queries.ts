import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { businesses, profiles, tipMonthTotals, users } from '../../db/schema';
import { AUDIT_TIME_ZONE } from '../audit-log/queries';
import { countWorkingCodes } from '../payment-points/queries/working';

export interface DashboardRows {
  business: { id: string; name: string };
  /** The first moment of the calendar month of `now` where the business is. */
  monthStart: Date;
  activeEmployees: number;
  /** Payment points and legacy codes a guest can tip through now (decision 0475). */
  workingCodes: number;
  month: { cents: number; n: number };
}

/** What the dashboard counts for one business, from the real rows (spec §2). */
export async function dashboardRows(
  db: Executor,
  businessId: string,
  now: Date,
): Promise<DashboardRows> {
  // The first moment of the calendar month of `now` where the business is (Europe/Berlin).
  const [business] = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      monthStart: sql<
        Date | string
      >`(date_trunc('month', (${now.toISOString()}::timestamptz AT TIME ZONE ${AUDIT_TIME_ZONE})) AT TIME ZONE ${AUDIT_TIME_ZONE})`,
      firstDay: sql<string>`to_char(date_trunc('month', (${now.toISOString()}::timestamptz AT TIME ZONE ${AUDIT_TIME_ZONE})), 'YYYY-MM-DD')`,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  const [[employees], workingCodes, [month]] = await Promise.all([
    db
      .select({ n: count() })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(
        and(
          eq(profiles.businessId, businessId),
          eq(profiles.role, 'employee'),
          isNull(users.disabledAt),
        ),
      ),
    // The codes guests can tip through, as the UID list marks them (decision 0475).
    countWorkingCodes(db, [businessId]),
    // The month's paid tips from the maintained month totals (the Europe/Berlin calendar month,
    // decisions 0260 and 0300), not from the month's tips: one row per slot.
    db
      .select({
        cents: sql<number>`coalesce(sum(${tipMonthTotals.amountCents}), 0)::int`,
        n: sql<number>`coalesce(sum(${tipMonthTotals.tipCount}), 0)::int`,
      })
      .from(tipMonthTotals)
      .where(
        and(
          eq(tipMonthTotals.businessId, businessId),
          eq(tipMonthTotals.kind, 'all'),
          eq(tipMonthTotals.month, business!.firstDay),
        ),
      ),
  ]);
  return {
    business: { id: business!.id, name: business!.name },
    monthStart: new Date(business!.monthStart),
    activeEmployees: employees?.n ?? 0,
    workingCodes: workingCodes.get(businessId) ?? 0,
    month: { cents: month?.cents ?? 0, n: month?.n ?? 0 },
  };
}
