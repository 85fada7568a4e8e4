-- Instant payout (issue 12 item 2), held tips released by the owner, won disputes (item 3), and
-- the employee's tipping record (item 6).

-- An employee's own request for their balance now is a batch of one, so it is listed and
-- locked like every other batch and the same tips are never paid by both.
ALTER TABLE payout_batches DROP CONSTRAINT payout_batches_trigger_check;
ALTER TABLE payout_batches ADD CONSTRAINT payout_batches_trigger_check
  CHECK (trigger IN ('schedule', 'manual', 'instant'));

-- 'instant': the transfer is followed by a payout to the employee's card on their account.
ALTER TABLE payouts ADD COLUMN method text NOT NULL DEFAULT 'standard'
  CHECK (method IN ('standard', 'instant'));
-- The fee the employee saw and confirmed; the transfer carries amount_cents - fee_cents.
ALTER TABLE payouts ADD COLUMN fee_cents integer NOT NULL DEFAULT 0 CHECK (fee_cents >= 0);
ALTER TABLE payouts ADD CONSTRAINT payouts_fee_below_amount CHECK (fee_cents < amount_cents);
-- The provider's payout ('po_…') to the card, for instant payouts.
ALTER TABLE payouts ADD COLUMN provider_payout_id text;

-- The demo provider's instant payouts on a simulated account, one per idempotency key.
CREATE TABLE demo_payouts (
  id text PRIMARY KEY CHECK (id ~ '^po_demo_[A-Za-z0-9]{16,64}$'),
  idempotency_key text NOT NULL UNIQUE,
  account text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL CHECK (currency ~ '^[a-z]{3}$'),
  method text NOT NULL CHECK (method IN ('standard', 'instant')),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A dispute the business won gives the money back: a credit the next batch adds.
ALTER TABLE tip_adjustments DROP CONSTRAINT tip_adjustments_kind_check;
ALTER TABLE tip_adjustments ADD CONSTRAINT tip_adjustments_kind_check
  CHECK (kind IN ('refund', 'dispute', 'dispute_won'));

-- The tipping record reads an employee's direct tips by time.
CREATE INDEX tips_employee_record_idx ON tips (employee_id, created_at, id) WHERE employee_id IS NOT NULL;
