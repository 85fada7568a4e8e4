-- Decision 0660: team tips and the pool split by hours worked (issue 52).
--
-- A team's split rule 'hours' ("Nach Arbeitsstunden") divides each team tip among the people on
-- the team's rota that Europe/Berlin day by their hours times their points.
ALTER TABLE teams DROP CONSTRAINT teams_split_rule_check;
ALTER TABLE teams
  ADD CONSTRAINT teams_split_rule_check CHECK (split_rule IN ('equal', 'weighted', 'hours'));

-- A person's points for splits by hours ("Punkte je Rolle"), set by the business: thousandths of
-- a point (1000 = 1,0; 500 = 0,5), never a float. Nobody listed here counts 1,0.
CREATE TABLE work_points (
  profile_id uuid PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  points_milli integer NOT NULL CHECK (points_milli BETWEEN 1 AND 10000),
  role_label text NOT NULL DEFAULT '' CHECK (length(role_label) <= 60),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX work_points_business_idx ON work_points (business_id);

-- Each allocation keeps the rule and the facts it was made by, so its explanation stays true
-- when the rota changes later: the rule, the person's minutes and points, and the sums.
ALTER TABLE tip_allocations
  ADD COLUMN split_rule text CHECK (split_rule IN ('equal', 'weighted', 'hours', 'pool_hours')),
  ADD COLUMN work_minutes integer CHECK (work_minutes >= 0),
  ADD COLUMN points_milli integer CHECK (points_milli > 0),
  ADD COLUMN pool_distribution_id uuid;

-- One confirmed 'Pool verteilen': the period, the money and the people it was split among.
CREATE TABLE pool_distributions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  first_day date NOT NULL,
  last_day date NOT NULL CHECK (last_day >= first_day),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  tip_count integer NOT NULL CHECK (tip_count > 0),
  shares jsonb NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pool_distributions_business_idx ON pool_distributions (business_id, created_at DESC);
CREATE INDEX pool_distributions_created_by_idx ON pool_distributions (created_by);

ALTER TABLE tip_allocations
  ADD CONSTRAINT tip_allocations_pool_distribution_fkey FOREIGN KEY (pool_distribution_id)
    REFERENCES pool_distributions(id) ON DELETE SET NULL;
CREATE INDEX tip_allocations_pool_distribution_idx ON tip_allocations (pool_distribution_id);
