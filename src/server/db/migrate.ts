import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../lib/project-root';
import type { Database, RawRunner } from './connect';

export const MIGRATIONS_DIR = path.join(projectRoot(), 'src/server/db/migrations');
/** Arbitrary constant: serialises migrations when several instances start at once. */
const MIGRATION_LOCK_ID = 727_274_001;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const sql = readFileSync(path.join(dir, file), 'utf8');
      return { name: file, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

export class MigrationError extends Error {}

/**
 * Applies every migration not yet recorded in `schema_migrations`, all in one transaction under
 * an advisory lock, so a failed migration leaves nothing half-applied and two instances starting
 * together cannot both apply it. Returns the names applied now.
 */
export async function migrate(
  database: Database,
  migrations = loadMigrations(),
): Promise<string[]> {
  return database.rawTransaction((run) => applyMigrations(run, migrations));
}

/**
 * The body of `migrate` inside a transaction the caller owns (a restore runs the backup's
 * migrations and loads its rows in one transaction, decision 0403).
 */
export async function applyMigrations(run: RawRunner, migrations: Migration[]): Promise<string[]> {
  await run('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
  await run(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const rows = await run<{ name: string; checksum: string }>(
    'SELECT name, checksum FROM schema_migrations',
    [],
  );
  const applied = new Map(rows.map((row) => [row.name, row.checksum]));
  const appliedNow: string[] = [];
  for (const migration of migrations) {
    const checksum = applied.get(migration.name);
    if (checksum !== undefined) {
      if (checksum !== migration.checksum) {
        throw new MigrationError(
          `Migration ${migration.name} was changed after it was applied; add a new migration instead`,
        );
      }
      continue;
    }
    await run(migration.sql);
    await run('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [
      migration.name,
      migration.checksum,
    ]);
    appliedNow.push(migration.name);
  }
  return appliedNow;
}
