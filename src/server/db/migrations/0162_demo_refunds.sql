-- The demo provider refunds like a card provider (issue 13: a pay-later link paid twice is
-- refunded automatically): the refund of a paid demo checkout is kept on its row, once.
ALTER TABLE demo_checkout_sessions ADD COLUMN refund_id text;
ALTER TABLE demo_checkout_sessions ADD COLUMN refunded_at timestamptz;
