-- Decision 0650: outgoing webhooks per the Standard Webhooks specification (issue 51).
--
-- An endpoint is a business's URL with the event types it wants and its own signing secret
-- (whsec_…, kept sealed: it must be read back to sign). Rolling the secret keeps the previous
-- one for 24 hours; deliveries are signed with both meanwhile.
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  url text NOT NULL CHECK (length(url) BETWEEN 8 AND 2048),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 200),
  event_types text[] NOT NULL CHECK (cardinality(event_types) >= 1),
  secret_sealed text NOT NULL,
  previous_secret_sealed text,
  previous_secret_expires_at timestamptz,
  -- Set when the endpoint answered 410, failed for five days, or was switched off by its owner.
  disabled_at timestamptz,
  disabled_reason text CHECK (disabled_reason IN ('gone', 'failing', 'owner')),
  -- The first failed attempt since the endpoint last accepted one: five days of it disable it.
  failing_since timestamptz,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((disabled_at IS NULL) = (disabled_reason IS NULL))
);

CREATE INDEX webhook_endpoints_business_idx ON webhook_endpoints (business_id, created_at);
CREATE INDEX webhook_endpoints_created_by_idx ON webhook_endpoints (created_by);

-- The outbox: one row per outgoing event (webhook_events holds the providers' incoming ones),
-- written in the transaction of the change it announces. The id is the `webhook-id` header
-- (msg_…); the payload is the body sent, byte for byte. Payloads are cleared after
-- RETENTION_PROVIDER_PAYLOAD_DAYS like the providers' payloads.
CREATE TABLE outgoing_webhook_events (
  id text PRIMARY KEY,
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  type text NOT NULL,
  payload text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX outgoing_webhook_events_business_idx
  ON outgoing_webhook_events (business_id, created_at DESC);
CREATE INDEX outgoing_webhook_events_created_idx ON outgoing_webhook_events (created_at);

-- One event on its way to one endpoint. Fan-out happens when the event is written, so an
-- endpoint added later does not receive older events; 'Erneut senden' adds another delivery.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id text NOT NULL REFERENCES outgoing_webhook_events(id) ON DELETE CASCADE,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'pending'
    CHECK (state IN ('pending', 'delivered', 'failed', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz,
  -- Who asked for it: the change itself, 'Erneut senden' or 'Testereignis senden'.
  origin text NOT NULL DEFAULT 'event' CHECK (origin IN ('event', 'replay', 'test')),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CHECK ((state = 'pending') = (next_attempt_at IS NOT NULL))
);

CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at)
  WHERE state = 'pending';
CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id);
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC);

-- Every attempt, for the delivery log: when, the answer's status (null when none came), how
-- long it took and the first part of the answer or the reason none came.
CREATE TABLE webhook_attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  attempted_at timestamptz NOT NULL,
  status integer,
  duration_ms integer NOT NULL CHECK (duration_ms >= 0),
  response_excerpt text NOT NULL DEFAULT '' CHECK (length(response_excerpt) <= 1000),
  error text
);

CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, attempted_at);
