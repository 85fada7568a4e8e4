import type { PaymentProviderName } from '../../../../shared/domain/tips';
import { type Statement, StatementValues } from '../../../db/statement';
import { statusesBefore } from '../../tip-lifecycle/policy';

/** A signed provider event saying a checkout was paid, with what the provider charged. */
export interface PaidCheckoutEvent {
  provider: PaymentProviderName;
  eventId: string;
  eventType: string;
  payload: Record<string, unknown>;
  providerSessionId: string;
  paymentId: string | null;
  amountCents: number | null;
  currency: string | null;
  at: Date;
  /** The NOTIFY channel of tip changes on this database (Database.channelName). */
  channel: string;
}

/** What the one-statement settlement answers. */
export interface PaidCheckoutResult {
  /** False when the checkout needs the general settlement: then nothing was written. */
  handled: boolean;
  /** The event id was stored before (by another copy, on any instance). */
  duplicate: boolean;
  /** The tip's amount when this statement moved it to paid; null when it was paid already. */
  paid_cents?: number | string | null;
}

/**
 * The common paid checkout in one statement (decision 0283): a person's tip (no team split), no
 * pay-later link, the only attempt of its flow (tip-lifecycle/flows.ts), charged exactly what the guest
 * was asked. It stores the event as processed,
 * completes the session, moves the tip to pending with the guarded status move of
 * tip-lifecycle/lifecycle.ts, records `payment_success` and queues the live update, which PostgreSQL
 * delivers when the statement commits; the commit does not wait for the disk (decision 0281).
 *
 * Every write hangs off `target`, the session this event may settle by this path: when the
 * checkout is anything else (a team or object tip, a pay-later link, a mismatching amount, a
 * session we never saved the provider's id for) nothing is written and `handled` is false, so
 * the general settlement (settlement.ts) runs instead, in its transaction.
 *
 * A copy of the event that runs at the same moment on another connection waits on the event's
 * unique key, then finds the tip no longer `initiated` (PostgreSQL re-checks the guard on the
 * committed row): it writes nothing but marks the event processed.
 */
export function paidCheckoutStatement(event: PaidCheckoutEvent): Statement {
  const values = new StatementValues();
  const p = (value: unknown, type: string) => values.param(value, type);
  const at = p(event.at.toISOString(), 'timestamptz');
  const amountCents = p(event.amountCents, 'int');
  const currency = p(event.currency, 'text');
  const text = `
    WITH target AS (
      SELECT s.id AS session_id, t.id AS tip_id
        FROM payment_sessions s
        JOIN tips t ON t.id = s.tip_id
       CROSS JOIN (SELECT set_config('synchronous_commit', 'off', true)) AS durability
       WHERE s.provider = ${p(event.provider, 'text')}
         AND s.provider_session_id = ${p(event.providerSessionId, 'text')}
         AND t.employee_id IS NOT NULL
         AND t.pay_later_link_id IS NULL
         -- A tip alone in its flow: no earlier attempt, no retry, no link made for it (0330).
         AND t.flow_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM tips f WHERE f.flow_id = t.id)
         AND NOT EXISTS (SELECT 1 FROM pay_later_links l WHERE l.flow_id = t.id)
         AND (${amountCents} IS NULL OR ${amountCents} = s.amount_cents)
         AND (${currency} IS NULL OR lower(${currency}) = lower(s.currency))
    ), event AS (
      INSERT INTO webhook_events AS w (provider, event_id, type, payload, received_at,
                                       processed_at)
      SELECT ${p(event.provider, 'text')}, ${p(event.eventId, 'text')},
             ${p(event.eventType, 'text')}, ${p(JSON.stringify(event.payload), 'jsonb')}, ${at},
             ${at}
        FROM target
      ON CONFLICT (provider, event_id) DO UPDATE SET
        processed_at = coalesce(w.processed_at, EXCLUDED.processed_at), error = NULL
      RETURNING (xmax = 0) AS inserted
    ), session AS (
      UPDATE payment_sessions
         SET status = 'completed', completed_at = ${at}, ended_at = ${at}, failure_reason = NULL
       WHERE id = (SELECT session_id FROM target) AND status <> 'completed'
    ), paid AS (
      UPDATE tips
         SET status = 'pending', paid_at = ${at}, failure_reason = NULL, updated_at = ${at},
             payment_intent_id = coalesce(${p(event.paymentId, 'text')}, payment_intent_id)
       WHERE id = (SELECT tip_id FROM target)
         AND status = ANY (${p(statusesBefore('pending'), 'text[]')})
      RETURNING id, business_id, employee_id, team_id, entrypoint_uid, amount_cents,
                platform_fee_covered, payment_method
    ), success AS (
      INSERT INTO analytics_events (name, business_id, entrypoint_uid, tip_id, properties,
                                    created_at)
      SELECT 'payment_success', business_id, entrypoint_uid, id,
             jsonb_build_object('amount_cents', amount_cents, 'fee_covered',
                                platform_fee_covered, 'method', payment_method),
             ${at}
        FROM paid
    ), notified AS (
      SELECT pg_notify(${p(event.channel, 'text')},
                       json_build_object('tipId', id, 'status', 'pending',
                                         'employeeIds', json_build_array(employee_id),
                                         'teamId', team_id, 'businessId', business_id)::text)
        FROM paid
    )
    SELECT EXISTS (SELECT 1 FROM target) AS handled,
           coalesce((SELECT NOT inserted FROM event), false) AS duplicate,
           (SELECT count(*) FROM notified) AS notified,
           (SELECT amount_cents FROM paid) AS paid_cents`;
  return { text, values: values.values };
}
