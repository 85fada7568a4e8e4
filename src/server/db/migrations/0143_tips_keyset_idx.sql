-- The reports CSV export (issue 12) reads a business's tips in keyset pages ordered by
-- (created_at, id); this index lets each page start where the last one ended.
CREATE INDEX tips_business_created_id_idx ON tips (business_id, created_at, id);
