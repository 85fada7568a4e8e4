-- Shift routing (issue 11, decision 0122): an object payment point (table, room, bar) or a team is
-- assigned to employees for a Europe/Berlin day, the whole day or a time range of it. A tip to the
-- point goes to whoever is assigned when it is paid; a team tip splits among those on shift.
CREATE TABLE shift_assignments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  entrypoint_id uuid REFERENCES payment_entrypoints(id) ON DELETE CASCADE,
  team_id uuid REFERENCES teams(id) ON DELETE CASCADE,
  profile_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  day date NOT NULL,
  -- Minutes after local midnight of `day`; 0-1440 is the whole day, and an end past 1440 runs
  -- into the next day (a bar shift 18:00-02:00 is 1080-1560).
  start_minute integer NOT NULL CHECK (start_minute BETWEEN 0 AND 1439),
  end_minute integer NOT NULL CHECK (end_minute BETWEEN 1 AND 2880),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((entrypoint_id IS NULL) <> (team_id IS NULL)),
  CHECK (end_minute > start_minute),
  CHECK (ends_at > starts_at)
);
CREATE INDEX shift_assignments_business_day_idx ON shift_assignments (business_id, day);
CREATE INDEX shift_assignments_entrypoint_idx ON shift_assignments (entrypoint_id, starts_at);
CREATE INDEX shift_assignments_team_idx ON shift_assignments (team_id, starts_at);
CREATE INDEX shift_assignments_profile_idx ON shift_assignments (profile_id);
CREATE INDEX shift_assignments_created_by_idx ON shift_assignments (created_by);
