-- Issue 16 (decision 0250): every instance keeps the guest's tip page and payment-point lookup in
-- memory per code, and drops a business's entries when anything the guest sees of it changes.
-- The database says so itself, after commit, whoever wrote the row: each trigger below calls
-- pg_notify with the business id, and the notification reaches every listening instance only
-- once the writing transaction commits (never for a rolled-back one). Identical notifications of
-- one transaction are folded into one by PostgreSQL.
--
-- The channel follows the table's schema the way the server names its channels: "guest_cache"
-- in public, "<schema>__guest_cache" in a schema of its own (tests, benchmarks). The server
-- checks at start that this is the channel it listens on and serves uncached otherwise.
CREATE FUNCTION guest_cache_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  channel text := CASE WHEN TG_TABLE_SCHEMA = 'public' THEN 'guest_cache'
                       ELSE TG_TABLE_SCHEMA || '__guest_cache' END;
  kind text := TG_ARGV[0];
  row_ jsonb;
  business text;
BEGIN
  FOREACH row_ IN ARRAY ARRAY[
    CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END,
    CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END
  ] LOOP
    CONTINUE WHEN row_ IS NULL;
    IF kind = 'business' THEN
      business := row_ ->> 'id';
    ELSIF kind = 'profile' THEN
      EXECUTE format('SELECT business_id::text FROM %I.profiles WHERE id = $1', TG_TABLE_SCHEMA)
        INTO business USING (row_ ->> 'id')::uuid;
    ELSIF kind = 'team' THEN
      EXECUTE format('SELECT business_id::text FROM %I.teams WHERE id = $1', TG_TABLE_SCHEMA)
        INTO business USING (row_ ->> 'team_id')::uuid;
    ELSE
      business := row_ ->> 'business_id';
    END IF;
    -- Unknown business (a legacy code without one, a row already gone): every entry goes.
    PERFORM pg_notify(channel, coalesce(business, '*'));
  END LOOP;
  RETURN NULL;
END $$;

-- Payment points: everything but their print assets and bookkeeping columns.
CREATE TRIGGER payment_entrypoints_guest_cache AFTER INSERT OR DELETE ON payment_entrypoints
  FOR EACH ROW EXECUTE FUNCTION guest_cache_changed('row');
CREATE TRIGGER payment_entrypoints_guest_cache_update AFTER UPDATE ON payment_entrypoints
  FOR EACH ROW WHEN (
    (OLD.uid, OLD.type, OLD.label, OLD.target_id, OLD.target_type, OLD.active, OLD.metadata,
     OLD.business_id)
    IS DISTINCT FROM
    (NEW.uid, NEW.type, NEW.label, NEW.target_id, NEW.target_type, NEW.active, NEW.metadata,
     NEW.business_id))
  EXECUTE FUNCTION guest_cache_changed('row');

-- Legacy QR codes: not their last use, which every scan writes.
CREATE TRIGGER qr_codes_guest_cache AFTER INSERT OR DELETE ON qr_codes
  FOR EACH ROW EXECUTE FUNCTION guest_cache_changed('row');
CREATE TRIGGER qr_codes_guest_cache_update AFTER UPDATE ON qr_codes
  FOR EACH ROW WHEN (
    (OLD.code, OLD.employee_id, OLD.business_id, OLD.is_active)
    IS DISTINCT FROM (NEW.code, NEW.employee_id, NEW.business_id, NEW.is_active))
  EXECUTE FUNCTION guest_cache_changed('row');

CREATE TRIGGER businesses_guest_cache AFTER UPDATE OR DELETE ON businesses
  FOR EACH ROW EXECUTE FUNCTION guest_cache_changed('business');

-- People: what the header card shows; not their payout account or the messages they have read.
CREATE TRIGGER profiles_guest_cache AFTER INSERT OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION guest_cache_changed('row');
CREATE TRIGGER profiles_guest_cache_update AFTER UPDATE ON profiles
  FOR EACH ROW WHEN (
    (OLD.full_name, OLD.job_title, OLD.thank_you_message, OLD.profile_image_url, OLD.business_id)
    IS DISTINCT FROM
    (NEW.full_name, NEW.job_title, NEW.thank_you_message, NEW.profile_image_url, NEW.business_id))
  EXECUTE FUNCTION guest_cache_changed('row');

-- Accounts: only being deactivated or reactivated (not every sign-in).
CREATE TRIGGER users_guest_cache AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.disabled_at IS DISTINCT FROM NEW.disabled_at)
  EXECUTE FUNCTION guest_cache_changed('profile');

CREATE TRIGGER teams_guest_cache AFTER INSERT OR UPDATE OR DELETE ON teams
  FOR EACH ROW EXECUTE FUNCTION guest_cache_changed('row');
CREATE TRIGGER team_members_guest_cache AFTER INSERT OR UPDATE OR DELETE ON team_members
  FOR EACH ROW EXECUTE FUNCTION guest_cache_changed('team');
CREATE TRIGGER branding_guest_cache AFTER INSERT OR UPDATE OR DELETE ON branding
  FOR EACH ROW EXECUTE FUNCTION guest_cache_changed('row');
CREATE TRIGGER shift_assignments_guest_cache AFTER INSERT OR UPDATE OR DELETE ON shift_assignments
  FOR EACH ROW EXECUTE FUNCTION guest_cache_changed('row');
