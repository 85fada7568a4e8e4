import type { Database } from '../../db/connect';

/**
 * The employee's read model. An employee receives money two ways: direct tips
 * (`tips.employee_id`) and allocations (`tip_allocations.profile_id`): shares of team tips, tips
 * of an object they were on shift at, and tips given to them from the pool (decision 0122). Both appear as one
 * list of "received tips" where the amount is what this employee gets. Only paid tips count:
 * `pending` (paid by the guest, awaiting payout) and `completed` (paid out).
 *
 * For a team share, payout state belongs to the allocation: it is `completed` once the payout
 * that carries it was paid, with that payout's transfer reference and time.
 */
export interface ReceivedTipRow {
  id: string;
  share_cents: number;
  tip_amount_cents: number;
  currency: string;
  status: 'pending' | 'completed';
  created_at: Date;
  processed_at: Date | null;
  transfer_id: string | null;
  payment_method: string | null;
  tip_source: string;
  platform_fee_covered: boolean;
  guest_message: string | null;
  feedback_emoji: string | null;
  feedback_message: string | null;
  team_name: string | null;
  allocation_reason: string | null;
  reply_message: string | null;
  replied_at: Date | null;
}

const PAID = `('pending', 'completed')`;

/** Direct tips and team shares of one employee ($1) since a moment ($2), as one relation. */
const RECEIVED_TIPS = `
  SELECT t.id, t.amount_cents AS share_cents, t.amount_cents AS tip_amount_cents, t.currency,
         t.status, t.created_at, t.processed_at, t.stripe_transfer_id AS transfer_id,
         t.payment_method, t.tip_source, t.platform_fee_covered, t.guest_message,
         t.feedback_emoji, t.feedback_message, NULL::text AS team_name,
         NULL::text AS allocation_reason
  FROM tips t
  WHERE t.employee_id = $1 AND t.status IN ${PAID} AND t.created_at >= $2
  UNION ALL
  SELECT t.id, a.amount_cents, t.amount_cents, t.currency,
         CASE WHEN p.status = 'paid' THEN 'completed' ELSE 'pending' END,
         t.created_at, CASE WHEN p.status = 'paid' THEN p.processed_at END,
         CASE WHEN p.status = 'paid' THEN p.provider_transfer_id END,
         t.payment_method, CASE WHEN t.team_id IS NULL THEN 'direct' ELSE 'team' END,
         t.platform_fee_covered, t.guest_message,
         t.feedback_emoji, t.feedback_message, tm.name, a.reason
  FROM tip_allocations a
  JOIN tips t ON t.id = a.tip_id
  LEFT JOIN teams tm ON tm.id = t.team_id
  LEFT JOIN payouts p ON p.id = a.payout_id
  WHERE a.profile_id = $1 AND a.amount_cents > 0 AND t.status IN ${PAID} AND t.created_at >= $2`;

/**
 * A message is there when the guest wrote one on the tip page or in the feedback dialog, or
 * gave a feedback emoji there (an emoji on its own is feedback too).
 */
const HAS_MESSAGE = `(coalesce(btrim(guest_message), '') <> '' OR coalesce(btrim(feedback_message), '') <> '' OR feedback_emoji IS NOT NULL)`;

export interface ListOptions {
  employeeId: string;
  since: Date;
  limit: number;
  offset?: number;
  withMessageOnly?: boolean;
  status?: 'pending' | 'completed';
}

export async function listReceivedTips(
  database: Database,
  options: ListOptions,
): Promise<{ rows: ReceivedTipRow[]; total: number }> {
  const filters: string[] = [];
  const params: unknown[] = [options.employeeId, options.since];
  if (options.withMessageOnly) filters.push(HAS_MESSAGE);
  if (options.status) {
    params.push(options.status);
    filters.push(`status = $${params.length}`);
  }
  const where = filters.length > 0 ? `WHERE ${filters.join(' AND ')}` : '';
  const base = `SELECT received.*, r.message AS reply_message, r.replied_at
    FROM (${RECEIVED_TIPS}) received LEFT JOIN tip_replies r ON r.tip_id = received.id ${where}`;
  const [countRow] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (${base}) counted`,
    params,
  );
  params.push(options.limit, options.offset ?? 0);
  const rows = await database.query<ReceivedTipRow>(
    `${base} ORDER BY created_at DESC, id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows: rows.map(normalise), total: countRow?.n ?? 0 };
}

export interface DayTotal {
  /** YYYY-MM-DD in the business time zone. */
  date: string;
  totalCents: number;
  count: number;
}

export async function totalsByDay(
  database: Database,
  options: { employeeId: string; since: Date; timeZone: string },
): Promise<DayTotal[]> {
  const rows = await database.query<{ day: string; total: number; n: number }>(
    `SELECT to_char(created_at AT TIME ZONE $3, 'YYYY-MM-DD') AS day,
            sum(share_cents)::int AS total, count(*)::int AS n
     FROM (${RECEIVED_TIPS}) received
     GROUP BY 1 ORDER BY 1`,
    [options.employeeId, options.since, options.timeZone],
  );
  return rows.map((row) => ({
    date: row.day,
    totalCents: Number(row.total),
    count: Number(row.n),
  }));
}

export async function countMessagesSince(
  database: Database,
  options: { employeeId: string; since: Date },
): Promise<number> {
  const [row] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (${RECEIVED_TIPS}) received WHERE ${HAS_MESSAGE}`,
    [options.employeeId, options.since],
  );
  return Number(row?.n ?? 0);
}

/** Drivers differ in how they return integers and timestamps; make them one shape. */
function normalise(row: ReceivedTipRow): ReceivedTipRow {
  return {
    ...row,
    share_cents: Number(row.share_cents),
    tip_amount_cents: Number(row.tip_amount_cents),
    created_at: new Date(row.created_at),
    processed_at: row.processed_at ? new Date(row.processed_at) : null,
    replied_at: row.replied_at ? new Date(row.replied_at) : null,
  };
}
