-- Decision 0600: a mail that MAIL_TRANSPORT=log only wrote to the server's log is 'logged', not
-- 'console' (the demo's outbox, read in the console with its working link): nobody received it,
-- and the consoles say so instead of 'zugestellt'. Mails logged before keep 'console'.
ALTER TABLE outbox_emails DROP CONSTRAINT outbox_emails_status_check;
ALTER TABLE outbox_emails ADD CONSTRAINT outbox_emails_status_check
  CHECK (status IN ('pending', 'sent', 'failed', 'console', 'logged'));
