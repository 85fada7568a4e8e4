-- Issue 29 parts 3 and 4: self-service sign-up and the set-up checklist (decisions 0325-0329).

-- A sign-up waiting for its address to be confirmed. Nothing else exists for it yet: the business,
-- the user and the profile are created only when the link is opened. One row per address: signing
-- up again replaces the row, so the older link stops working. Only the token's SHA-256 is kept.
CREATE TABLE pending_signups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (length(email) BETWEEN 3 AND 254),
  full_name text NOT NULL CHECK (length(full_name) BETWEEN 1 AND 120),
  password_hash text NOT NULL,
  business_name text NOT NULL CHECK (length(business_name) BETWEEN 1 AND 200),
  terms_version text NOT NULL,
  terms_accepted_at timestamptz NOT NULL,
  dpa_version text NOT NULL,
  dpa_accepted_at timestamptz NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The cleanup job deletes expired rows.
CREATE INDEX pending_signups_expires_at_idx ON pending_signups (expires_at);

-- Which version of which contract a business accepted, by whom and when: the terms (AGB) and the
-- data-processing agreement (Auftragsverarbeitungsvertrag, AVV). The person may be erased later;
-- the acceptance stays with the business.
CREATE TABLE business_agreements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  document text NOT NULL CHECK (document IN ('terms', 'dpa')),
  version text NOT NULL CHECK (length(version) BETWEEN 1 AND 40),
  accepted_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX business_agreements_business_idx ON business_agreements (business_id, accepted_at);
CREATE INDEX business_agreements_user_id_idx ON business_agreements (user_id);

-- The set-up checklist's own facts per business: when a QR code was first downloaded or printed
-- (PNG and SVG are drawn in the browser, so the server only learns of them when told) and whether
-- the card was hidden. Everything else the checklist shows is read from the business's data.
CREATE TABLE business_setup (
  business_id uuid PRIMARY KEY REFERENCES businesses(id) ON DELETE CASCADE,
  qr_exported_at timestamptz,
  dismissed_at timestamptz,
  dismissed_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX business_setup_dismissed_by_idx ON business_setup (dismissed_by);

-- Businesses that exist before the checklist are past their set-up: it is not shown to them.
INSERT INTO business_setup (business_id, dismissed_at)
SELECT id, now() FROM businesses;

-- "Branding saved" is the business's branding_update audit row; this keeps finding it cheap in a
-- business with a long audit log.
CREATE INDEX admin_audit_log_branding_saved_idx ON admin_audit_log (business_id)
  WHERE action = 'branding_update';
