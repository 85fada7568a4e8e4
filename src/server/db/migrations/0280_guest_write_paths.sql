-- Issue 16: the guest's write paths under load (decision 0280).
--
-- 1. Day totals: a write adds to the slot of its own database connection (backend pid mod 32)
--    instead of the tip's slot (tip id hash mod 4). Concurrent settlements of one business and
--    day then hold different rows until they commit, not the same four; a tip added on one
--    connection and taken back on another leaves +1 and -1 in two slots, which every reader
--    sums first (reports filter on the summed count, src/server/features/reports/queries.ts).
CREATE OR REPLACE FUNCTION tip_day_totals_slot() RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (pg_backend_pid() % 32)::smallint
$$;

CREATE OR REPLACE FUNCTION tip_day_totals_apply_tip(t tips, p_sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_day date;
  v_slot smallint;
  v_messages integer;
BEGIN
  IF t.status NOT IN ('pending', 'completed') THEN
    RETURN;
  END IF;
  v_day := (t.created_at AT TIME ZONE 'Europe/Berlin')::date;
  v_slot := tip_day_totals_slot();
  v_messages := tip_day_totals_has_message(t);
  INSERT INTO tip_day_totals AS s (business_id, kind, day, key, ref, slot, amount_cents, tip_count,
                                   message_count, fee_cents, refunded_cents)
  SELECT t.business_id, k.kind, v_day, k.key, k.ref, v_slot, p_sign * sum(k.amount),
         p_sign * count(*), p_sign * v_messages * count(*), p_sign * sum(k.fee),
         p_sign * sum(k.refunded)
  FROM (
    SELECT v.kind, v.key, v.ref, v.amount, v.fee, v.refunded
    FROM (VALUES
      ('all', '', '', t.amount_cents::bigint, t.platform_fee_cents::bigint, t.refunded_cents::bigint),
      ('person', t.employee_id::text, '', t.amount_cents, 0, 0),
      ('team', t.team_id::text, '', t.amount_cents, 0, 0),
      ('point', coalesce(t.entrypoint_uid, ''), coalesce(t.entrypoint_id::text, ''), t.amount_cents,
       0, 0)
    ) AS v(kind, key, ref, amount, fee, refunded)
    WHERE v.key IS NOT NULL
    UNION ALL
    SELECT 'person', a.profile_id::text, '', a.amount_cents, 0, 0
    FROM tip_allocations a WHERE a.tip_id = t.id AND a.amount_cents > 0
  ) k
  GROUP BY k.kind, k.key, k.ref
  -- One lock order for every writer.
  ORDER BY k.kind, k.key, k.ref
  ON CONFLICT (business_id, kind, day, key, ref, slot) DO UPDATE SET
    amount_cents = s.amount_cents + EXCLUDED.amount_cents,
    tip_count = s.tip_count + EXCLUDED.tip_count,
    message_count = s.message_count + EXCLUDED.message_count,
    fee_cents = s.fee_cents + EXCLUDED.fee_cents,
    refunded_cents = s.refunded_cents + EXCLUDED.refunded_cents;
END $$;

CREATE OR REPLACE FUNCTION tip_day_totals_apply_allocation(
  p_tip uuid, p_profile uuid, p_amount integer, p_sign integer
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t tips;
BEGIN
  IF p_amount <= 0 THEN
    RETURN;
  END IF;
  SELECT * INTO t FROM tips WHERE id = p_tip;
  IF NOT FOUND OR t.status NOT IN ('pending', 'completed') THEN
    RETURN;
  END IF;
  PERFORM tip_day_totals_add(t.business_id, 'person', (t.created_at AT TIME ZONE 'Europe/Berlin')::date,
                             p_profile::text, '', tip_day_totals_slot(), p_sign,
                             p_amount, tip_day_totals_has_message(t), 0, 0);
END $$;

-- 2. Every started payment wrote a NULL into these indexes (no payment yet, no payout, mostly no
--    legacy code, pay-later link or team): they keep only the rows that have a value, which is
--    what every query and foreign-key action on them asks for (col = value). The index on
--    (business_id, created_at) goes: (business_id, created_at, id) serves the same reads.
DROP INDEX tips_payment_intent_id_idx;
CREATE INDEX tips_payment_intent_id_idx ON tips (payment_intent_id)
  WHERE payment_intent_id IS NOT NULL;
DROP INDEX tips_qr_code_id_idx;
CREATE INDEX tips_qr_code_id_idx ON tips (qr_code_id) WHERE qr_code_id IS NOT NULL;
DROP INDEX tips_payout_id_idx;
CREATE INDEX tips_payout_id_idx ON tips (payout_id) WHERE payout_id IS NOT NULL;
DROP INDEX tips_pay_later_link_idx;
CREATE INDEX tips_pay_later_link_idx ON tips (pay_later_link_id) WHERE pay_later_link_id IS NOT NULL;
DROP INDEX tips_team_id_idx;
CREATE INDEX tips_team_id_idx ON tips (team_id, created_at DESC) WHERE team_id IS NOT NULL;
DROP INDEX tips_business_created_idx;
