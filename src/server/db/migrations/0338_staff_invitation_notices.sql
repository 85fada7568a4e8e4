-- Issue 30, defect 7 (decision 0343): inviting an address that already has an account in another
-- business (or the platform admin's, or one without profile) answers exactly as for a new address.
-- The business keeps this pending invitation, which the staff list shows like an invited person
-- who has not accepted yet; the existing person gets an e-mail instead of a link. Nothing here
-- refers to that account: the notice is the business's, and the account never changes.
CREATE TABLE staff_invitation_notices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'business_owner', 'employee')),
  invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  -- When the newest notice's 7 days end; null once deactivation voided it before its end
  -- (as deactivation marks an invited person's open link used).
  expires_at timestamptz,
  -- 'Deaktivieren' on the row; null again after 'Reaktivieren'.
  withdrawn_at timestamptz,
  updated_at timestamptz NOT NULL,
  UNIQUE (business_id, email)
);
-- Deleting an inviter's account sets invited_by to null.
CREATE INDEX staff_invitation_notices_invited_by_idx ON staff_invitation_notices (invited_by);
