-- Issue 47 item 11: the status view shows when the last backup was made and how big it was.
-- `npm run backup` (directly, or through the running server with the embedded database) writes
-- one row after the file is complete; the 30 newest are kept.
CREATE TABLE backup_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  finished_at timestamptz NOT NULL,
  -- The file's size on disk in bytes (gzipped), and its name without the directory.
  bytes bigint NOT NULL CHECK (bytes >= 0),
  file_name text NOT NULL,
  -- The last migration in the snapshot and its row count, as `npm run backup` printed them.
  migration text NOT NULL,
  row_count bigint NOT NULL CHECK (row_count >= 0)
);
CREATE INDEX backup_runs_finished_idx ON backup_runs (finished_at DESC);
