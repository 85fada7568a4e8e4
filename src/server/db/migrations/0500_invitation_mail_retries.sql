-- Issue 47 item 1 (decision 0500): an invitation mail that could not be handed to SMTP is tried
-- again with backoff by the invitation-mail retry job, with a fresh link each time (the outbox
-- never keeps the token). `invitation_id` names the invitation the mail carries (the invited
-- user's id, or the id of an invitation notice) so the consoles can show its delivery state;
-- `next_attempt_at` is when the job tries again (null: delivered, or given up). `seq` orders an
-- invitation's mails when the clock gives two the same created_at (a re-send in the same instant).
ALTER TABLE outbox_emails ADD COLUMN invitation_id uuid;
ALTER TABLE outbox_emails ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
ALTER TABLE outbox_emails ADD COLUMN next_attempt_at timestamptz;
CREATE INDEX outbox_emails_invitation_idx ON outbox_emails (invitation_id, seq DESC)
  WHERE invitation_id IS NOT NULL;
CREATE INDEX outbox_emails_retry_due_idx ON outbox_emails (next_attempt_at)
  WHERE next_attempt_at IS NOT NULL;
