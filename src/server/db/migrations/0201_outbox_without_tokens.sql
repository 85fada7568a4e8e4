-- Issue 15, finding 6: the outbox no longer keeps sign-in or invitation tokens (decision 0201).
-- A redacted row's full text lived only in the sending process's memory.
ALTER TABLE outbox_emails ADD COLUMN redacted boolean NOT NULL DEFAULT false;
-- Mails written before this change: remove the raw tokens they still hold.
UPDATE outbox_emails
SET text_body = regexp_replace(text_body, 'magic_token=[A-Za-z0-9_-]+', 'magic_token=[entfernt]', 'g'),
    html_body = regexp_replace(html_body, 'magic_token=[A-Za-z0-9_-]+', 'magic_token=[entfernt]', 'g'),
    redacted = true
WHERE text_body ~ 'magic_token=' OR html_body ~ 'magic_token=';
CREATE INDEX outbox_emails_sent_at_idx ON outbox_emails (sent_at);
