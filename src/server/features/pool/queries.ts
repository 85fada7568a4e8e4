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

export async function listPoolTips(
  database: Database,
  options: { businessId: string; limit: number; offset: number },
): Promise<{ rows: PoolTipRow[]; total: number; totalCents: number }> {
  const [sum] = await database.query<{ n: number; cents: number | string | null }>(
    `SELECT count(*)::int AS n, coalesce(sum(t.amount_cents), 0)::bigint AS cents ${POOL}`,
    [options.businessId],
  );
  const rows = await database.query<PoolTipRow>(
    `SELECT t.id, t.amount_cents, t.currency, t.created_at,
            coalesce(e.label, tm.name) AS place_label, t.guest_message, t.feedback_emoji,
            t.feedback_message
     ${POOL}
     ORDER BY t.created_at DESC, t.id LIMIT $2 OFFSET $3`,
    [options.businessId, options.limit, options.offset],
  );
  return {
    rows: rows.map((row) => ({
      ...row,
      amount_cents: Number(row.amount_cents),
      created_at: new Date(row.created_at),
    })),
    total: Number(sum?.n ?? 0),
    totalCents: Number(sum?.cents ?? 0),
  };
}
