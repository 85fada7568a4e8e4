import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditLogEntry, AuditLogPage } from '../../../shared/api/audit';
import { describeAuditEntry } from '../../../shared/domain/audit-presenter';
import type { AuditAction } from '../../../shared/domain/audit';
import type { Database, Executor } from '../../db/connect';
import { adminAuditLog, apiKeys, profiles } from '../../db/schema';
import { BUSINESS_TIME_ZONE } from '../../../shared/domain/constants';

/** Days of the audit filter are calendar days where the businesses are. */
export const AUDIT_TIME_ZONE = BUSINESS_TIME_ZONE;

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
 * Rows of one action. Before user_deactivate existed (decision 0340) a deactivation was
 * stored as user_delete with `status.to = 'deactivated'`; those rows stay as they are, show as
 * deactivations (audit-presenter.ts) and are found under user_deactivate, not user_delete.
 */
function actionCondition(action: AuditAction): SQL {
  const olderDeactivation = sql`${adminAuditLog.payload} -> 'status' ->> 'to' = 'deactivated'`;
  if (action === 'user_deactivate') {
    return or(
      eq(adminAuditLog.action, 'user_deactivate'),
      and(eq(adminAuditLog.action, 'user_delete'), olderDeactivation),
    )!;
  }
  if (action === 'user_delete') {
    return and(
      eq(adminAuditLog.action, 'user_delete'),
      sql`(${adminAuditLog.payload} -> 'status' ->> 'to') IS DISTINCT FROM 'deactivated'`,
    )!;
  }
  return eq(adminAuditLog.action, action);
}

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
  if (filter.action) conditions.push(actionCondition(filter.action));
  if (filter.from) conditions.push(gte(adminAuditLog.createdAt, dayStart(filter.from)));
  if (filter.to) conditions.push(lt(adminAuditLog.createdAt, dayStart(filter.to, 1)));
  const where = and(...conditions);

  const [rows, [total]] = await Promise.all([
    db
      .select({
        row: adminAuditLog,
        adminName: profiles.fullName,
        adminEmail: profiles.email,
        apiKeyName: apiKeys.name,
      })
      .from(adminAuditLog)
      .leftJoin(profiles, eq(profiles.id, adminAuditLog.adminId))
      .leftJoin(apiKeys, eq(apiKeys.id, adminAuditLog.apiKeyId))
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(adminAuditLog).where(where),
  ]);

  return {
    items: rows.map(({ row, adminName, adminEmail, apiKeyName }): AuditLogEntry => ({
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
      apiKey: row.apiKeyId && apiKeyName !== null ? { id: row.apiKeyId, name: apiKeyName } : null,
      userAgent: row.userAgent,
      description: describeAuditEntry(row),
    })),
    page: filter.page,
    pageSize: filter.pageSize,
    total: total?.n ?? 0,
  };
}

export interface AuditCsvRow {
  id: string;
  /** created_at as PostgreSQL writes it (microseconds kept for the keyset). */
  at: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  payload: Record<string, unknown> | string;
  user_agent: string | null;
  full_name: string | null;
  email: string | null;
  /** The API key that acted (decision 0640); absent in rows written before it. */
  api_key_name?: string | null;
}

/** One keyset page of a business's audit log for the CSV, oldest first, after `after` if given. */
export function auditCsvPage(
  database: Database,
  businessId: string,
  pageSize: number,
  after: { at: string; id: string } | null,
): Promise<AuditCsvRow[]> {
  const params: unknown[] = [businessId, pageSize];
  let keyset = '';
  if (after) {
    params.push(after.at, after.id);
    keyset = 'AND (l.created_at, l.id) > ($3::timestamptz, $4::uuid)';
  }
  return database.query<AuditCsvRow>(
    `SELECT l.id, l.created_at::text AS at, l.action, l.target_type, l.target_id, l.payload,
            l.user_agent, p.full_name, p.email, k.name AS api_key_name
     FROM admin_audit_log l
     LEFT JOIN profiles p ON p.id = l.admin_id
     LEFT JOIN api_keys k ON k.id = l.api_key_id
     WHERE l.business_id = $1 ${keyset}
     ORDER BY l.created_at, l.id LIMIT $2`,
    params,
  );
}
