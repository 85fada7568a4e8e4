-- The full schema for the spec's entities (§3) and what a real service around them needs.
-- Runs unchanged on PostgreSQL 15 and on PGlite (PostgreSQL 18).
-- Money is integer cents; timestamps are timestamptz; every foreign key has an index.

CREATE TABLE businesses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description text,
  logo_url text,
  contact_email text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Sign-in identities. A profile (below) carries the role and what the product shows.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(email) AND position('@' in email) > 1),
  password_hash text,
  email_verified_at timestamptz,
  disabled_at timestamptz,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Uploaded images (profile pictures, logos), kept in the database so instances stay stateless.
CREATE TABLE media (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  business_id uuid REFERENCES businesses(id) ON DELETE CASCADE,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  byte_size integer NOT NULL CHECK (byte_size > 0),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  sha256 text NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX media_owner_user_id_idx ON media (owner_user_id);
CREATE INDEX media_business_id_idx ON media (business_id);

-- profiles.id equals the auth user id (spec §3).
CREATE TABLE profiles (
  id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL DEFAULT 'employee' CHECK (role IN ('admin', 'business_owner', 'employee')),
  full_name text CHECK (full_name IS NULL OR length(full_name) <= 120),
  email text NOT NULL,
  job_title text CHECK (job_title IS NULL OR length(job_title) <= 120),
  thank_you_message text NOT NULL DEFAULT 'Vielen Dank für Ihr Trinkgeld!'
    CHECK (length(thank_you_message) <= 500),
  profile_image_url text,
  business_id uuid REFERENCES businesses(id) ON DELETE SET NULL,
  stripe_account_id text UNIQUE,
  stripe_account_status text NOT NULL DEFAULT 'none'
    CHECK (stripe_account_status IN ('none', 'pending', 'enabled', 'restricted')),
  payouts_enabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX profiles_business_id_idx ON profiles (business_id);
CREATE INDEX profiles_role_full_name_idx ON profiles (role, full_name);

-- Server-side sessions. The cookie carries a random token; only its SHA-256 is stored.
CREATE TABLE auth_sessions (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  idle_expires_at timestamptz NOT NULL,
  absolute_expires_at timestamptz NOT NULL,
  user_agent text,
  ip_hash text
);
CREATE INDEX auth_sessions_user_id_idx ON auth_sessions (user_id);
CREATE INDEX auth_sessions_idle_expires_at_idx ON auth_sessions (idle_expires_at);

-- Single-use tokens (magic links, invitations), stored hashed.
CREATE TABLE auth_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  purpose text NOT NULL CHECK (purpose IN ('magic_link', 'invitation', 'password_reset')),
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  email text NOT NULL,
  redirect_to text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_tokens_user_id_idx ON auth_tokens (user_id);
CREATE INDEX auth_tokens_expires_at_idx ON auth_tokens (expires_at);

-- Fixed-window rate-limit counters shared by every server instance.
CREATE TABLE rate_limit_buckets (
  key text PRIMARY KEY,
  hits integer NOT NULL CHECK (hits >= 0),
  window_started_at timestamptz NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_buckets_reset_at_idx ON rate_limit_buckets (reset_at);

CREATE TABLE teams (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  description text,
  split_rule text NOT NULL DEFAULT 'equal' CHECK (split_rule IN ('equal', 'weighted')),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX teams_business_id_idx ON teams (business_id);

CREATE TABLE team_members (
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  profile_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  weight integer NOT NULL DEFAULT 1 CHECK (weight > 0),
  joined_at timestamptz NOT NULL DEFAULT now(),
  left_at timestamptz,
  PRIMARY KEY (team_id, profile_id)
);
CREATE INDEX team_members_profile_id_idx ON team_members (profile_id);

-- Payment points: what a QR code or NFC tag points at ({origin}/t/{uid}).
CREATE TABLE payment_entrypoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  uid text NOT NULL UNIQUE CHECK (uid ~ '^[A-Za-z0-9][A-Za-z0-9_-]{2,79}$'),
  type text NOT NULL CHECK (type IN ('person', 'team', 'object')),
  label text CHECK (label IS NULL OR length(label) <= 200),
  target_id uuid NOT NULL,
  target_type text NOT NULL CHECK (target_type IN ('user', 'team', 'tenant')),
  origin text NOT NULL DEFAULT 'external',
  active boolean NOT NULL DEFAULT true,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(metadata) = 'object'),
  output_assets jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(output_assets) = 'object'),
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_entrypoints_business_created_idx
  ON payment_entrypoints (business_id, created_at DESC);
CREATE INDEX payment_entrypoints_target_idx
  ON payment_entrypoints (target_type, target_id, origin, active);
CREATE INDEX payment_entrypoints_created_by_idx ON payment_entrypoints (created_by);
CREATE INDEX payment_entrypoints_origin_type_idx ON payment_entrypoints (origin, type);

-- Legacy per-employee QR codes, still accepted at /t/{code}.
CREATE TABLE qr_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL UNIQUE CHECK (length(code) BETWEEN 3 AND 80),
  employee_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  business_id uuid REFERENCES businesses(id) ON DELETE CASCADE,
  is_active boolean NOT NULL DEFAULT true,
  last_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX qr_codes_employee_id_idx ON qr_codes (employee_id, is_active);
CREATE INDEX qr_codes_business_id_idx ON qr_codes (business_id);

-- One tip = one payment by a guest. The row exists from the moment a payment session starts.
CREATE TABLE tips (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE RESTRICT,
  employee_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
  team_id uuid REFERENCES teams(id) ON DELETE SET NULL,
  entrypoint_id uuid REFERENCES payment_entrypoints(id) ON DELETE SET NULL,
  entrypoint_uid text,
  qr_code_id uuid REFERENCES qr_codes(id) ON DELETE SET NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  platform_fee_cents integer NOT NULL DEFAULT 0 CHECK (platform_fee_cents >= 0),
  currency text NOT NULL DEFAULT 'eur' CHECK (currency ~ '^[a-z]{3}$'),
  status text NOT NULL DEFAULT 'initiated'
    CHECK (status IN ('initiated', 'pending', 'completed', 'failed', 'cancelled', 'expired', 'refunded')),
  tip_source text NOT NULL DEFAULT 'direct' CHECK (tip_source IN ('team', 'direct')),
  platform_fee_covered boolean NOT NULL DEFAULT false,
  payment_method text CHECK (payment_method IN ('stripe', 'apple-pay', 'google-pay')),
  payment_provider text CHECK (payment_provider IN ('demo', 'stripe')),
  payment_intent_id text,
  stripe_transfer_id text,
  guest_message text CHECK (guest_message IS NULL OR length(guest_message) <= 200),
  feedback_emoji text CHECK (feedback_emoji IS NULL OR feedback_emoji IN ('smile', 'clap', 'pray')),
  feedback_message text CHECK (feedback_message IS NULL OR length(feedback_message) <= 200),
  feedback_at timestamptz,
  -- SHA-256 of a secret handed only to the paying browser; proves who may add feedback.
  feedback_secret_hash text,
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  processed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (platform_fee_covered = (platform_fee_cents > 0)),
  CHECK (status <> 'completed' OR processed_at IS NOT NULL)
);
CREATE INDEX tips_employee_created_idx ON tips (employee_id, created_at DESC);
CREATE INDEX tips_payment_intent_id_idx ON tips (payment_intent_id);
CREATE INDEX tips_business_created_idx ON tips (business_id, created_at DESC);
CREATE INDEX tips_team_id_idx ON tips (team_id, created_at DESC);
CREATE INDEX tips_entrypoint_created_idx ON tips (entrypoint_id, created_at DESC);
CREATE INDEX tips_qr_code_id_idx ON tips (qr_code_id);
CREATE INDEX tips_status_created_idx ON tips (status, created_at);

-- One attempt to pay a tip through a provider; ends after 5 minutes.
CREATE TABLE payment_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tip_id uuid NOT NULL REFERENCES tips(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('demo', 'stripe')),
  provider_session_id text,
  status text NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'completed', 'cancelled', 'failed', 'expired')),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL DEFAULT 'eur' CHECK (currency ~ '^[a-z]{3}$'),
  payment_method text CHECK (payment_method IN ('stripe', 'apple-pay', 'google-pay')),
  checkout_url text,
  idempotency_key text NOT NULL UNIQUE,
  attempt integer NOT NULL DEFAULT 1 CHECK (attempt >= 1),
  failure_reason text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  UNIQUE (provider, provider_session_id)
);
CREATE INDEX payment_sessions_tip_id_idx ON payment_sessions (tip_id);
CREATE INDEX payment_sessions_status_expires_idx ON payment_sessions (status, expires_at);

