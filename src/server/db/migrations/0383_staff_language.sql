-- Issue 33 item 5 (decision 0383): the language a person's staff screens and staff e-mails speak.
-- German stays the default, so every existing person's screens are unchanged.
ALTER TABLE profiles ADD COLUMN staff_language text NOT NULL DEFAULT 'de';
ALTER TABLE profiles ADD CONSTRAINT profiles_staff_language_check
  CHECK (staff_language IN ('de', 'en'));
