-- Issue 30, defects 2 and 3: the owner's pool and the reports' pool row read the paid tips that
-- went to no person directly (team and object tips) of a business and period.
CREATE INDEX tips_unreceived_idx ON tips (business_id, created_at)
  WHERE employee_id IS NULL AND status IN ('pending', 'completed');
