-- Issue 29 (decisions 0320-0324): the platform admin creates, suspends, reactivates and closes
-- businesses at /admin/businesses.
--
-- `active` stays the one switch every reader already checks (guest pages answer
-- business_deactivated, payouts skip the business, sign-in refuses its staff); the columns below
-- say why it is off and when. A closed business is inactive for good; the hourly retention job
-- erases its personal data once RETENTION_CLOSED_BUSINESS_DAYS have passed and notes when.
ALTER TABLE businesses
  ADD COLUMN address text CHECK (address IS NULL OR length(address) BETWEEN 1 AND 300),
  -- Legal details, free text each (decision 0321): legal form, register entry, VAT id.
  ADD COLUMN legal_form text CHECK (legal_form IS NULL OR length(legal_form) BETWEEN 1 AND 100),
  ADD COLUMN register_entry text
    CHECK (register_entry IS NULL OR length(register_entry) BETWEEN 1 AND 200),
  ADD COLUMN vat_id text CHECK (vat_id IS NULL OR length(vat_id) BETWEEN 1 AND 40),
  ADD COLUMN suspended_at timestamptz,
  ADD COLUMN suspension_reason text
    CHECK (suspension_reason IS NULL OR length(suspension_reason) BETWEEN 1 AND 500),
  ADD COLUMN closed_at timestamptz,
  ADD COLUMN erased_at timestamptz,
  ADD CONSTRAINT businesses_suspended_inactive CHECK (suspended_at IS NULL OR NOT active),
  ADD CONSTRAINT businesses_closed_inactive CHECK (closed_at IS NULL OR NOT active),
  ADD CONSTRAINT businesses_erased_closed CHECK (erased_at IS NULL OR closed_at IS NOT NULL);

-- The console's list pages through businesses by name (offset pages, ORDER BY lower(name), id).
CREATE INDEX businesses_name_idx ON businesses (lower(name), id);

-- The retention job's question: closed businesses whose personal data is still there.
CREATE INDEX businesses_closed_unerased_idx ON businesses (closed_at)
  WHERE closed_at IS NOT NULL AND erased_at IS NULL;
