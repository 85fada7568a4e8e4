-- Settlement that checks (issue 12 item 3): a paid tip whose amount or currency differs from
-- what the guest was asked for is held for the owner's review and not paid out; refunds and
-- disputes reduce what is paid out, and after a payout they are carried into the next batch.

-- Why a paid tip is held (NULL: not held). Held tips stay 'pending' and no batch collects them.
ALTER TABLE tips ADD COLUMN review_reason text CHECK (review_reason IS NULL OR length(review_reason) <= 300);
ALTER TABLE tips ADD COLUMN review_at timestamptz;
-- How much of the guest's payment went back so far (cumulative, as the provider reports it).
ALTER TABLE tips ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0);
CREATE INDEX tips_review_idx ON tips (business_id, review_at) WHERE review_reason IS NOT NULL;

-- Money taken back from one employee's share of a tip: a (partial) refund or a dispute. A batch
-- deducts every adjustment that no payout carries yet from that employee's sum.
CREATE TABLE tip_adjustments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE RESTRICT,
  tip_id uuid NOT NULL REFERENCES tips(id) ON DELETE CASCADE,
  profile_id uuid NOT NULL REFERENCES profiles(id) ON DELETE RESTRICT,
  kind text NOT NULL CHECK (kind IN ('refund', 'dispute')),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  reason text NOT NULL CHECK (length(reason) <= 300),
  -- The provider's refund/dispute id (or the refund event id): one adjustment per person and ref.
  provider_ref text NOT NULL,
  payout_id uuid REFERENCES payouts(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tip_id, profile_id, provider_ref)
);
CREATE INDEX tip_adjustments_business_open_idx ON tip_adjustments (business_id) WHERE payout_id IS NULL;
CREATE INDEX tip_adjustments_profile_idx ON tip_adjustments (profile_id, created_at DESC);
CREATE INDEX tip_adjustments_payout_idx ON tip_adjustments (payout_id);
