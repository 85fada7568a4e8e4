-- Issue 16: the business report at 1,000,000 tips without reading every day of a month
-- (decision 0300).
--
-- tip_month_totals holds the same sums as tip_day_totals (migration 0260) per Europe/Berlin
-- calendar month: `month` is the month's first day. A report over whole months reads one row per
-- person, team and point and slot, instead of one per day: a busy month of 50 employees was 2,838
-- person rows at 1,000,000 tips. Reports read the whole months of a range here and the days
-- before and after them from tip_day_totals (src/server/features/reports/queries.ts).
--
-- Every write that adds to a day total adds the same to its month total right after, in the same
-- transaction and slot (tip_day_totals_slot(), migration 0280), so both tables always agree;
-- readers sum the slots. tip_day_totals_rebuild() rebuilds both.

CREATE TABLE tip_month_totals (
  business_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('all', 'person', 'team', 'point')),
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  key text NOT NULL,
  ref text NOT NULL,
  slot smallint NOT NULL,
  amount_cents bigint NOT NULL,
  tip_count integer NOT NULL,
  message_count integer NOT NULL,
  fee_cents bigint NOT NULL,
  refunded_cents bigint NOT NULL,
  PRIMARY KEY (business_id, kind, month, key, ref, slot)
) WITH (fillfactor = 70);

CREATE OR REPLACE FUNCTION tip_day_totals_add(
  p_business uuid, p_kind text, p_day date, p_key text, p_ref text, p_slot smallint,
  p_sign integer, p_amount bigint, p_messages integer, p_fee bigint, p_refunded bigint
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO tip_day_totals AS s (business_id, kind, day, key, ref, slot, amount_cents, tip_count,
                                   message_count, fee_cents, refunded_cents)
  VALUES (p_business, p_kind, p_day, p_key, p_ref, p_slot, p_sign * p_amount, p_sign,
          p_sign * p_messages, p_sign * p_fee, p_sign * p_refunded)
  ON CONFLICT (business_id, kind, day, key, ref, slot) DO UPDATE SET
    amount_cents = s.amount_cents + EXCLUDED.amount_cents,
    tip_count = s.tip_count + EXCLUDED.tip_count,
    message_count = s.message_count + EXCLUDED.message_count,
    fee_cents = s.fee_cents + EXCLUDED.fee_cents,
    refunded_cents = s.refunded_cents + EXCLUDED.refunded_cents;
  INSERT INTO tip_month_totals AS m (business_id, kind, month, key, ref, slot, amount_cents,
                                     tip_count, message_count, fee_cents, refunded_cents)
  VALUES (p_business, p_kind, date_trunc('month', p_day::timestamp)::date, p_key, p_ref, p_slot,
          p_sign * p_amount, p_sign, p_sign * p_messages, p_sign * p_fee, p_sign * p_refunded)
  ON CONFLICT (business_id, kind, month, key, ref, slot) DO UPDATE SET
    amount_cents = m.amount_cents + EXCLUDED.amount_cents,
    tip_count = m.tip_count + EXCLUDED.tip_count,
    message_count = m.message_count + EXCLUDED.message_count,
    fee_cents = m.fee_cents + EXCLUDED.fee_cents,
    refunded_cents = m.refunded_cents + EXCLUDED.refunded_cents;
$$;

-- One tip's contributions per kind and key (migration 0280's grouping, on its own so that the day
-- and the month statement below read the same rows).
CREATE FUNCTION tip_day_totals_keys(t tips)
RETURNS TABLE (kind text, key text, ref text, amount bigint, n bigint, fee bigint, refunded bigint)
LANGUAGE sql STABLE AS $$
  SELECT k.kind, k.key, k.ref, sum(k.amount)::bigint, count(*), sum(k.fee)::bigint,
         sum(k.refunded)::bigint
  FROM (
    SELECT v.kind, v.key, v.ref, v.amount, v.fee, v.refunded
    FROM (VALUES
      ('all', '', '', t.amount_cents::bigint, t.platform_fee_cents::bigint,
       t.refunded_cents::bigint),
      ('person', t.employee_id::text, '', t.amount_cents, 0, 0),
      ('team', t.team_id::text, '', t.amount_cents, 0, 0),
      ('point', coalesce(t.entrypoint_uid, ''), coalesce(t.entrypoint_id::text, ''),
       t.amount_cents, 0, 0)
    ) AS v(kind, key, ref, amount, fee, refunded)
    WHERE v.key IS NOT NULL
    UNION ALL
    SELECT 'person', a.profile_id::text, '', a.amount_cents, 0, 0
    FROM tip_allocations a WHERE a.tip_id = t.id AND a.amount_cents > 0
  ) k
  GROUP BY k.kind, k.key, k.ref
$$;

