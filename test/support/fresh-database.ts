import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase, quoteIdent } from '../../src/server/db/connect';
import { testEngine } from './database';

/**
 * An empty database of the project's engine for an operator command's test, reached only
 * through the environment the command reads: a new DATA_DIR for PGlite (int-pglite), a new
 * PostgreSQL database through DATABASE_URL (int-postgres).
 */
export interface FreshDatabase {
  env: Record<string, string>;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

export async function freshDatabase(prefix = 'command'): Promise<FreshDatabase> {
  if (testEngine() === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), `trinkgeld-${prefix}-`));
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir: path.join(dataDir, 'pglite') }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  return (await freshPostgresDatabase(prefix))!;
}

/**
 * A new, empty PostgreSQL database on TEST_DATABASE_URL's server, or null when no PostgreSQL is
 * configured: production runs only on PostgreSQL (decision 0523), so a test of a production start
 * needs one.
 */
export async function freshPostgresDatabase(prefix = 'command'): Promise<FreshDatabase | null> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return null;
  const name = `${prefix.replace(/-/g, '_')}_${randomBytes(5).toString('hex')}`;
  const admin = await openDatabase({ url: serverUrl, poolSize: 1 });
  await admin.exec(`CREATE DATABASE ${quoteIdent(name)}`);
  await admin.close();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ url: url.toString(), poolSize: 2 }),
    async drop() {
      const cleanup = await openDatabase({ url: serverUrl, poolSize: 1 });
      await cleanup.exec(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      await cleanup.close();
    },
  };
}
