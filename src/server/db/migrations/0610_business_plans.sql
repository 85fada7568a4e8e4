-- Decision 0610: Trinkgeld Pro. One row per business that ever left Basis; a business without a
-- row is on Basis. Which plan a business has is computed from this row and the current time
-- (src/shared/domain/plans.ts), so a trial or a grace period runs out without a job.
CREATE TABLE business_plans (
  business_id uuid PRIMARY KEY REFERENCES businesses(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'basis'
    CHECK (status IN ('basis', 'trialing', 'active', 'past_due', 'cancelled')),
  trial_ends_at timestamptz,
  -- One free trial per business, whatever happens after it.
  trial_used boolean NOT NULL DEFAULT false,
  current_period_end timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  -- The first failed charge of the current dunning run: Pro is kept for the grace period after it.
  past_due_since timestamptz,
  locations integer NOT NULL DEFAULT 1 CHECK (locations BETWEEN 1 AND 500),
  -- The operator's grant (a pilot hotel): Pro until then, whatever the subscription says.
  granted_until timestamptz,
  provider text,
  provider_customer_id text,
  provider_subscription_id text UNIQUE,
  -- Who the invoices go to, asked at booking: name, street, postalCode, city, countryCode, vatId,
  -- email (§14 (4) UStG).
  billing_details jsonb,
  -- The newest provider event applied: an older one arriving late changes no state.
  last_event_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Businesses that exist before plans did had every feature: they keep Pro for a 30-day trial (their
-- one trial) and then choose, instead of finding their settings read-only overnight.
INSERT INTO business_plans (business_id, status, trial_ends_at, trial_used)
SELECT id, 'trialing', now() + interval '30 days', true FROM businesses;

-- A booking in progress: the provider's checkout (the demo provider's page, or Stripe Checkout in
-- subscription mode). Its id is in the checkout's address.
CREATE TABLE billing_checkouts (
  id text PRIMARY KEY,
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  provider text NOT NULL,
  locations integer NOT NULL CHECK (locations BETWEEN 1 AND 500),
  -- The invoice recipient given with the booking; stored on the plan when the booking completes.
  billing_details jsonb NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed', 'cancelled')),
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
CREATE INDEX billing_checkouts_business_idx ON billing_checkouts (business_id, created_at DESC);
CREATE INDEX billing_checkouts_created_by_idx ON billing_checkouts (created_by);

-- Every subscription or invoice event from the provider, once: a repeat of the same id is
-- recognised and changes nothing (Stripe retries for days and does not keep order).
CREATE TABLE billing_events (
  id text PRIMARY KEY,
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  type text NOT NULL,
  occurred_at timestamptz NOT NULL,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billing_events_business_idx ON billing_events (business_id, occurred_at);

-- Pro's invoices (§14 UStG; decision 0615): one per paid charge, numbered without gaps per year
-- in the transaction that records the charge. Amounts in cents; parties as they were then.
CREATE TABLE invoice_numbers (
  year integer PRIMARY KEY,
  last_number integer NOT NULL CHECK (last_number >= 0)
);

CREATE TABLE invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE RESTRICT,
  number text NOT NULL UNIQUE,
  issued_on date NOT NULL,
  period_start date NOT NULL,
  period_end date NOT NULL,
  locations integer NOT NULL CHECK (locations >= 1),
  unit_net_cents integer NOT NULL CHECK (unit_net_cents >= 0),
  net_cents integer NOT NULL CHECK (net_cents >= 0),
  vat_cents integer NOT NULL CHECK (vat_cents >= 0),
  gross_cents integer NOT NULL CHECK (gross_cents = net_cents + vat_cents),
  vat_rate_percent integer NOT NULL,
  currency text NOT NULL DEFAULT 'eur',
  tax_treatment text NOT NULL CHECK (tax_treatment IN ('domestic', 'reverse_charge')),
  seller jsonb NOT NULL,
  buyer jsonb NOT NULL,
  provider text NOT NULL,
  provider_invoice_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoices_business_idx ON invoices (business_id, issued_on DESC);
