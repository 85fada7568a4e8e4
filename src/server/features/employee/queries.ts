import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/connect';
import { profiles } from '../../db/schema';
import { BUSINESS_DAY_ZONE } from '../tip-totals/queries';

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

/**
 * The state of a share (team split, shift, pool) as the employee sees it: paid out once the
 * payout that carries it (alias `payout`) is paid. The tip's own state may still say 'pending'
 * then, while other members' shares wait. The tipping record says the same.
 */
export const shareStatus = (payout: string) =>
  `CASE WHEN ${payout}.status = 'paid' THEN 'completed' ELSE 'pending' END`;

/**
 * Direct tips and team shares of one employee ($1) since a moment ($2), as two SELECTs to be
 * joined by UNION ALL; `extra` is one more condition on the tip (`t`) for both.
 */
function receivedTipBranches(extra = ''): [string, string] {
  return [
    `SELECT t.id, t.amount_cents AS share_cents, t.amount_cents AS tip_amount_cents, t.currency,
            t.status, t.created_at, t.processed_at, t.stripe_transfer_id AS transfer_id,
            t.payment_method, t.tip_source, t.platform_fee_covered, t.guest_message,
            t.feedback_emoji, t.feedback_message, NULL::text AS team_name,
            NULL::text AS allocation_reason
     FROM tips t
     WHERE t.employee_id = $1 AND t.status IN ${PAID} AND t.created_at >= $2 ${extra}`,
    `SELECT t.id, a.amount_cents AS share_cents, t.amount_cents AS tip_amount_cents, t.currency,
            ${shareStatus('p')} AS status,
            t.created_at, CASE WHEN p.status = 'paid' THEN p.processed_at END AS processed_at,
            CASE WHEN p.status = 'paid' THEN p.provider_transfer_id END AS transfer_id,
            t.payment_method,
            CASE WHEN t.team_id IS NULL THEN 'direct' ELSE 'team' END AS tip_source,
            t.platform_fee_covered, t.guest_message, t.feedback_emoji, t.feedback_message,
            tm.name AS team_name, a.reason AS allocation_reason
     FROM tip_allocations a
     JOIN tips t ON t.id = a.tip_id
     LEFT JOIN teams tm ON tm.id = t.team_id
     LEFT JOIN payouts p ON p.id = a.payout_id
     WHERE a.profile_id = $1 AND a.amount_cents > 0 AND t.status IN ${PAID}
       AND t.created_at >= $2 ${extra}`,
  ];
}

/** Both branches as one relation. */
const receivedTips = (extra = '') => receivedTipBranches(extra).join(' UNION ALL ');

/**
 * A message is there when the guest wrote one on the tip page or in the feedback dialog, or
 * gave a feedback emoji there (an emoji on its own is feedback too). Migration 0260's
 * tip_day_totals_has_message must say the same.
 */
const HAS_MESSAGE = `(coalesce(btrim(guest_message), '') <> '' OR coalesce(btrim(feedback_message), '') <> '' OR feedback_emoji IS NOT NULL)`;

/**
 * Periods start at a moment ($2), the maintained day totals (tip_day_totals, decision 0260) hold
 * whole Europe/Berlin days: the days after the one `$2` falls on come from the totals, and the
 * rest of that first day from the tips themselves (`BEFORE_NEXT_DAY` bounds them), so no read
 * aggregates more than one day of tips.
 */
const FIRST_DAY = `($2::timestamptz AT TIME ZONE '${BUSINESS_DAY_ZONE}')::date`;
const BEFORE_NEXT_DAY = `AND t.created_at < ((${FIRST_DAY} + 1)::timestamp AT TIME ZONE '${BUSINESS_DAY_ZONE}')`;
/** The employee's day totals after the first day; the employee id as text is `$3`. */
const LATER_DAYS = `FROM tip_day_totals s
  WHERE s.kind = 'person' AND s.key = $3 AND s.day > ${FIRST_DAY}`;