-- Migration 0280's body, with the month totals written after the day totals, from the same keys.
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
  SELECT t.business_id, k.kind, v_day, k.key, k.ref, v_slot, p_sign * k.amount, p_sign * k.n,
         p_sign * v_messages * k.n, p_sign * k.fee, p_sign * k.refunded
  FROM tip_day_totals_keys(t) k
  -- One lock order for every writer: days before months, each in key order.
  ORDER BY k.kind, k.key, k.ref
  ON CONFLICT (business_id, kind, day, key, ref, slot) DO UPDATE SET
    amount_cents = s.amount_cents + EXCLUDED.amount_cents,
    tip_count = s.tip_count + EXCLUDED.tip_count,
    message_count = s.message_count + EXCLUDED.message_count,
    fee_cents = s.fee_cents + EXCLUDED.fee_cents,
    refunded_cents = s.refunded_cents + EXCLUDED.refunded_cents;
  INSERT INTO tip_month_totals AS m (business_id, kind, month, key, ref, slot, amount_cents,
                                     tip_count, message_count, fee_cents, refunded_cents)
  SELECT t.business_id, k.kind, date_trunc('month', v_day::timestamp)::date, k.key, k.ref, v_slot,
         p_sign * k.amount, p_sign * k.n, p_sign * v_messages * k.n, p_sign * k.fee,
         p_sign * k.refunded
  FROM tip_day_totals_keys(t) k
  ORDER BY k.kind, k.key, k.ref
  ON CONFLICT (business_id, kind, month, key, ref, slot) DO UPDATE SET
    amount_cents = m.amount_cents + EXCLUDED.amount_cents,
    tip_count = m.tip_count + EXCLUDED.tip_count,
    message_count = m.message_count + EXCLUDED.message_count,
    fee_cents = m.fee_cents + EXCLUDED.fee_cents,
    refunded_cents = m.refunded_cents + EXCLUDED.refunded_cents;
END $$;

-- Migration 0260's rebuild, then the months summed from the days it wrote.
CREATE OR REPLACE FUNCTION tip_day_totals_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM tip_day_totals;
  INSERT INTO tip_day_totals (business_id, kind, day, key, ref, slot, amount_cents, tip_count,
                              message_count, fee_cents, refunded_cents)
  SELECT business_id, kind, day, key, ref, slot, sum(amount), count(*), sum(messages), sum(fee),
         sum(refunded)
  FROM (
    SELECT t.business_id, k.kind, (t.created_at AT TIME ZONE 'Europe/Berlin')::date AS day, k.key,
           k.ref, (hashtext(t.id::text) & 3)::smallint AS slot, t.amount_cents::bigint AS amount,
           tip_day_totals_has_message(t) AS messages, k.fee, k.refunded
    FROM tips t
    CROSS JOIN LATERAL (VALUES
      ('all', '', '', t.platform_fee_cents::bigint, t.refunded_cents::bigint),
      ('person', t.employee_id::text, '', 0, 0),
      ('team', t.team_id::text, '', 0, 0),
      ('point', coalesce(t.entrypoint_uid, ''), coalesce(t.entrypoint_id::text, ''), 0, 0)
    ) AS k(kind, key, ref, fee, refunded)
    WHERE t.status IN ('pending', 'completed') AND k.key IS NOT NULL
    UNION ALL
    SELECT t.business_id, 'person', (t.created_at AT TIME ZONE 'Europe/Berlin')::date,
           a.profile_id::text, '', (hashtext(t.id::text) & 3)::smallint, a.amount_cents,
           tip_day_totals_has_message(t), 0, 0
    FROM tip_allocations a JOIN tips t ON t.id = a.tip_id
    WHERE a.amount_cents > 0 AND t.status IN ('pending', 'completed')
  ) contributions
  GROUP BY business_id, kind, day, key, ref, slot
  -- In key order, as a day's rows lie together when the triggers write them day by day.
  ORDER BY business_id, kind, day, key, ref, slot;
  DELETE FROM tip_month_totals;
  INSERT INTO tip_month_totals (business_id, kind, month, key, ref, slot, amount_cents, tip_count,
                                message_count, fee_cents, refunded_cents)
  SELECT business_id, kind, date_trunc('month', day::timestamp)::date, key, ref, slot, sum(amount_cents),
         sum(tip_count), sum(message_count), sum(fee_cents), sum(refunded_cents)
  FROM tip_day_totals
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6;
$$;

-- The months of the totals kept so far.
INSERT INTO tip_month_totals (business_id, kind, month, key, ref, slot, amount_cents, tip_count,
                              message_count, fee_cents, refunded_cents)
SELECT business_id, kind, date_trunc('month', day::timestamp)::date, key, ref, slot, sum(amount_cents),
       sum(tip_count), sum(message_count), sum(fee_cents), sum(refunded_cents)
FROM tip_day_totals
GROUP BY 1, 2, 3, 4, 5, 6;