-- "Später zahlen": a link valid for 24 hours, enforced here rather than trusted from the URL.
CREATE TABLE pay_later_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  entrypoint_id uuid REFERENCES payment_entrypoints(id) ON DELETE CASCADE,
  qr_code_id uuid REFERENCES qr_codes(id) ON DELETE CASCADE,
  code text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (entrypoint_id IS NOT NULL OR qr_code_id IS NOT NULL)
);
CREATE INDEX pay_later_links_entrypoint_id_idx ON pay_later_links (entrypoint_id);
CREATE INDEX pay_later_links_qr_code_id_idx ON pay_later_links (qr_code_id);
CREATE INDEX pay_later_links_business_id_idx ON pay_later_links (business_id);

-- Provider webhook events, unique per provider event id: a duplicate delivery is a no-op.
CREATE TABLE webhook_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider text NOT NULL CHECK (provider IN ('demo', 'stripe')),
  event_id text NOT NULL,
  type text NOT NULL,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  error text,
  UNIQUE (provider, event_id)
);
CREATE INDEX webhook_events_unprocessed_idx ON webhook_events (received_at) WHERE processed_at IS NULL;

-- One member's share of a team tip, in cents. The shares of a tip add up to its amount.
CREATE TABLE tip_allocations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tip_id uuid NOT NULL REFERENCES tips(id) ON DELETE CASCADE,
  profile_id uuid NOT NULL REFERENCES profiles(id) ON DELETE RESTRICT,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  weight integer NOT NULL DEFAULT 1 CHECK (weight > 0),
  reason text NOT NULL,
  payout_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tip_id, profile_id)
);
CREATE INDEX tip_allocations_profile_created_idx ON tip_allocations (profile_id, created_at DESC);

