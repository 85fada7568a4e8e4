-- Issue 12 items 4 and 5 (decision 0144): an employee's one reply to a tip with a message, and
-- the guest's opt-in address for that reply, kept sealed and only until the reply is mailed or
-- 30 days have passed (the retention job deletes what expired).
CREATE TABLE tip_replies (
  tip_id uuid PRIMARY KEY REFERENCES tips(id) ON DELETE CASCADE,
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  employee_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
  message text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 200),
  replied_at timestamptz NOT NULL
);
CREATE INDEX tip_replies_business_id_idx ON tip_replies (business_id);
CREATE INDEX tip_replies_employee_id_idx ON tip_replies (employee_id);

CREATE TABLE tip_reply_addresses (
  tip_id uuid PRIMARY KEY REFERENCES tips(id) ON DELETE CASCADE,
  -- AES-256-GCM under a key derived from SESSION_SECRET, bound to the tip id; never in clear.
  address_sealed text NOT NULL,
  language text NOT NULL CHECK (language IN ('de', 'en', 'fr', 'es', 'it')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX tip_reply_addresses_expires_at_idx ON tip_reply_addresses (expires_at);
