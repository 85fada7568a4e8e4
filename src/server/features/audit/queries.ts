import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditLogEntry, AuditLogPage } from '../../../shared/api/audit';
import type { AuditAction } from '../../../shared/domain/audit';
import type { Executor } from '../../db/connect';
import { adminAuditLog, profiles } from '../../db/schema';

/** Days of the audit filter are calendar days where the businesses are. */
export const AUDIT_TIME_ZONE = 'Europe/Berlin';

export interface AuditLogFilter {
  page: number;
  pageSize: number;
  action?: AuditAction | undefined;
  /** YYYY-MM-DD, inclusive. */
  from?: string | undefined;
  /** YYYY-MM-DD, inclusive. */
  to?: string | undefined;
}

/** Start of a calendar day in the business time zone, as a timestamptz. */
const dayStart = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp AT TIME ZONE ${AUDIT_TIME_ZONE})`;

/**
 * One page of a business's audit log, newest first (index admin_audit_log_business_created_idx),
 * each row joined to the admin's profile (spec §3: full_name and email).
 */
export async function auditLogPage(
  db: Executor,
  businessId: string,
  filter: AuditLogFilter,
): Promise<AuditLogPage> {
  const conditions: SQL[] = [eq(adminAuditLog.businessId, businessId)];
  if (filter.action) conditions.push(eq(adminAuditLog.action, filter.action));
  if (filter.from) conditions.push(gte(adminAuditLog.createdAt, dayStart(filter.from)));
  if (filter.to) conditions.push(lt(adminAuditLog.createdAt, dayStart(filter.to, 1)));
  const where = and(...conditions);

  const [rows, [total]] = await Promise.all([
    db
      .select({
        row: adminAuditLog,
        adminName: profiles.fullName,
        adminEmail: profiles.email,
      })
      .from(adminAuditLog)
      .leftJoin(profiles, eq(profiles.id, adminAuditLog.adminId))
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(adminAuditLog).where(where),
  ]);

  return {
    items: rows.map(({ row, adminName, adminEmail }): AuditLogEntry => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      payload: row.payload,
      admin:
        row.adminId && adminEmail !== null
          ? { id: row.adminId, fullName: adminName, email: adminEmail }
          : null,
      userAgent: row.userAgent,
    })),
    page: filter.page,
    pageSize: filter.pageSize,
    total: total?.n ?? 0,
  };
}
