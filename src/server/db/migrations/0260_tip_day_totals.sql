-- Issue 16: employee statistics, history counts, message counts and the business report at
-- 1,000,000 tips without aggregating a period's tips per request (decision 0260).
--
-- tip_day_totals holds, per business and Europe/Berlin day, the sums of the paid tips
-- (status 'pending' or 'completed', the filter of every read it serves) for four kinds of key:
--   all    key ''                     every paid tip of the business (amount, count, fee, refunded)
--   person key profile id             direct tips (tips.employee_id) and allocations with
--                                     amount_cents > 0 (tip_allocations.profile_id): what the
--                                     employee receives, and how many of those carry a message
--   team   key team id                tips given to a team
--   point  key entrypoint uid or ''   ref = entrypoint id or '' (the report names a point by the
--                                     label of the entrypoint the tip references)
-- A row's figures are sums over the tips hashed to its slot (0-3): concurrent payments of one
-- business and day then mostly lock different rows. Readers sum over the slots.
--
-- Triggers on tips and tip_allocations keep it exact in the same transaction as every write
-- (settlement, refunds, disputes, team splits, pool assignment, deletion, anonymisation, and any
-- later path). A direct SQL bulk load that switches triggers off (session_replication_role =
-- replica, the benchmark seeder) must call tip_day_totals_rebuild() afterwards.

CREATE TABLE tip_day_totals (
  business_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('all', 'person', 'team', 'point')),
  day date NOT NULL,
  key text NOT NULL,
  ref text NOT NULL,
  slot smallint NOT NULL,
  amount_cents bigint NOT NULL,
  tip_count integer NOT NULL,
  message_count integer NOT NULL,
  fee_cents bigint NOT NULL,
  refunded_cents bigint NOT NULL,
  PRIMARY KEY (business_id, kind, day, key, ref, slot)
) WITH (fillfactor = 70);

-- An employee's days across businesses (statistics, history and message counts). No index holds
-- a figure, and pages keep free space (fillfactor), so changing a total can be a HOT update.
CREATE INDEX tip_day_totals_person_idx ON tip_day_totals (key, day) WHERE kind = 'person';

CREATE FUNCTION tip_day_totals_add(
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
    refunded_cents = s.refunded_cents + EXCLUDED.refunded_cents
$$;

-- The same "has a message" as the employee queries (src/server/features/employee/queries.ts).
CREATE FUNCTION tip_day_totals_has_message(t tips) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN coalesce(btrim(t.guest_message), '') <> ''
                OR coalesce(btrim(t.feedback_message), '') <> ''
                OR t.feedback_emoji IS NOT NULL THEN 1 ELSE 0 END
$$;

-- Adds (p_sign = 1) or removes (-1) one tip's share of the totals, with its allocations, in one
-- statement (a direct tip to someone who also holds a share of it is one row: summed first).
CREATE FUNCTION tip_day_totals_apply_tip(t tips, p_sign integer) RETURNS void
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
  v_slot := (hashtext(t.id::text) & 3)::smallint;
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

CREATE FUNCTION tip_day_totals_on_tip() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM tip_day_totals_apply_tip(NEW, 1);
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    -- BEFORE DELETE: the tip's allocations are still there (the cascade removes them after the
    -- row, and their own trigger then finds no tip and changes nothing).
    PERFORM tip_day_totals_apply_tip(OLD, -1);
    RETURN OLD;
  END IF;
  IF OLD.status NOT IN ('pending', 'completed') AND NEW.status NOT IN ('pending', 'completed') THEN
    RETURN NULL;
  END IF;
  IF (OLD.status IN ('pending', 'completed')) = (NEW.status IN ('pending', 'completed'))
     AND OLD.business_id = NEW.business_id
     AND OLD.created_at = NEW.created_at
     AND OLD.amount_cents = NEW.amount_cents
     AND OLD.platform_fee_cents = NEW.platform_fee_cents
     AND OLD.refunded_cents = NEW.refunded_cents
     AND OLD.employee_id IS NOT DISTINCT FROM NEW.employee_id
     AND OLD.team_id IS NOT DISTINCT FROM NEW.team_id
     AND OLD.entrypoint_id IS NOT DISTINCT FROM NEW.entrypoint_id
     AND OLD.entrypoint_uid IS NOT DISTINCT FROM NEW.entrypoint_uid
     AND tip_day_totals_has_message(OLD) = tip_day_totals_has_message(NEW) THEN
    RETURN NULL;
  END IF;
  PERFORM tip_day_totals_apply_tip(OLD, -1);
  PERFORM tip_day_totals_apply_tip(NEW, 1);
  RETURN NULL;
END $$;

CREATE TRIGGER tips_day_totals_write
  AFTER INSERT OR UPDATE OF business_id, employee_id, team_id, entrypoint_id, entrypoint_uid,
    amount_cents, platform_fee_cents, refunded_cents, status, created_at, guest_message,
    feedback_message, feedback_emoji
  ON tips FOR EACH ROW EXECUTE FUNCTION tip_day_totals_on_tip();

CREATE TRIGGER tips_day_totals_delete
  BEFORE DELETE ON tips FOR EACH ROW EXECUTE FUNCTION tip_day_totals_on_tip();

-- One allocation's share, counted only while its tip is paid.
CREATE FUNCTION tip_day_totals_apply_allocation(
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
                             p_profile::text, '', (hashtext(t.id::text) & 3)::smallint, p_sign,
                             p_amount, tip_day_totals_has_message(t), 0, 0);
END $$;

CREATE FUNCTION tip_day_totals_on_allocation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM tip_day_totals_apply_allocation(OLD.tip_id, OLD.profile_id, OLD.amount_cents, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM tip_day_totals_apply_allocation(NEW.tip_id, NEW.profile_id, NEW.amount_cents, 1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER tip_allocations_day_totals
  AFTER INSERT OR DELETE OR UPDATE OF tip_id, profile_id, amount_cents
  ON tip_allocations FOR EACH ROW EXECUTE FUNCTION tip_day_totals_on_allocation();

-- Recomputes every row from the tips and allocations: the backfill below, and the benchmark
-- seeder after a bulk load with triggers switched off.
CREATE FUNCTION tip_day_totals_rebuild() RETURNS void LANGUAGE sql AS $$
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
  ORDER BY business_id, kind, day, key, ref, slot
$$;

SELECT tip_day_totals_rebuild();
