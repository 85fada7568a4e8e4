-- Issue 30, defect 1: the attempts at one tip form a flow, and a flow is paid at most once.
-- A first attempt is its own flow (flow_id NULL); a retry, the tab's next start after an unpaid
-- attempt, and a tip started through a pay-later link made for that tip carry the first
-- attempt's id. The first paid tip of a flow closes the flow's pay-later links; any later paid
-- tip of it is a duplicate (duplicate_of names the one that paid), held and refunded in full.
ALTER TABLE tips ADD COLUMN flow_id uuid;
CREATE INDEX tips_flow_idx ON tips (flow_id) WHERE flow_id IS NOT NULL;
ALTER TABLE tips ADD COLUMN duplicate_of uuid REFERENCES tips(id) ON DELETE SET NULL;
CREATE INDEX tips_duplicate_of_idx ON tips (duplicate_of) WHERE duplicate_of IS NOT NULL;
ALTER TABLE pay_later_links ADD COLUMN flow_id uuid;
CREATE INDEX pay_later_links_flow_idx ON pay_later_links (flow_id) WHERE flow_id IS NOT NULL;
ALTER TABLE analytics_events DROP CONSTRAINT analytics_events_name_check;
ALTER TABLE analytics_events ADD CONSTRAINT analytics_events_name_check CHECK (name IN (
  'tip_page_loaded', 'amount_selected', 'payment_started', 'payment_success', 'payment_failed',
  'fee_opted_in', 'feedback_submitted', 'feedback_skipped', 'pay_later_paid_twice', 'paid_twice'
));
