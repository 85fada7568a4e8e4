-- Issue 46, defect 7 (decision 0456): a pay-later link keeps what the guest entered on the
-- payment step, so opening it later shows the contribution ticked and the message again. The
-- message lives only until the link has expired: the hourly retention job empties it then.
ALTER TABLE pay_later_links ADD COLUMN platform_fee boolean NOT NULL DEFAULT false;
ALTER TABLE pay_later_links ADD COLUMN guest_message text
  CHECK (guest_message IS NULL OR char_length(guest_message) <= 200);
CREATE INDEX pay_later_links_message_expiry_idx ON pay_later_links (expires_at)
  WHERE guest_message IS NOT NULL;
