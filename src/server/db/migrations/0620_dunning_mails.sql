-- Decision 0610 (amendment: dunning mails): which of a dunning run's e-mails went out. The first
-- failure's mail is queued with the event that starts the run; the reminder (7 days after
-- past_due_since) and the downgrade mail (grace period over, or the subscription ended unpaid) are
-- claimed by setting these columns, so each goes out once per run however many instances run the
-- job. Both are reset when a new run starts or a charge recovers the subscription.
ALTER TABLE business_plans ADD COLUMN dunning_reminder_sent_at timestamptz;
ALTER TABLE business_plans ADD COLUMN dunning_ended_mail_sent_at timestamptz;

-- The dunning job looks only at subscriptions whose charge failed.
CREATE INDEX business_plans_past_due_idx ON business_plans (past_due_since)
  WHERE status = 'past_due';
