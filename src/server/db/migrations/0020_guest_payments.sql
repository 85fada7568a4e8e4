-- Guest payments (issue 4): one open payment session per guest browser, when a session ended,
-- and the demo provider's own checkout sessions (it plays the card provider's side offline).

-- A random id the guest's browser tab sends with every payment start (spec: session_id). It lets
-- the database itself refuse a second open payment session for the same guest.
ALTER TABLE payment_sessions
  ADD COLUMN guest_session_id text
    CHECK (guest_session_id IS NULL OR guest_session_id ~ '^[A-Za-z0-9_-]{16,64}$');
-- When the session left 'open' (paid, cancelled, failed or expired); retries back off from here.
ALTER TABLE payment_sessions ADD COLUMN ended_at timestamptz;
CREATE UNIQUE INDEX payment_sessions_one_open_per_guest_idx
  ON payment_sessions (guest_session_id) WHERE status = 'open';

-- The demo provider's side of a checkout, like a card provider's session object: the tip page
-- never writes here, only the demo checkout page does, and settlement re-reads it.
CREATE TABLE demo_checkout_sessions (
  id text PRIMARY KEY CHECK (id ~ '^cs_demo_[A-Za-z0-9]{16,64}$'),
  payment_session_id uuid NOT NULL UNIQUE REFERENCES payment_sessions(id) ON DELETE CASCADE,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL CHECK (currency ~ '^[a-z]{3}$'),
  description text NOT NULL CHECK (length(description) <= 300),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'failed', 'expired')),
  payment_id text,
  failure_reason text,
  success_url text NOT NULL,
  cancel_url text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
