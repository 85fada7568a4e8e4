-- Issue 47 item 3 (decision 0505): why a session ended. A session ended for a reason (password
-- changed, second factor turned on or reset, account deactivated, business suspended or closed,
-- signed out) leaves its row here, keyed by the same hash of the cookie token, so the next
-- request with that cookie is told why instead of 'Inaktivität'. Kept until the session's own
-- absolute end: after it the cookie has expired in the browser anyway.
CREATE TABLE auth_session_endings (
  session_id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason text NOT NULL,
  ended_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX auth_session_endings_expires_idx ON auth_session_endings (expires_at);
CREATE INDEX auth_session_endings_user_idx ON auth_session_endings (user_id);
