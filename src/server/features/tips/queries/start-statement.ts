import { MAX_PAYMENT_ATTEMPTS } from '../../../../shared/domain/payments';
import type { PaymentMethod, PaymentProviderName, TipSource } from '../../../../shared/domain/tips';
import type { Database, Tx } from '../../../db/connect';
import { asDrizzleSql, rowsOf, type Statement, StatementValues } from '../../../db/statement';
import { VISIT_ID_OF_BUCKET } from '../../analytics/page-views';
import type { LocalCheckout } from '../../payments/provider';

/**
 * Everything the start of a payment writes: the tip (with the visit it was started in), its
 * session, a local checkout, the event.
 */
export interface StartedTip {
  tipId: string;
  sessionId: string;
  businessId: string;
  employeeId: string | null;
  teamId: string | null;
  tipSource: TipSource;
  entrypointId: string | null;
  /** The uid the tip came through, when it is a payment point (not a legacy code). */
  entrypointUid: string | null;
  qrCodeId: string | null;
  amountCents: number;
  platformFeeCents: number;
  currency: string;
  paymentMethod: PaymentMethod;
  provider: PaymentProviderName;
  guestMessage: string | null;
  feedbackSecretHash: string;
  payLaterLinkId: string | null;
  /**
   * The flow this attempt belongs to, when the caller knows it (a retry, a pay-later link made
   * for a tip); else the statement continues the flow of the tab's last unpaid attempt here, or
   * starts a new one (null).
   */
  flowId: string | null;
  guestSessionId: string;
  /**
   * The `rate_limit_buckets` row of this browser's visit window at this code (decision 0461), or
   * null: while the window lasts, the tip carries the visit's id.
   */
  visitBucket: string | null;
  expiresAt: Date;
  now: Date;
  /**
   * The attempt decided by the caller (a retry, decided against the previous attempt), or null:
   * the statement continues the tab's last unpaid attempt at this point within `attemptsSince`.
   */
  attempt: number | null;
  attemptsSince: Date;
  local: LocalCheckout | null;
}

/** The written attempt of one start, and whether anything was written (not past the limit). */
export interface StartWritten {
  attempt: number;
  written: boolean;
}

/** One column of the statement's input rows: its name, SQL type and each row's value. */
interface InputColumn {
  name: string;
  type: string;
  value: (tip: StartedTip) => unknown;
}

const INPUT_COLUMNS: InputColumn[] = [
  { name: 'tip_id', type: 'uuid', value: (tip) => tip.tipId },
  { name: 'session_id', type: 'uuid', value: (tip) => tip.sessionId },
  { name: 'business_id', type: 'uuid', value: (tip) => tip.businessId },
  { name: 'employee_id', type: 'uuid', value: (tip) => tip.employeeId },
  { name: 'team_id', type: 'uuid', value: (tip) => tip.teamId },
  { name: 'tip_source', type: 'text', value: (tip) => tip.tipSource },
  { name: 'entrypoint_id', type: 'uuid', value: (tip) => tip.entrypointId },
  { name: 'entrypoint_uid', type: 'text', value: (tip) => tip.entrypointUid },
  { name: 'qr_code_id', type: 'uuid', value: (tip) => tip.qrCodeId },
  { name: 'amount_cents', type: 'int', value: (tip) => tip.amountCents },
  { name: 'platform_fee_cents', type: 'int', value: (tip) => tip.platformFeeCents },
  { name: 'currency', type: 'text', value: (tip) => tip.currency },
  { name: 'payment_method', type: 'text', value: (tip) => tip.paymentMethod },
  { name: 'provider', type: 'text', value: (tip) => tip.provider },
  { name: 'guest_message', type: 'text', value: (tip) => tip.guestMessage },
  { name: 'feedback_secret_hash', type: 'text', value: (tip) => tip.feedbackSecretHash },
  { name: 'pay_later_link_id', type: 'uuid', value: (tip) => tip.payLaterLinkId },
  { name: 'given_flow', type: 'uuid', value: (tip) => tip.flowId },
  { name: 'guest_session_id', type: 'text', value: (tip) => tip.guestSessionId },
  { name: 'visit_bucket', type: 'text', value: (tip) => tip.visitBucket },
  { name: 'expires_at', type: 'timestamptz', value: (tip) => tip.expiresAt.toISOString() },
  { name: 'created_at', type: 'timestamptz', value: (tip) => tip.now.toISOString() },
  { name: 'given_attempt', type: 'int', value: (tip) => tip.attempt },
  { name: 'attempts_since', type: 'timestamptz', value: (tip) => tip.attemptsSince.toISOString() },
  {
    name: 'provider_session_id',
    type: 'text',
    value: (tip) => tip.local?.created.providerSessionId ?? null,
  },
  { name: 'checkout_url', type: 'text', value: (tip) => tip.local?.created.url ?? null },
];

