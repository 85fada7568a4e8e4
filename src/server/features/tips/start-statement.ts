import { MAX_PAYMENT_ATTEMPTS } from '../../../shared/domain/payments';
import type { PaymentMethod, PaymentProviderName, TipSource } from '../../../shared/domain/tips';
import { type Statement, StatementValues } from '../../db/statement';
import type { LocalCheckout } from '../payments/provider';

/** Everything the start of a payment writes: the tip, its session, a local checkout, the event. */
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
  guestSessionId: string;
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

/**
 * One statement that writes a started payment (decision 0280): the attempt number, the tip
 * (initiated), its payment session, the demo provider's checkout and the `payment_started`
 * event. It answers the attempt and whether anything was written: past MAX_PAYMENT_ATTEMPTS
 * nothing is. Its text depends only on whether a local checkout comes along, so PostgreSQL can
 * keep it prepared.
 */
export function startedTipStatement(tip: StartedTip): Statement {
  const values = new StatementValues();
  const p = (value: unknown, type: string) => values.param(value, type);
  const now = tip.now.toISOString();
  const guestSessionId = p(tip.guestSessionId, 'text');
  const businessId = p(tip.businessId, 'uuid');
  const entrypointId = p(tip.entrypointId, 'uuid');
  const qrCodeId = p(tip.qrCodeId, 'uuid');
  const entrypointUid = p(tip.entrypointUid, 'text');
  const amountCents = p(tip.amountCents, 'int');
  const platformFeeCents = p(tip.platformFeeCents, 'int');
  const currency = p(tip.currency, 'text');
  const paymentMethod = p(tip.paymentMethod, 'text');
  const provider = p(tip.provider, 'text');
  const createdAt = p(now, 'timestamptz');
  const givenAttempt = p(tip.attempt, 'int');
  const checkout = tip.local ? `, checkout AS (${tip.local.insert(p, 'session')})` : '';
  const text = `
    WITH latest AS (
      -- The same tab's last attempt at the same point (or legacy code, or business) this hour.
      SELECT s.attempt, s.status
        FROM payment_sessions s JOIN tips t ON t.id = s.tip_id
       WHERE ${givenAttempt} IS NULL
         AND s.guest_session_id = ${guestSessionId}
         AND s.created_at > ${p(tip.attemptsSince.toISOString(), 'timestamptz')}
         AND CASE WHEN ${entrypointId} IS NOT NULL THEN t.entrypoint_id = ${entrypointId}
                  WHEN ${qrCodeId} IS NOT NULL THEN t.qr_code_id = ${qrCodeId}
                  ELSE t.business_id = ${businessId} END
       ORDER BY s.created_at DESC
       LIMIT 1
    ), attempt AS (
      SELECT coalesce(${givenAttempt},
               CASE WHEN latest.status IN ('failed', 'cancelled', 'expired')
                    THEN latest.attempt + 1 ELSE 1 END) AS n
        FROM (SELECT 1) AS one LEFT JOIN latest ON true
    ), tip AS (
      INSERT INTO tips (id, business_id, employee_id, team_id, tip_source, entrypoint_id,
                        entrypoint_uid, qr_code_id, amount_cents, platform_fee_cents,
                        platform_fee_covered, currency, status, payment_method, payment_provider,
                        guest_message, feedback_secret_hash, pay_later_link_id, created_at,
                        updated_at)
      SELECT ${p(tip.tipId, 'uuid')}, ${businessId}, ${p(tip.employeeId, 'uuid')},
             ${p(tip.teamId, 'uuid')}, ${p(tip.tipSource, 'text')}, ${entrypointId},
             ${entrypointUid}, ${qrCodeId}, ${amountCents}, ${platformFeeCents},
             ${platformFeeCents} > 0, ${currency}, 'initiated', ${paymentMethod}, ${provider},
             ${p(tip.guestMessage, 'text')}, ${p(tip.feedbackSecretHash, 'text')},
             ${p(tip.payLaterLinkId, 'uuid')}, ${createdAt}, ${createdAt}
        FROM attempt
       WHERE attempt.n <= ${p(MAX_PAYMENT_ATTEMPTS, 'int')}
      RETURNING id
    ), session AS (
      INSERT INTO payment_sessions (id, tip_id, provider, provider_session_id, amount_cents,
                                    currency, payment_method, checkout_url, idempotency_key,
                                    attempt, guest_session_id, expires_at, created_at)
      SELECT ${p(tip.sessionId, 'uuid')}, tip.id, ${provider},
             ${p(tip.local?.created.providerSessionId ?? null, 'text')},
             ${amountCents} + ${platformFeeCents}, ${currency}, ${paymentMethod},
             ${p(tip.local?.created.url ?? null, 'text')},
             ${p(`checkout:${tip.sessionId}`, 'text')}, attempt.n, ${guestSessionId},
             ${p(tip.expiresAt.toISOString(), 'timestamptz')}, ${createdAt}
        FROM tip, attempt
      RETURNING id
    )${checkout}, event AS (
      INSERT INTO analytics_events (name, business_id, entrypoint_uid, tip_id, properties,
                                    created_at)
      SELECT 'payment_started', ${businessId}, ${entrypointUid}, tip.id,
             jsonb_build_object('amount_cents', ${amountCents}, 'fee_covered',
                                ${platformFeeCents} > 0, 'method', ${paymentMethod},
                                'attempt', attempt.n),
             ${createdAt}
        FROM tip, attempt
    )
    SELECT attempt.n AS attempt, EXISTS (SELECT 1 FROM tip) AS written FROM attempt`;
  return { text, values: values.values };
}
