-- Issue 16: every payment start counts the tab's earlier attempts at the point (the server-side
-- 3-attempt limit of issue 13) by guest_session_id over all statuses. The only index on that
-- column holds open sessions, so each start read the whole payment_sessions table: a cost that
-- grew with every payment ever started. This index answers it with the tab's newest session.
CREATE INDEX payment_sessions_guest_created_idx ON payment_sessions (guest_session_id, created_at DESC)
  WHERE guest_session_id IS NOT NULL;