/** Starts that one statement can write share this: the same local checkout shape, or none. */
export function startShapeKey(tip: StartedTip): string {
  const row = tip.local?.row;
  return row ? [row.table, row.sessionColumn, ...Object.keys(row.columns)].join(',') : '';
}

/** The local checkout columns all `tips` share (one provider writes them all), or null. */
function localCheckoutShape(tips: readonly StartedTip[]) {
  const shape = startShapeKey(tips[0]!);
  if (tips.some((tip) => startShapeKey(tip) !== shape)) {
    throw new Error('starts with different local checkouts cannot share one statement');
  }
  const first = tips[0]!.local?.row;
  if (!first) return null;
  return {
    table: first.table,
    sessionColumn: first.sessionColumn,
    columns: Object.entries(first.columns).map(([name, { type }]) => ({ name, type })),
  };
}

/**
 * One statement that writes started payments, one or many (decisions 0280 and 0303): for each,
 * the attempt number, the tip (initiated), its payment session, the provider's local checkout and
 * the `payment_started` event. Each start is one row of arrays passed as parameters, so the text
 * is the same for one start and for fifty and PostgreSQL keeps it prepared. It answers each
 * start's attempt and whether it was written: past MAX_PAYMENT_ATTEMPTS nothing is. A start
 * whose guest already has an open session fails the whole statement (the one-open-per-guest
 * index), which then writes nothing at all.
 */
