-- Issue 29 part 6: two-factor sign-in with an authenticator app (TOTP), decisions 0315-0319.

-- One authenticator per person. The secret is sealed (AES-256-GCM under a key derived from
-- SESSION_SECRET, bound to the user id); never in clear. Pending while enabled_at is null: the
-- person has seen the QR code but not yet confirmed a code, and sign-in does not ask for one.
CREATE TABLE user_two_factor (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret_sealed text NOT NULL,
  enabled_at timestamptz,
  -- The newest 30-second time step a code was accepted for: that code and older ones are spent.
  last_used_step integer CHECK (last_used_step >= 0),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Ten single-use recovery codes per person, kept only as a keyed hash (HMAC-SHA-256).
CREATE TABLE two_factor_recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX two_factor_recovery_codes_user_id_idx ON two_factor_recovery_codes (user_id);

-- The step between a right first factor (password or link) and the code: single-use, 5 minutes,
-- 5 wrong codes at most. Only the SHA-256 of its token is stored; no session exists yet.
CREATE TABLE two_factor_challenges (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('password', 'magic_link')),
  failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX two_factor_challenges_user_id_idx ON two_factor_challenges (user_id);
CREATE INDEX two_factor_challenges_expires_at_idx ON two_factor_challenges (expires_at);
