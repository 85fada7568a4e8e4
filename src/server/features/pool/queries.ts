import { POOL_ASSIGNED_REASON } from '../../../shared/api/pool';
import type { Database } from '../../db/connect';

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