export function startedTipsStatement(tips: readonly StartedTip[]): Statement {
  if (tips.length === 0) throw new Error('no start to write');
  const values = new StatementValues();
  const p = (value: unknown, type: string) => values.param(value, type);
  const checkout = localCheckoutShape(tips);
  const inputs = [
    ...INPUT_COLUMNS.map((column) => ({
      name: column.name,
      placeholder: p(tips.map(column.value), `${column.type}[]`),
    })),
    ...(checkout?.columns ?? []).map((column) => ({
      name: `local_${column.name}`,
      placeholder: p(
        tips.map((tip) => tip.local!.row.columns[column.name]!.value),
        `${column.type}[]`,
      ),
    })),
  ];
  const checkoutInsert = checkout
    ? `, checkout AS (
      INSERT INTO ${checkout.table} (${checkout.sessionColumn},
                                     ${checkout.columns.map((column) => column.name).join(', ')})
      SELECT session.id, ${checkout.columns.map((column) => `a.local_${column.name}`).join(', ')}
        FROM attempt a JOIN session ON session.id = a.session_id
    )`
    : '';
  const text = `
    WITH input AS (
      SELECT *
        FROM unnest(${inputs.map((input) => input.placeholder).join(', ')})
             WITH ORDINALITY AS i(${inputs.map((input) => input.name).join(', ')}, ord)
    ), attempt AS (
      SELECT i.*,
             coalesce(i.given_attempt,
                      CASE WHEN latest.status IN ('failed', 'cancelled', 'expired')
                           THEN latest.attempt + 1 ELSE 1 END) AS n,
             coalesce(i.given_flow,
                      CASE WHEN latest.status IN ('failed', 'cancelled', 'expired')
                           THEN latest.flow END) AS flow
        FROM input i
        LEFT JOIN LATERAL (
          -- The same tab's last attempt at the same point (or legacy code, or business) this hour.
          SELECT s.attempt, s.status, coalesce(t.flow_id, t.id) AS flow
            FROM payment_sessions s JOIN tips t ON t.id = s.tip_id
           WHERE i.given_attempt IS NULL
             AND s.guest_session_id = i.guest_session_id
             AND s.created_at > i.attempts_since
             AND CASE WHEN i.entrypoint_id IS NOT NULL THEN t.entrypoint_id = i.entrypoint_id
                      WHEN i.qr_code_id IS NOT NULL THEN t.qr_code_id = i.qr_code_id
                      ELSE t.business_id = i.business_id END
           ORDER BY s.created_at DESC
           LIMIT 1
        ) latest ON true
    ), tip AS (
      INSERT INTO tips (id, business_id, employee_id, team_id, tip_source, entrypoint_id,
                        entrypoint_uid, qr_code_id, amount_cents, platform_fee_cents,
                        platform_fee_covered, currency, status, payment_method, payment_provider,
                        guest_message, feedback_secret_hash, pay_later_link_id, flow_id,
                        visit_id, created_at, updated_at)
      SELECT a.tip_id, a.business_id, a.employee_id, a.team_id, a.tip_source, a.entrypoint_id,
             a.entrypoint_uid, a.qr_code_id, a.amount_cents, a.platform_fee_cents,
             a.platform_fee_cents > 0, a.currency, 'initiated', a.payment_method, a.provider,
             a.guest_message, a.feedback_secret_hash, a.pay_later_link_id, a.flow,
             (SELECT ${VISIT_ID_OF_BUCKET} FROM rate_limit_buckets b
               WHERE b.key = a.visit_bucket AND b.reset_at > a.created_at),
             a.created_at, a.created_at
        FROM attempt a
       WHERE a.n <= ${p(MAX_PAYMENT_ATTEMPTS, 'int')}
      RETURNING id
    ), session AS (
      -- In one order in every statement: two statements that both hold a start of the same guest
      -- then wait for each other in a line, never in a circle.
      INSERT INTO payment_sessions (id, tip_id, provider, provider_session_id, amount_cents,
                                    currency, payment_method, checkout_url, idempotency_key,
                                    attempt, guest_session_id, expires_at, created_at)
      SELECT a.session_id, a.tip_id, a.provider, a.provider_session_id,
             a.amount_cents + a.platform_fee_cents, a.currency, a.payment_method, a.checkout_url,
             'checkout:' || a.session_id, a.n, a.guest_session_id, a.expires_at, a.created_at
        FROM attempt a JOIN tip ON tip.id = a.tip_id
       ORDER BY a.guest_session_id, a.ord
      RETURNING id
    )${checkoutInsert}, event AS (
      INSERT INTO analytics_events (name, business_id, entrypoint_uid, tip_id, properties,
                                    created_at)
      SELECT 'payment_started', a.business_id, a.entrypoint_uid, a.tip_id,
             jsonb_build_object('amount_cents', a.amount_cents, 'fee_covered',
                                a.platform_fee_cents > 0, 'method', a.payment_method,
                                'attempt', a.n),
             a.created_at
        FROM attempt a JOIN tip ON tip.id = a.tip_id
    )
    SELECT a.tip_id, a.n AS attempt, tip.id IS NOT NULL AS written
      FROM attempt a LEFT JOIN tip ON tip.id = a.tip_id
     ORDER BY a.ord`;
  return { text, values: values.values };
}

/** Runs the statement for these starts on the handle (one round trip); its rows as they come. */
export async function runStartStatement(
  database: Pick<Database, 'query'>,
  tips: readonly StartedTip[],
): Promise<Array<{ tip_id: string; attempt: number; written: boolean }>> {
  const statement = startedTipsStatement(tips);
  return database.query<{ tip_id: string; attempt: number; written: boolean }>(
    statement.text,
    statement.values,
    { prepared: true },
  );
}

/** Runs the statement for these starts inside the caller's transaction. */
export async function runStartStatementIn(
  tx: Tx,
  tips: readonly StartedTip[],
): Promise<StartWritten[]> {
  return rowsOf<StartWritten>(await tx.execute(asDrizzleSql(startedTipsStatement(tips))));
}
