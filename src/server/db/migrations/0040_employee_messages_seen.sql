-- When the employee last opened their thank-you messages: the new-message badge counts from here,
-- so the count survives a reload and is the same on every device.
ALTER TABLE profiles ADD COLUMN messages_seen_at timestamptz;