-- A transfer of collected tips to one employee's connected account.
CREATE TABLE payouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE RESTRICT,
  employee_id uuid NOT NULL REFERENCES profiles(id) ON DELETE RESTRICT,
  batch_id uuid NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL DEFAULT 'eur' CHECK (currency ~ '^[a-z]{3}$'),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'paid', 'failed')),
  provider text NOT NULL CHECK (provider IN ('demo', 'stripe')),
  provider_transfer_id text,
  idempotency_key text NOT NULL UNIQUE,
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz
);
CREATE INDEX payouts_business_created_idx ON payouts (business_id, created_at DESC);
CREATE INDEX payouts_employee_created_idx ON payouts (employee_id, created_at DESC);
CREATE INDEX payouts_batch_id_idx ON payouts (batch_id);
ALTER TABLE tip_allocations
  ADD CONSTRAINT tip_allocations_payout_id_fkey FOREIGN KEY (payout_id) REFERENCES payouts(id) ON DELETE SET NULL;
CREATE INDEX tip_allocations_payout_id_idx ON tip_allocations (payout_id);

-- First-party tracking: no IP addresses, no user agents, no personal data.
CREATE TABLE analytics_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (name IN (
    'tip_page_loaded', 'amount_selected', 'payment_started', 'payment_success',
    'payment_failed', 'fee_opted_in', 'feedback_submitted', 'feedback_skipped'
  )),
  business_id uuid REFERENCES businesses(id) ON DELETE CASCADE,
  entrypoint_uid text,
  tip_id uuid REFERENCES tips(id) ON DELETE SET NULL,
  properties jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(properties) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytics_events_name_created_idx ON analytics_events (name, created_at);
CREATE INDEX analytics_events_business_id_idx ON analytics_events (business_id, created_at);
CREATE INDEX analytics_events_tip_id_idx ON analytics_events (tip_id);

-- Every e-mail goes through this outbox first: sent by SMTP when configured, shown on the console otherwise.
CREATE TABLE outbox_emails (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'console')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX outbox_emails_status_created_idx ON outbox_emails (status, created_at);

CREATE TABLE branding (
  business_id uuid PRIMARY KEY REFERENCES businesses(id) ON DELETE CASCADE,
  primary_color text NOT NULL DEFAULT '#003057' CHECK (primary_color ~ '^#[0-9A-Fa-f]{6}$'),
  secondary_color text NOT NULL DEFAULT '#C8C9C7' CHECK (secondary_color ~ '^#[0-9A-Fa-f]{6}$'),
  accent_color text NOT NULL DEFAULT '#C8AA61' CHECK (accent_color ~ '^#[0-9A-Fa-f]{6}$'),
  font_family text NOT NULL DEFAULT 'Fira Sans'
    CHECK (font_family IN ('Fira Sans', 'Inter', 'Roboto', 'Open Sans', 'Montserrat', 'Poppins')),
  logo_url text,
  language text NOT NULL DEFAULT 'de' CHECK (language IN ('de', 'en', 'fr', 'es', 'it')),
  thank_you_message text CHECK (thank_you_message IS NULL OR length(thank_you_message) <= 500),
  background_image_url text,
  company_name text CHECK (company_name IS NULL OR length(company_name) <= 200),
  tonality text NOT NULL DEFAULT 'friendly' CHECK (tonality IN ('formal', 'friendly', 'casual')),
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX branding_updated_by_idx ON branding (updated_by);

-- Settings of the AiO NFC/QR formatting integration per business (the API token stays in config).
CREATE TABLE integration_settings (
  business_id uuid PRIMARY KEY REFERENCES businesses(id) ON DELETE CASCADE,
  tenant_id text NOT NULL,
  connection_status text NOT NULL DEFAULT 'untested'
    CHECK (connection_status IN ('untested', 'connected', 'error')),
  last_error text,
  last_tested_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE admin_audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  admin_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
  business_id uuid REFERENCES businesses(id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action ~ '^[a-z_]{3,60}$'),
  target_type text,
  target_id text,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip_address text,
  user_agent text
);
CREATE INDEX admin_audit_log_created_at_idx ON admin_audit_log (created_at DESC);
CREATE INDEX admin_audit_log_business_created_idx ON admin_audit_log (business_id, created_at DESC);
CREATE INDEX admin_audit_log_admin_id_idx ON admin_audit_log (admin_id);
