-- A pay-later link is for one payment (issue 13): the tip that paid it is kept on the link, and
-- every tip started through a link names it, so a second payment through the same link is refused.
ALTER TABLE pay_later_links ADD COLUMN paid_tip_id uuid REFERENCES tips(id) ON DELETE SET NULL;
ALTER TABLE pay_later_links ADD COLUMN used_at timestamptz;
ALTER TABLE tips ADD COLUMN pay_later_link_id uuid REFERENCES pay_later_links(id) ON DELETE SET NULL;
CREATE INDEX tips_pay_later_link_idx ON tips (pay_later_link_id);
CREATE INDEX pay_later_links_paid_tip_idx ON pay_later_links (paid_tip_id);
-- A link paid by a second checkout that the provider completed late is reported for a refund.
ALTER TABLE analytics_events DROP CONSTRAINT analytics_events_name_check;
ALTER TABLE analytics_events ADD CONSTRAINT analytics_events_name_check CHECK (name IN (
  'tip_page_loaded', 'amount_selected', 'payment_started', 'payment_success', 'payment_failed',
  'fee_opted_in', 'feedback_submitted', 'feedback_skipped', 'pay_later_paid_twice'
));
