-- Issue 45 item 1 (decision 0430): the password and the acceptance of the terms and the AVV are
-- given on the confirmation page by whoever holds the mailbox, no longer stored with the
-- unconfirmed sign-up. A sign-up still waiting keeps its link; its holder now chooses the password.
ALTER TABLE pending_signups
  DROP COLUMN password_hash,
  DROP COLUMN terms_version,
  DROP COLUMN terms_accepted_at,
  DROP COLUMN dpa_version,
  DROP COLUMN dpa_accepted_at;
