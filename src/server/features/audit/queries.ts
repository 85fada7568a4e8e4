import type { Executor } from '../../db/connect';
import { adminAuditLog } from '../../db/schema';

export type NewAuditRow = typeof adminAuditLog.$inferInsert;

/** Inserts one audit-log row and returns its id. */
export async function insertAuditRow(db: Executor, row: NewAuditRow): Promise<string> {
  const [inserted] = await db.insert(adminAuditLog).values(row).returning({ id: adminAuditLog.id });
  return inserted!.id;
}
