-- Issue 16: the employee dashboard and the business report at 1,000,000 tips. Each index holds
-- only paid tips (the status filter every one of these reads uses) in the order the reads want,
-- so counting a period, summing it per day and paging it read the index alone (index-only scans)
-- instead of fetching every tip row of the period from the table.

-- Employee statistics, history (count and newest-first pages by created_at, id) and "today".
CREATE INDEX tips_employee_paid_idx ON tips (employee_id, created_at DESC, id)
  INCLUDE (amount_cents) WHERE status IN ('pending', 'completed');

-- Thank-you messages and the "N neu" count: only the paid tips that carry a message or emoji.
CREATE INDEX tips_employee_messages_idx ON tips (employee_id, created_at DESC)
  WHERE status IN ('pending', 'completed')
    AND (coalesce(btrim(guest_message), '') <> '' OR coalesce(btrim(feedback_message), '') <> ''
         OR feedback_emoji IS NOT NULL);

-- The business report of a range: totals, per person, per team, per point and per day. Its key
-- ends in id so the CSV export's keyset pages (ORDER BY created_at, id) can read it in order too:
-- a planner that picks it for them must not have to sort the rest of the range on every page.
CREATE INDEX tips_business_paid_idx ON tips (business_id, created_at, id)
  INCLUDE (amount_cents, platform_fee_cents, refunded_cents, employee_id, team_id, entrypoint_id,
           entrypoint_uid)
  WHERE status IN ('pending', 'completed');
