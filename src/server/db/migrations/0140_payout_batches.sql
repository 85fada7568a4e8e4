-- Payout batches (issue 12): money reaches staff. A batch collects every paid tip and team share
-- not yet paid out, per employee, and makes one transfer per employee (a `payouts` row).

-- How often the scheduled job pays a business out.
ALTER TABLE businesses
  ADD COLUMN payout_schedule text NOT NULL DEFAULT 'daily'
    CHECK (payout_schedule IN ('daily', 'weekly'));

-- One run of the payout job for one business: the record owners list and open.
CREATE TABLE payout_batches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE RESTRICT,
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'manual')),
  requested_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
  -- Employees with money waiting but no ready payout account: [{employeeId, name, amountCents}].
  skipped jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(skipped) = 'array'),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payout_batches_business_created_idx ON payout_batches (business_id, created_at DESC);
CREATE INDEX payout_batches_requested_by_idx ON payout_batches (requested_by);

-- A direct tip names the payout that carries it (a team share does so on tip_allocations).
ALTER TABLE tips ADD COLUMN payout_id uuid REFERENCES payouts(id) ON DELETE SET NULL;
CREATE INDEX tips_payout_id_idx ON tips (payout_id);
-- Finds the tips a batch collects without reading the paid-out history.
CREATE INDEX tips_unpaid_out_idx ON tips (business_id) WHERE status = 'pending' AND payout_id IS NULL;

-- The lease of the instance that is calling the provider for this payout: a payout left in
-- 'processing' after a crash is taken up again, with the same idempotency key, once it is stale.
ALTER TABLE payouts ADD COLUMN claimed_at timestamptz;
ALTER TABLE payouts ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0);
CREATE INDEX payouts_open_idx ON payouts (business_id, created_at) WHERE status IN ('pending', 'processing');

-- The demo provider's side of a transfer, like a card provider's transfer object: one per
-- idempotency key, so a retried transfer returns the first one.
CREATE TABLE demo_transfers (
  id text PRIMARY KEY CHECK (id ~ '^tr_demo_[A-Za-z0-9]{16,64}$'),
  idempotency_key text NOT NULL UNIQUE,
  destination text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL CHECK (currency ~ '^[a-z]{3}$'),
  transfer_group text,
  created_at timestamptz NOT NULL DEFAULT now()
);
