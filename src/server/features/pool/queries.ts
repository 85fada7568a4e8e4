import { POOL_ASSIGNED_REASON } from '../../../shared/api/pool';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../db/connect';
import {
  adminAuditLog,
  businesses,
  paymentEntrypoints,
  poolDistributions,
  profiles,
  tipAllocations,
  tips,
  users,
  workPoints,
} from '../../db/schema';

/**
 * A paid tip that reached nobody: no employee and no allocation (decision 0122), whose money
 * waits — not paid out, and not a second payment of a tip that goes back to the guest.
 */
export interface PoolTipRow {
  id: string;
  amount_cents: number;
  currency: string;
  created_at: Date;
  /** created_at to the microsecond, for the next page's cursor. */
  cursor_at: string;
  place_label: string | null;
  guest_message: string | null;
  feedback_emoji: string | null;
  feedback_message: string | null;
}

const POOL = `
  FROM tips t
  LEFT JOIN payment_entrypoints e ON e.id = t.entrypoint_id
  LEFT JOIN teams tm ON tm.id = t.team_id
  WHERE t.business_id = $1 AND t.status = 'pending' AND t.employee_id IS NULL
    AND t.duplicate_of IS NULL
    AND NOT EXISTS (SELECT 1 FROM tip_allocations a WHERE a.tip_id = t.id)`;

