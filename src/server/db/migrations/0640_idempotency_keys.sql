-- Decision 0640: the Idempotency-Key of the business API's POSTs (IETF
-- draft-ietf-httpapi-idempotency-key-header). Keys are scoped per API key and kept 24 hours.
--
-- A request takes its key first, in a transaction of its own ('running', locked_at); the change it
-- makes and the key's answer ('done', response status and body) then commit together, so a crash
-- leaves either no change and a key that is released (or taken over once its lock is stale) or the
-- change and its stored answer. A refused request gives its key back (the row is deleted).
CREATE TABLE idempotency_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  api_key_id uuid NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
  request_method text NOT NULL,
  request_path text NOT NULL,
  -- SHA-256 (hex) of the canonical JSON of the request body (keys sorted).
  fingerprint text NOT NULL CHECK (length(fingerprint) = 64),
  state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done')),
  locked_at timestamptz,
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  completed_at timestamptz,
  CHECK ((state = 'running') = (locked_at IS NOT NULL)),
  CHECK ((state = 'done') = (response_status IS NOT NULL AND response_body IS NOT NULL))
);

-- One key per API key; this index also serves the foreign key (api_key_id leads).
CREATE UNIQUE INDEX idempotency_keys_key_idx ON idempotency_keys (api_key_id, idempotency_key);
-- The retention job deletes expired keys.
CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at);

-- The audit log names the API key that acted (a point created through the API has no person).
ALTER TABLE admin_audit_log
  ADD COLUMN api_key_id uuid REFERENCES api_keys(id) ON DELETE SET NULL;
CREATE INDEX admin_audit_log_api_key_idx ON admin_audit_log (api_key_id)
  WHERE api_key_id IS NOT NULL;
