-- Decision 0630: a business's API keys. The secret is shown once; only its SHA-256 is kept (the
-- secret has 192 random bits, so a fast hash is enough and lets every request find its key by an
-- index). The prefix and last four characters let owners recognise a key in the list.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  prefix text NOT NULL CHECK (prefix IN ('tg_live_', 'tg_test_')),
  last_four text NOT NULL CHECK (length(last_four) = 4),
  secret_hash text NOT NULL UNIQUE,
  scopes text[] NOT NULL CHECK (cardinality(scopes) >= 1),
  expires_at timestamptz,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by uuid REFERENCES users(id) ON DELETE SET NULL
);

CREATE INDEX api_keys_business_idx ON api_keys (business_id, created_at DESC);
-- Deleting a person sets these to null: the indexes keep that from scanning every key.
CREATE INDEX api_keys_created_by_idx ON api_keys (created_by);
CREATE INDEX api_keys_revoked_by_idx ON api_keys (revoked_by);

-- The addresses a key was used from: the first use from each is audited once.
CREATE TABLE api_key_addresses (
  api_key_id uuid NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
  address text NOT NULL,
  first_seen_at timestamptz NOT NULL,
  PRIMARY KEY (api_key_id, address)
);