const CURSOR_AT = `to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of the pool, newest first, after the cursor (the last tip of the previous page); one
 * row more than asked tells whether another page follows.
 */
export async function listPoolTips(
  database: Database,
  options: { businessId: string; limit: number; after?: { createdAt: string; id: string } },
): Promise<{ rows: PoolTipRow[]; more: boolean; total: number; totalCents: number }> {
  const [sum] = await database.query<{ n: number; cents: number | string | null }>(
    `SELECT count(*)::int AS n, coalesce(sum(t.amount_cents), 0)::bigint AS cents ${POOL}`,
    [options.businessId],
  );
  const after = options.after ? `AND (t.created_at, t.id) < ($3::timestamptz, $4::uuid)` : '';
  const rows = await database.query<PoolTipRow>(
    `SELECT t.id, t.amount_cents, t.currency, t.created_at, ${CURSOR_AT} AS cursor_at,
            coalesce(e.label, tm.name) AS place_label, t.guest_message, t.feedback_emoji,
            t.feedback_message
     ${POOL} ${after}
     ORDER BY t.created_at DESC, t.id DESC LIMIT $2`,
    [
      options.businessId,
      options.limit + 1,
      ...(options.after ? [options.after.createdAt, options.after.id] : []),
    ],
  );
  return {
    rows: rows.slice(0, options.limit).map((row) => ({
      ...row,
      amount_cents: Number(row.amount_cents),
      created_at: new Date(row.created_at),
    })),
    more: rows.length > options.limit,
    total: Number(sum?.n ?? 0),
    totalCents: Number(sum?.cents ?? 0),
  };
}

/** A tip given from the pool whose allocation no payout has taken yet. */
export interface PoolAssignedRow {
  id: string;
  amount_cents: number;
  currency: string;
  place_label: string | null;
  profile_id: string;
  full_name: string | null;
  email: string;
  assigned_at: Date;
}

/** Assignments from the pool that can still be undone, newest first (at most `limit`). */
export async function listUndoablePoolAssignments(
  database: Database,
  options: { businessId: string; limit: number },
): Promise<PoolAssignedRow[]> {
  const rows = await database.query<PoolAssignedRow>(
    `SELECT t.id, t.amount_cents, t.currency, coalesce(e.label, tm.name) AS place_label,
            a.profile_id, p.full_name, p.email, a.created_at AS assigned_at
     FROM tip_allocations a
     JOIN tips t ON t.id = a.tip_id
     JOIN profiles p ON p.id = a.profile_id
     LEFT JOIN payment_entrypoints e ON e.id = t.entrypoint_id
     LEFT JOIN teams tm ON tm.id = t.team_id
     WHERE t.business_id = $1 AND t.status = 'pending' AND t.employee_id IS NULL
       AND a.payout_id IS NULL AND a.reason LIKE $2
     ORDER BY a.created_at DESC, t.id DESC LIMIT $3`,
    [options.businessId, `${POOL_ASSIGNED_REASON}%`, options.limit],
  );
  return rows.map((row) => ({
    ...row,
    amount_cents: Number(row.amount_cents),
    assigned_at: new Date(row.assigned_at),
  }));
}

export type TipRow = typeof tips.$inferSelect;

/** The label of a payment point. */
export async function selectEntrypointLabel(
  tx: Executor,
  entrypointId: string,
): Promise<string | null> {
  const [place] = await tx
    .select({ label: paymentEntrypoints.label })
    .from(paymentEntrypoints)
    .where(eq(paymentEntrypoints.id, entrypointId));
  return place?.label ?? null;
}

export async function lockTip(tx: Tx, tipId: string): Promise<TipRow | undefined> {
  const [tip] = await tx.select().from(tips).where(eq(tips.id, tipId)).for('update');
  return tip;
}

/** At most one allocation of a tip (whether it has any). */
export async function selectAnyAllocation(tx: Tx, tipId: string): Promise<Array<{ id: string }>> {
  return tx
    .select({ id: tipAllocations.id })
    .from(tipAllocations)
    .where(eq(tipAllocations.tipId, tipId))
    .limit(1);
}

/** The person a tip is given to: their business, whether their account is disabled, their name. */
export async function selectAssignee(tx: Tx, profileId: string) {
  const [person] = await tx
    .select({
      businessId: profiles.businessId,
      disabledAt: users.disabledAt,
      fullName: profiles.fullName,
      email: profiles.email,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, profileId));
  return person;
}

export async function insertAllocation(
  tx: Tx,
  values: typeof tipAllocations.$inferInsert,
): Promise<void> {
  await tx.insert(tipAllocations).values(values);
}

/** The allocations of a tip, locked. */
export async function lockAllocationsOfTip(tx: Tx, tipId: string) {
  return tx
    .select({
      id: tipAllocations.id,
      profileId: tipAllocations.profileId,
      reason: tipAllocations.reason,
      payoutId: tipAllocations.payoutId,
    })
    .from(tipAllocations)
    .where(eq(tipAllocations.tipId, tipId))
    .for('update');
}

export async function selectPersonName(tx: Tx, profileId: string) {
  const [person] = await tx
    .select({ fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return person;
}

export async function deleteAllocation(tx: Tx, allocationId: string): Promise<void> {
  await tx.delete(tipAllocations).where(eq(tipAllocations.id, allocationId));
}

/** The pool's tips given on these Berlin days (decision 0660), oldest first; locked if asked. */
export async function listPeriodPoolTips(
  executor: Executor,
  options: { businessId: string; firstDay: string; lastDay: string; lock?: boolean },
) {
  const query = executor
    .select({
      id: tips.id,
      amountCents: tips.amountCents,
      currency: tips.currency,
      teamId: tips.teamId,
    })
    .from(tips)
    .where(
      and(
        eq(tips.businessId, options.businessId),
        eq(tips.status, 'pending'),
        isNull(tips.employeeId),
        isNull(tips.duplicateOf),
        sql`NOT EXISTS (SELECT 1 FROM tip_allocations a WHERE a.tip_id = ${tips.id})`,
        sql`(${tips.createdAt} AT TIME ZONE 'Europe/Berlin')::date BETWEEN ${options.firstDay}::date AND ${options.lastDay}::date`,
      ),
    )
    .orderBy(asc(tips.createdAt), asc(tips.id));
  return options.lock ? query.for('update') : query;
}

export async function insertPoolDistribution(
  tx: Tx,
  values: typeof poolDistributions.$inferInsert,
): Promise<string> {
  const [row] = await tx
    .insert(poolDistributions)
    .values(values)
    .returning({ id: poolDistributions.id });
  return row!.id;
}

export async function insertAllocations(
  tx: Tx,
  values: (typeof tipAllocations.$inferInsert)[],
): Promise<void> {
  if (values.length > 0) await tx.insert(tipAllocations).values(values);
}

/** The business's name and creation time (for the pool's rule notice). */
export async function businessForNotice(db: Executor, businessId: string) {
  const [row] = await db
    .select({ name: businesses.name, createdAt: businesses.createdAt })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row;
}

/** The first and the latest 'Pool verteilen' of the business (audit rows), or nulls. */
export async function poolDistributionSpan(db: Executor, businessId: string) {
  const [row] = await db
    .select({
      first: sql<string | Date | null>`min(${adminAuditLog.createdAt})`,
      last: sql<string | Date | null>`max(${adminAuditLog.createdAt})`,
    })
    .from(adminAuditLog)
    .where(
      and(eq(adminAuditLog.businessId, businessId), eq(adminAuditLog.action, 'pool_distribute')),
    );
  return {
    first: row?.first ? new Date(row.first) : null,
    last: row?.last ? new Date(row.last) : null,
  };
}

/** The business's staff (no platform admin) with their points and roles, by name. */
export function listStaffPoints(db: Executor, businessId: string) {
  return db
    .select({
      fullName: profiles.fullName,
      email: profiles.email,
      pointsMilli: workPoints.pointsMilli,
      role: workPoints.roleLabel,
    })
    .from(profiles)
    .leftJoin(workPoints, eq(workPoints.profileId, profiles.id))
    .where(and(eq(profiles.businessId, businessId), ne(profiles.role, 'admin')))
    .orderBy(asc(sql`lower(coalesce(${profiles.fullName}, ${profiles.email}))`), asc(profiles.id));
}
