-- Issue 34 item 4 (decision 0404): every server instance reports here, so the platform admin's
-- status view (/admin/system) sees all instances behind the load balancer, not just the one
-- answering. One row per process start (a random id), upserted every 15 s; a graceful stop sets
-- `stopped_at`; rows not seen for a day are pruned by the instances themselves.
CREATE TABLE instance_heartbeats (
  instance_id uuid PRIMARY KEY,
  host_name text NOT NULL,
  version text NOT NULL,
  started_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  stopped_at timestamptz,
  -- Per job name: last start, success and failure, the last error (short, no personal data) and
  -- how many runs failed since this instance started. Written whole with each heartbeat.
  jobs jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The reconciliation job's findings: the last run and the sums since this instance started.
  reconciliation jsonb
);
CREATE INDEX instance_heartbeats_last_seen_idx ON instance_heartbeats (last_seen_at);