export interface ListOptions {
  employeeId: string;
  since: Date;
  limit: number;
  offset?: number;
  withMessageOnly?: boolean;
  status?: 'pending' | 'completed';
  /** Without it the total is not counted (and answered as 0). */
  withTotal?: boolean;
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
  const offset = options.offset ?? 0;
  params.push(offset + options.limit, options.limit, offset);
  const [top, limit, skip] = [params.length - 2, params.length - 1, params.length];
  // Each branch is cut to the rows the page can need, newest first, so each reads its index
  // (tips_employee_paid_idx, tips_employee_messages_idx) in order and stops: a page costs its
  // offset plus its size, not the period.
  const branches = receivedTipBranches().map(
    (branch) => `(SELECT * FROM (${branch}) b ${where} ORDER BY created_at DESC, id LIMIT $${top})`,
  );
  const [rows, total] = await Promise.all([
    database.query<ReceivedTipRow>(
      `SELECT page.*, r.message AS reply_message, r.replied_at
       FROM (
         SELECT * FROM (${branches.join(' UNION ALL ')}) received
         ORDER BY created_at DESC, id LIMIT $${limit} OFFSET $${skip}
       ) page
       LEFT JOIN tip_replies r ON r.tip_id = page.id
       ORDER BY page.created_at DESC, page.id`,
      params,
    ),
    options.withTotal === false ? Promise.resolve(0) : countReceived(database, options),
  ]);
  return { rows: rows.map(normalise), total };
}

/** How many received tips (or with a message) since a moment, as the list counts them. */
async function countReceived(
  database: Database,
  options: Pick<ListOptions, 'employeeId' | 'since' | 'withMessageOnly' | 'status'>,
): Promise<number> {
  if (options.status) {
    // Today's overview (at most 48 hours): the state of a share is its payout's, which the day
    // totals do not keep.
    const [row] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (${receivedTips()}) received WHERE status = $3`,
      [options.employeeId, options.since, options.status],
    );
    return Number(row?.n ?? 0);
  }
  const counted = options.withMessageOnly ? 's.message_count' : 's.tip_count';
  const [row] = await database.query<{ n: number }>(
    `SELECT ((SELECT coalesce(sum(${counted}), 0) ${LATER_DAYS})
             + (SELECT count(*) FROM (${receivedTips(BEFORE_NEXT_DAY)}) received
                ${options.withMessageOnly ? `WHERE ${HAS_MESSAGE}` : ''}))::int AS n`,
    [options.employeeId, options.since, options.employeeId],
  );
  return Number(row?.n ?? 0);
}

/**
 * What the employee received since a moment, in cents: the days after the first from the day
 * totals, the rest of the first day from its tips, so a busy window costs no more than one day.
 */
export async function sumReceivedCents(
  database: Database,
  options: { employeeId: string; since: Date },
): Promise<number> {
  const [row] = await database.query<{ cents: number }>(
    `SELECT ((SELECT coalesce(sum(s.amount_cents), 0) ${LATER_DAYS})
             + (SELECT coalesce(sum(share_cents), 0) FROM (${receivedTips(BEFORE_NEXT_DAY)}) received)
            )::bigint AS cents`,
    [options.employeeId, options.since, options.employeeId],
  );
  return Number(row?.cents ?? 0);
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
  const rows =
    options.timeZone === BUSINESS_DAY_ZONE
      ? await database.query<{ day: string; total: number; n: number }>(
          `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(total)::int AS total, sum(n)::int AS n
           FROM (
             SELECT s.day, s.amount_cents AS total, s.tip_count AS n ${LATER_DAYS}
             UNION ALL
             SELECT (created_at AT TIME ZONE '${BUSINESS_DAY_ZONE}')::date, share_cents::bigint, 1
             FROM (${receivedTips(BEFORE_NEXT_DAY)}) first_day
           ) days
           GROUP BY 1 HAVING sum(n) > 0 ORDER BY 1`,
          [options.employeeId, options.since, options.employeeId],
        )
      : // Another zone's days are not the totals' days: sum the tips themselves.
        await database.query<{ day: string; total: number; n: number }>(
          `SELECT to_char(created_at AT TIME ZONE $3, 'YYYY-MM-DD') AS day,
                  sum(share_cents)::int AS total, count(*)::int AS n
           FROM (${receivedTips()}) received
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
  return countReceived(database, { ...options, withMessageOnly: true });
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

/** When the person last opened their thank-you messages, or null. */
export async function findMessagesSeenAt(db: Executor, profileId: string): Promise<Date | null> {
  const [row] = await db
    .select({ seenAt: profiles.messagesSeenAt })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row?.seenAt ?? null;
}

export async function setMessagesSeenAt(db: Executor, profileId: string, at: Date): Promise<void> {
  await db.update(profiles).set({ messagesSeenAt: at }).where(eq(profiles.id, profileId));
}
