-- Issue 46 defect 3 (decision 0461): a counted tip page visit and the tips started during it carry
-- the same visit id, so the reports' conversion counts the visits that led to a paid tip. Null on
-- visits and tips from before, and on tips started without a visit of that browser at that code.
ALTER TABLE analytics_events ADD COLUMN visit_id text;
ALTER TABLE tips ADD COLUMN visit_id text;
CREATE INDEX tips_visit_idx ON tips (visit_id) WHERE visit_id IS NOT NULL;
