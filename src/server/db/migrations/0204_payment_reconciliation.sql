-- Issue 15, proof 4: a payment whose webhook never arrives is settled by asking the provider
-- (decision 0204). `reconciled_at` is the reconciliation job's lease: a session is asked about at
-- most once per interval, by one instance.
ALTER TABLE payment_sessions ADD COLUMN reconciled_at timestamptz;
CREATE INDEX payment_sessions_open_created_idx ON payment_sessions (created_at) WHERE status = 'open';
