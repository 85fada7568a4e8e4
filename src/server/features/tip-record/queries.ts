import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { businesses, profiles } from '../../db/schema';
import { BUSINESS_TIME_ZONE } from '../../../shared/domain/constants';
import type { StaffLanguage } from '../../../shared/domain/staff-language';
import { shareStatus } from '../employee/queries';

export interface TipRecordRow {
  row_id: string;
  created_at: Date | string;
  source: 'person' | 'team' | 'object';
  /** The payment point's label, its uid, or the classic QR code the tip came through. */
  point: string | null;
  point_uid: string | null;
  classic_code: string | null;
  team: string | null;
  gross_cents: number;
  contribution_cents: number;
  refunded_cents: number;
  /** The state the employee's history shows for this tip (or 'refunded'). */
  state: 'pending' | 'completed' | 'refunded';
  reference: string | null;
  paid_out_at: Date | string | null;
}

/** Europe/Berlin days: [from 00:00, to + 1 day 00:00), parameters $2 and $3. */
const TZ = BUSINESS_TIME_ZONE;
const IN_RANGE = `t.created_at >= ($2::date::timestamp AT TIME ZONE '${TZ}')
  AND t.created_at < (($3::date + 1)::timestamp AT TIME ZONE '${TZ}')`;
const PAID = `t.status IN ('pending', 'completed', 'refunded')`;
/** What went back from this person's part of the tip: refunds and disputes, less disputes won. */
const TAKEN_BACK = `coalesce((SELECT sum(CASE WHEN a.kind = 'dispute_won' THEN -a.amount_cents
    ELSE a.amount_cents END) FROM tip_adjustments a WHERE a.tip_id = t.id AND a.profile_id = $1), 0)`;

/** Where a tip came from: its payment point, else the classic QR code (aliases e and qc). */
const POINT = `e.label AS point, t.entrypoint_uid AS point_uid, qc.code AS classic_code`;
const POINT_JOINS = `LEFT JOIN payment_entrypoints e ON e.id = t.entrypoint_id
          LEFT JOIN qr_codes qc ON qc.id = t.qr_code_id`;

/**
 * The employee's tips of a range, oldest first, in keyset pages: direct tips (person or object
 * points) and their shares of team, shift and pool tips. A full refund before any payout leaves
 * no adjustment (decision 0141): the whole amount counts as refunded then. The state of each row
 * is the one the dashboard's history shows: a direct tip's own, a share's from the
 * payout that carries it (`shareStatus`), whatever the rest of the team tip waits for.
 */
export async function* tipRecordPages(
  database: Database,
  profileId: string,
  range: { from: string; to: string },
  pageSize = 1000,
): AsyncGenerator<TipRecordRow[]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const params: unknown[] = [profileId, range.from, range.to, pageSize];
    let keyset = '';
    if (after) {
      params.push(after.at, after.id);
      keyset = `AND (t.created_at, ROWID) > ($5::timestamptz, $6::uuid)`;
    }
    const rows = await database.query<TipRecordRow>(
      `SELECT * FROM (
         (SELECT t.id AS row_id, t.created_at,
                 CASE WHEN e.type = 'object' THEN 'object' ELSE 'person' END AS source,
                 ${POINT}, NULL::text AS team,
                 t.amount_cents AS gross_cents, t.platform_fee_cents AS contribution_cents,
                 (CASE WHEN t.status = 'refunded' AND ${TAKEN_BACK} = 0 THEN t.amount_cents
                       ELSE ${TAKEN_BACK} END)::int AS refunded_cents,
                 t.status AS state,
                 CASE WHEN t.status <> 'pending'
                      THEN coalesce(po.provider_transfer_id, t.stripe_transfer_id) END AS reference,
                 CASE WHEN t.status <> 'pending'
                      THEN coalesce(po.processed_at, t.processed_at) END AS paid_out_at
          FROM tips t
          ${POINT_JOINS}
          LEFT JOIN payouts po ON po.id = t.payout_id AND po.status = 'paid'
          WHERE t.employee_id = $1 AND ${PAID} AND ${IN_RANGE} ${keyset.replace('ROWID', 't.id')}
          ORDER BY t.created_at, t.id LIMIT $4)
         UNION ALL
         (SELECT al.id AS row_id, t.created_at,
                 CASE WHEN t.team_id IS NOT NULL THEN 'team'
                      WHEN e.type = 'person' THEN 'person' ELSE 'object' END AS source,
                 ${POINT}, tm.name AS team,
                 al.amount_cents AS gross_cents,
                 (t.platform_fee_cents * al.amount_cents / NULLIF(t.amount_cents, 0))::int
                   AS contribution_cents,
                 (CASE WHEN t.status = 'refunded' AND ${TAKEN_BACK} = 0 THEN al.amount_cents
                       ELSE ${TAKEN_BACK} END)::int AS refunded_cents,
                 CASE WHEN t.status = 'refunded' THEN 'refunded'
                      ELSE ${shareStatus('po')} END AS state,
                 CASE WHEN po.status = 'paid' THEN po.provider_transfer_id END AS reference,
                 CASE WHEN po.status = 'paid' THEN po.processed_at END AS paid_out_at
          FROM tip_allocations al
          JOIN tips t ON t.id = al.tip_id
          LEFT JOIN teams tm ON tm.id = t.team_id
          ${POINT_JOINS}
          LEFT JOIN payouts po ON po.id = al.payout_id
          WHERE al.profile_id = $1 AND al.amount_cents > 0 AND ${PAID} AND ${IN_RANGE}
            ${keyset.replace('ROWID', 'al.id')}
          ORDER BY t.created_at, al.id LIMIT $4)
       ) r ORDER BY r.created_at, r.row_id LIMIT $4`,
      params,
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: new Date(last.created_at).toISOString(), id: last.row_id };
  }
}

/** The name, e-mail, business and staff language of the person a record is made out to. */
export async function selectRecordHolder(
  database: Database,
  profileId: string,
): Promise<{
  name: string | null;
  email: string | null;
  business: string | null;
  language: StaffLanguage;
} | null> {
  const [person] = await database.db
    .select({
      name: profiles.fullName,
      email: profiles.email,
      business: businesses.name,
      language: profiles.staffLanguage,
    })
    .from(profiles)
    .leftJoin(businesses, eq(businesses.id, profiles.businessId))
    .where(eq(profiles.id, profileId));
  return person ?? null;
}
