-- Issue 31, item 10 (decision 0355): an employee has one primary personal payment point. Without a
-- mark it is the person's first active point; the owner may mark another one as primary. At most
-- one point per person carries the mark.
ALTER TABLE payment_entrypoints ADD COLUMN is_primary boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX payment_entrypoints_one_primary_idx
  ON payment_entrypoints (target_id)
  WHERE is_primary AND target_type = 'user';
